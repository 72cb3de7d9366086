import { expect, test } from 'vitest'
import { DecideOrderApprovalSchema } from '@/isomorphic/contract/orders'
import { ApiError } from './api-client'
import { APPROVAL_NOTE_MAX_LENGTH } from '@/isomorphic/contract/plain-rules'
import { noteProblem, pickOrder, refusalEndsReview, refusalMessage, type ApprovalOrder } from './approvals'

test('a note may be empty or up to the server’s length; spaces around it do not count', () => {
  expect(noteProblem('')).toBeNull()
  expect(noteProblem(`  ${'x'.repeat(APPROVAL_NOTE_MAX_LENGTH)}  `)).toBeNull()
  expect(noteProblem('x'.repeat(APPROVAL_NOTE_MAX_LENGTH + 1))).toBe('noteTooLong')
})

test.each([0, 1, APPROVAL_NOTE_MAX_LENGTH - 1, APPROVAL_NOTE_MAX_LENGTH, APPROVAL_NOTE_MAX_LENGTH + 1, APPROVAL_NOTE_MAX_LENGTH * 2])(
  'a note of %i characters (spaces around) is accepted by the browser’s check exactly when the contract’s schema accepts it',
  (length) => {
    const note = `  ${'x'.repeat(length)}  `
    const accepted = DecideOrderApprovalSchema.safeParse({ orderId: 1, decision: 'reject', note }).success
    expect(noteProblem(note) === null).toBe(accepted)
  },
)

test('someone deciding first (409) or an order no longer waiting for the caller (404) ends the review; other failures let them try again', () => {
  expect(refusalEndsReview(new ApiError('x', 409, 'Order S00042 has already been approved.', 'conflict'))).toBe(true)
  expect(refusalEndsReview(new ApiError('x', 404, 'This order is not waiting for your approval.', 'not_found'))).toBe(true)
  expect(refusalEndsReview(new ApiError('x', 503, null, null))).toBe(false)
  expect(refusalEndsReview(new Error('offline'))).toBe(false)
})

test('a refusal shows the server’s message, or the page’s own when there is none', () => {
  expect(refusalMessage(new ApiError('x', 409, 'Order S00042 has already been approved.', 'conflict'), 'Try again')).toBe('Order S00042 has already been approved.')
  expect(refusalMessage(new ApiError('x', 500, null, null), 'Try again')).toBe('Try again')
  expect(refusalMessage(new Error('offline'), 'Try again')).toBe('Try again')
})

test('the order an address names is shown only while it is in the list of waiting orders', () => {
  const orders = [{ id: 4 }, { id: 9 }] as ApprovalOrder[]
  expect(pickOrder(orders, 9)).toEqual({ id: 9 })
  expect(pickOrder(orders, 5)).toBeNull()
  expect(pickOrder(null, 9)).toBeNull()
  expect(pickOrder(orders, null)).toBeNull()
})
