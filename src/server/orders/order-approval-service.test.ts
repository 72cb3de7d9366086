import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DecideOrderApprovalAnswer, OrderData } from '@/isomorphic/order-types'
import {
  type CheckoutStore,
  createCheckoutStore,
  createRedeemedGiftCard,
  guestContext,
  orderBody,
  signedInCustomer,
} from '../../../tests/factories/orders'
import { createPromotion } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { type SmtpCapture, startSmtpCapture } from '../../../tests/support/smtp-capture'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { budgetTransactions, giftCards, giftCardTransactions, orders, partners, promotionPrograms, promotionUsages } from '../db/schema'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { DomainError } from '../kernel/errors'
import { APPROVERS_ONLY, alreadyDecided, NOT_AWAITING_YOUR_APPROVAL } from './order-approval-service'
import { refusal } from '../../../tests/support/domain-refusal'
import { callerContext } from '../../../tests/support/core-context'

// Company-store approvals (decision 012): an order over budget waits; an approver of the same
// website approves it (confirmed, the rest invoiced) or rejects it (cancelled, everything it spent
// given back in the same transaction). One decision wins; nobody else decides anything.

describe.each(testDatabaseKinds())('order approvals on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let smtp: SmtpCapture
  let approver: Awaited<ReturnType<typeof signedInCustomer>>

  async function makeApprover(websiteId: number) {
    const caller = await signedInCustomer(websiteId, { name: `Approver ${Date.now()}` })
    await db().update(partners).set({ canApproveOrders: true }).where(eq(partners.id, caller.partner.id))
    return caller
  }

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Store <store@example.com>', origin: 'https://shop.example.com' })
    approver = await makeApprover(store.websiteId)
  })
  afterAll(async () => {
    await backgroundMailSettled()
    useMailSettings(null)
    await smtp.close()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function place(ctx: CoreContext, overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, overrides), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  function decide(ctx: CoreContext, orderId: number, decision: 'approve' | 'reject', note?: string) {
    return executeMutation('decideOrderApproval', { orderId, decision, ...(note === undefined ? {} : { note }) }, ctx) as Promise<DecideOrderApprovalAnswer>
  }

  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const budgetOf = async (partnerId: number) => (await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)))[0]!.budget
  const budgetLedger = (partnerId: number) => db().select().from(budgetTransactions).where(eq(budgetTransactions.partnerId, partnerId)).orderBy(budgetTransactions.id)
  const cardOf = async (id: number) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0]!
  const cardLedger = (id: number) => db().select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, id)).orderBy(giftCardTransactions.id)

  /** A customer with $50.00 of budget and a $10.00 gift card; their order ($86.27) waits with $26.27 over budget. */
  async function waitingOrder(overrides: Record<string, unknown> = {}) {
    const customer = await signedInCustomer(store.websiteId, { budgetAmount: 5000 })
    const card = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: customer.partner.id, amount: 1000 })
    const order = await place(customer.ctx, { useGiftCards: true, ...overrides })
    expect(order).toMatchObject({ state: 'draft', approvalState: 'awaiting_approval' })
    return { customer, card, order }
  }

  describe('getOrdersAwaitingApproval', () => {
    test("an approver sees the website's waiting orders with customer, date, totals, the amount over budget and the lines", async () => {
      const { customer, order } = await waitingOrder()
      const { orders: waiting } = await runQuery('getOrdersAwaitingApproval', undefined, approver.ctx)
      const listed = waiting.find((candidate) => candidate.id === order.id)
      expect(listed).toMatchObject({
        name: order.name,
        customer: { name: 'Jordan Buyer', email: 'jordan@example.com' },
        createdAt: order.createdAt,
        amounts: { total: 86.27, giftCard: 10, budget: 50, due: 26.27 },
        overBudget: 26.27,
        billingAddress: { city: 'Greenville', state: 'SC' },
      })
      expect(listed!.extraFields[0]).toEqual({ name: 'po_number', label: 'PO number', value: 'PO-1001' })
      expect(listed!.lines.map((line) => [line.size, line.quantity, line.colorId, line.logo?.name])).toEqual([
        ['M', 2, store.navyId, 'Left Chest Crest'],
        ['L', 1, store.navyId, 'Left Chest Crest'],
      ])
      expect(JSON.stringify(listed)).not.toContain(order.accessToken)
      // The customer is no approver: the list is not theirs to see.
      const error = await refusal(runQuery('getOrdersAwaitingApproval', undefined, customer.ctx))
      expect(error.code).toBe('forbidden')
      expect(error.userMessage).toBe(APPROVERS_ONLY)
    })
  })

  describe('getDecidedApprovals', () => {
    test('approvers see the decided orders, latest first, with the decision, who made it, when and the note; others are refused', async () => {
      const secondApprover = await makeApprover(store.websiteId)
      const approved = (await waitingOrder()).order
      const rejected = (await waitingOrder()).order
      const stillWaiting = (await waitingOrder()).order
      await decide(approver.ctx, approved.id, 'approve')
      await decide(secondApprover.ctx, rejected.id, 'reject', 'Over the <quarter> limit')

      const { orders: history } = await runQuery('getDecidedApprovals', undefined, approver.ctx)
      const mine = history.filter((order) => [approved.id, rejected.id, stillWaiting.id].includes(order.id))
      expect(mine.map((order) => order.name)).toEqual([rejected.name, approved.name])
      expect(mine[0]).toEqual({
        id: rejected.id,
        name: rejected.name,
        createdAt: rejected.createdAt,
        customer: { name: 'Jordan Buyer' },
        total: 86.27,
        decision: 'rejected',
        decidedAt: (await orderRow(rejected.id)).approvalDecidedAt!.toISOString(),
        decidedBy: { name: secondApprover.partner.name },
        note: 'Over the <quarter> limit',
      })
      expect(mine[1]).toMatchObject({ decision: 'approved', decidedBy: { name: approver.partner.name }, note: null })
      expect(Date.parse(mine[0]!.decidedAt)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.decidedAt))

      const customer = await signedInCustomer(store.websiteId)
      expect((await refusal(runQuery('getDecidedApprovals', undefined, customer.ctx))).userMessage).toBe(APPROVERS_ONLY)
    })
  })

  describe('decideOrderApproval', () => {
    test('approving confirms the order (the rest stays to be invoiced), records who and why, and moves no money', async () => {
      const { customer, card, order } = await waitingOrder()
      const answer = await decide(approver.ctx, order.id, 'approve', '  Approved for the spring event.  ')
      expect(answer.decideOrderApproval).toEqual({
        success: true,
        message: `Order ${order.name} has been approved.`,
        order: { id: order.id, name: order.name, state: 'sale', approvalState: 'approved', paymentState: 'pending' },
      })
      const row = await orderRow(order.id)
      expect(row).toMatchObject({ state: 'sale', approvalState: 'approved', paymentState: 'pending', approvalDecidedBy: approver.partner.id, approvalNote: 'Approved for the spring event.', amountDue: 2627 })
      expect(row.confirmedAt).toBeInstanceOf(Date)
      expect(row.approvalDecidedAt).toBeInstanceOf(Date)
      expect(await budgetOf(customer.partner.id)).toBe(0)
      expect((await cardOf(card.id)).balanceAmount).toBe(0)

      const { order: seen } = await runQuery('getOrderDetails', { id: order.id }, customer.ctx)
      expect(seen).toMatchObject({ approvalState: 'approved', approvalRequired: false, approvalNote: 'Approved for the spring event.' })
      const { orders: waiting } = await runQuery('getOrdersAwaitingApproval', undefined, approver.ctx)
      expect(waiting.map((candidate) => candidate.id)).not.toContain(order.id)
    })

    test('rejecting cancels the order and gives back its budget, gift card and promotion use in full; every ledger sums to its balance', async () => {
      const program = await createPromotion({ websiteId: store.websiteId, name: 'One use', promoCodeUsage: 'code_needed', promoCode: 'ONEUSE', discountPercentage: 10, maximumUseNumber: 1 })
      // 72.00 − 7.20 + 9.95 + 6 % of 64.80 (3.89) = 78.64: 10.00 gift card, 50.00 budget, 18.64 over.
      const { customer, card, order } = await waitingOrder({ promoCode: 'ONEUSE', expectedTotal: 78.64 })
      expect(order.amounts).toMatchObject({ total: 78.64, giftCard: 10, budget: 50, due: 18.64 })
      expect((await db().select().from(promotionPrograms).where(eq(promotionPrograms.id, program.id)))[0]!.usedCount).toBe(1)

      const answer = await decide(approver.ctx, order.id, 'reject', 'Not in this quarter’s plan.')
      expect(answer.decideOrderApproval.order).toMatchObject({ state: 'cancel', approvalState: 'rejected', paymentState: 'not_paid' })
      expect(await orderRow(order.id)).toMatchObject({ state: 'cancel', approvalState: 'rejected', approvalNote: 'Not in this quarter’s plan.', approvalDecidedBy: approver.partner.id })

      // Budget: back to 50.00, with the spend and the refund in the ledger (starting budget + Σ ledger = budget).
      expect(await budgetOf(customer.partner.id)).toBe(5000)
      expect((await budgetLedger(customer.partner.id)).map((move) => [move.orderId, move.amount])).toEqual([
        [order.id, -5000],
        [order.id, 5000],
      ])
      // Gift card: back to 10.00 (initial + Σ spend/refund = balance).
      const refunded = await cardOf(card.id)
      expect(refunded.balanceAmount).toBe(1000)
      const moves = await cardLedger(card.id)
      expect(moves.filter((move) => move.kind !== 'redeem').map((move) => [move.kind, move.amount])).toEqual([
        ['spend', -1000],
        ['refund', 1000],
      ])
      expect(refunded.initialAmount + moves.reduce((sum, move) => sum + move.amount, 0)).toBe(refunded.balanceAmount)
      // Promotion: the use is released, so the one-use code works again.
      expect(await db().select().from(promotionUsages).where(eq(promotionUsages.orderId, order.id))).toHaveLength(0)
      expect((await db().select().from(promotionPrograms).where(eq(promotionPrograms.id, program.id)))[0]!.usedCount).toBe(0)
      const other = await signedInCustomer(store.websiteId)
      await expect(place(other.ctx, { promoCode: 'ONEUSE', expectedTotal: 78.64 })).resolves.toMatchObject({ amounts: { discount: 7.2 } })
      await db().update(promotionPrograms).set({ isActive: false }).where(eq(promotionPrograms.id, program.id))

      const { order: seen } = await runQuery('getOrderDetails', { id: order.id }, customer.ctx)
      expect(seen).toMatchObject({ state: 'cancel', approvalState: 'rejected', approvalNote: 'Not in this quarter’s plan.' })
    })

    test('concurrent decisions: exactly one wins, the others are told it was already decided, and money moves once', async () => {
      const second = await makeApprover(store.websiteId)
      const { customer, card, order } = await waitingOrder()
      const attempts = [
        decide(approver.ctx, order.id, 'reject'),
        decide(second.ctx, order.id, 'approve'),
        decide(approver.ctx, order.id, 'reject'),
        decide(second.ctx, order.id, 'reject'),
        decide(approver.ctx, order.id, 'approve'),
      ]
      const results = await Promise.allSettled(attempts)
      const won = results.filter((result) => result.status === 'fulfilled')
      expect(won).toHaveLength(1)
      const final = await orderRow(order.id)
      for (const result of results) {
        if (result.status === 'fulfilled') continue
        expect(result.reason).toBeInstanceOf(DomainError)
        expect(result.reason).toMatchObject({ code: 'conflict', userMessage: alreadyDecided(order.name, final.approvalState as 'approved' | 'rejected') })
      }
      const refunds = (await budgetLedger(customer.partner.id)).filter((move) => move.amount > 0)
      const cardRefunds = (await cardLedger(card.id)).filter((move) => move.kind === 'refund')
      if (final.approvalState === 'rejected') {
        expect(refunds.map((move) => move.amount)).toEqual([5000])
        expect(cardRefunds.map((move) => move.amount)).toEqual([1000])
      } else {
        expect(final.approvalState).toBe('approved')
        expect(refunds).toHaveLength(0)
        expect(cardRefunds).toHaveLength(0)
      }
      // And later attempts are refused the same way.
      const late = await refusal(decide(second.ctx, order.id, 'approve'))
      expect(late.code).toBe('conflict')
    })

    test('a customer, an approver of another website and an approver deciding their own order all get the same 404, and nothing changes', async () => {
      const { customer, card, order } = await waitingOrder()
      const otherStore = await createCheckoutStore()
      const elsewhere = await makeApprover(otherStore.websiteId)
      const elsewhereHere = callerContext(store.websiteId, { accessToken: elsewhere.accessToken })

      // An approver's own order over budget: not in their list, not theirs to decide.
      await db().update(partners).set({ budgetAmount: 1000 }).where(eq(partners.id, approver.partner.id))
      const own = await place(approver.ctx)
      expect(own.approvalState).toBe('awaiting_approval')
      const { orders: waiting } = await runQuery('getOrdersAwaitingApproval', undefined, approver.ctx)
      expect(waiting.map((candidate) => candidate.id)).not.toContain(own.id)

      const attempts: [CoreContext, number][] = [
        [customer.ctx, order.id],
        [elsewhere.ctx, order.id],
        [approver.ctx, own.id],
        [approver.ctx, order.id + 100_000],
      ]
      for (const [ctx, id] of attempts) {
        for (const decision of ['approve', 'reject'] as const) {
          const error = await refusal(decide(ctx, id, decision))
          expect(error.code, `${decision} ${id}`).toBe('not_found')
          expect(error.userMessage).toBe(NOT_AWAITING_YOUR_APPROVAL)
        }
      }
      // A guest, or a session of another website, is asked to sign in.
      expect((await refusal(decide(guestContext(store.websiteId), order.id, 'approve'))).code).toBe('unauthorized')
      expect((await refusal(decide(elsewhereHere, order.id, 'approve'))).code).toBe('unauthorized')

      for (const id of [order.id, own.id]) expect(await orderRow(id)).toMatchObject({ state: 'draft', approvalState: 'awaiting_approval', approvalDecidedBy: null, approvalNote: null })
      expect(await budgetOf(customer.partner.id)).toBe(0)
      expect((await cardOf(card.id)).balanceAmount).toBe(0)
      expect(await budgetLedger(customer.partner.id)).toHaveLength(1)
      // Someone else may decide the approver's own order.
      const colleague = await makeApprover(store.websiteId)
      await expect(decide(colleague.ctx, own.id, 'approve')).resolves.toMatchObject({ decideOrderApproval: { order: { approvalState: 'approved' } } })
    })

    test('an approver whose right was withdrawn decides nothing; orders that never waited cannot be decided', async () => {
      const { order } = await waitingOrder()
      const former = await makeApprover(store.websiteId)
      await db().update(partners).set({ canApproveOrders: false }).where(eq(partners.id, former.partner.id))
      expect((await refusal(decide(former.ctx, order.id, 'approve'))).userMessage).toBe(NOT_AWAITING_YOUR_APPROVAL)
      expect((await refusal(runQuery('getOrdersAwaitingApproval', undefined, former.ctx))).code).toBe('forbidden')

      const plain = await place(guestContext(store.websiteId))
      expect(plain.approvalState).toBe('not_required')
      expect((await refusal(decide(approver.ctx, plain.id, 'approve'))).userMessage).toBe(NOT_AWAITING_YOUR_APPROVAL)
      expect(await orderRow(plain.id)).toMatchObject({ state: 'draft', approvalState: 'not_required' })
      expect(await orderRow(order.id)).toMatchObject({ approvalState: 'awaiting_approval' })
    })

    test('a bad decision or an over-long note is a 400 naming the field', async () => {
      const { order } = await waitingOrder()
      const wrong = await refusal(executeMutation('decideOrderApproval', { orderId: order.id, decision: 'maybe' }, approver.ctx))
      expect(wrong.code).toBe('invalid')
      expect(wrong.userMessage).toContain("body.decision must be 'approve' or 'reject'")
      const long = await refusal(decide(approver.ctx, order.id, 'reject', 'x'.repeat(1001)))
      expect(long.userMessage).toContain('body.note must be at most 1000 characters long')
      expect(await orderRow(order.id)).toMatchObject({ approvalState: 'awaiting_approval' })
    })
  })

  describe('mails', () => {
    test('approvers (never the customer) hear of a waiting order; the customer hears the decision with the note', async () => {
      const customerApprover = await makeApprover(store.websiteId)
      const approverEmails = (await db().select({ email: partners.email }).from(partners).where(and(eq(partners.websiteId, store.websiteId), eq(partners.canApproveOrders, true)))).map(
        (row) => row.email,
      )
      const email = `waiting-${Date.now()}@example.com`
      await db().update(partners).set({ budgetAmount: 1000 }).where(eq(partners.id, customerApprover.partner.id))
      const order = await place(customerApprover.ctx, { partneremail: email })
      expect(order.approvalState).toBe('awaiting_approval')
      await backgroundMailSettled()

      const requests = smtp.messages.filter((mail) => mail.subject === `Order ${order.name} waits for your approval`)
      const told = requests.flatMap((mail) => mail.envelopeTo).sort()
      expect(told).toEqual(approverEmails.filter((address) => address !== customerApprover.partner.email).sort())
      expect(requests[0]!.text).toContain(`https://shop.example.com/me/approvals?order=${order.id}`)
      expect(requests[0]!.text).toContain('$76.27 over their budget')
      expect(requests[0]!.text).not.toContain(order.accessToken)

      await decide(approver.ctx, order.id, 'reject', 'Please split this into two orders.')
      await backgroundMailSettled()
      const decision = await smtp.waitFor((mail) => mail.envelopeTo.includes(email) && mail.subject === `Your order ${order.name} was not approved`)
      expect(decision.text).toContain('Please split this into two orders.')
      expect(decision.text).toContain(`https://shop.example.com/me/orders?order=${order.id}`)
    })

    test('the customer of an approved order is told it goes ahead', async () => {
      const email = `approved-${Date.now()}@example.com`
      const { order } = await waitingOrder({ partneremail: email })
      await decide(approver.ctx, order.id, 'approve')
      await backgroundMailSettled()
      const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email) && message.subject === `Your order ${order.name} has been approved`)
      expect(mail.text).toContain('$26.27 beyond your budget will be invoiced to your company')
    })
  })
})
