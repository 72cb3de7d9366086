import type { ApprovalDecision, DecidedApprovalData, DecideOrderApprovalAnswer, OrderAwaitingApprovalData } from '@/isomorphic/order-types'
import { APPROVAL_NOTE_MAX_LENGTH } from '@/isomorphic/contract/plain-rules'
import { ApiError, apiClient } from './api-client'

// Company-store approvals in the browser (me/approvals): the orders waiting for the signed-in
// approver (getOrdersAwaitingApproval) and their decision (decideOrderApproval). The server
// decides who may see and decide what; these helpers only call it and read its answers.

export type ApprovalOrder = OrderAwaitingApprovalData

export async function loadOrdersAwaitingApproval(): Promise<ApprovalOrder[]> {
  return (await apiClient.query('getOrdersAwaitingApproval')).orders
}

export type DecidedApproval = DecidedApprovalData

/** The approvers' history: the latest decided orders (getDecidedApprovals). */
export async function loadDecidedApprovals(): Promise<DecidedApproval[]> {
  return (await apiClient.query('getDecidedApprovals')).orders
}

export async function decideApproval(input: { orderId: number; decision: ApprovalDecision; note: string }): Promise<DecideOrderApprovalAnswer['decideOrderApproval']> {
  const note = input.note.trim()
  const answer = await apiClient.mutation('decideOrderApproval', {
    orderId: input.orderId,
    decision: input.decision,
    ...(note ? { note } : {}),
  })
  return answer.decideOrderApproval
}

/** A message key of 'approvals' when the note cannot be sent, else null. */
export function noteProblem(note: string): 'noteTooLong' | null {
  return note.trim().length > APPROVAL_NOTE_MAX_LENGTH ? 'noteTooLong' : null
}

/**
 * After a refused decision: true when the order is no longer the caller's to decide (someone else
 * decided first, 409, or it is not waiting for them, 404) — the list is stale and is read again.
 */
export function refusalEndsReview(error: unknown): boolean {
  return error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 409)
}

/** The server's message for a refusal when it sent one, else `fallback`. */
export function refusalMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.statusMessage ? error.statusMessage : fallback
}

/** The order an address names (?order=<id>) among the loaded ones; null when it is not (or no longer) waiting. */
export function pickOrder(orders: readonly ApprovalOrder[] | null, id: number | null): ApprovalOrder | null {
  if (id === null || !orders) return null
  return orders.find((order) => order.id === id) ?? null
}
