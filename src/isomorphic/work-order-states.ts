import type { WorkOrderState } from './contract/admin-work-orders'

// A work order's life cycle (issues 15, 26), declared once: each step, the states it may be taken
// from, where it leads, who may take it, and the sentence for each state it may not be taken from.
// The core's steps (fulfilment/work-order-admin.ts), the order's cancellation and the console's
// buttons all read this table; none compares states by hand.
//
//   new ─accept→ accepted ─startProduction→ in_production
//    │              │  ╲________ship (in full)________╲ → shipped
//    └─reportProblem→ problem ─resolveProblem→ (the state before the problem)
//   any open state ─cancel (the order was cancelled)→ cancelled

export type WorkOrderStep = 'accept' | 'startProduction' | 'reportProblem' | 'resolveProblem' | 'ship' | 'cancel'

/** Who takes a step: the partner's member or the store's fulfilment staff, staff only, or the store itself (an order's cancellation). */
export type WorkOrderStepBy = 'partner_or_staff' | 'staff' | 'system'

type StepRule = {
  label: string
  by: WorkOrderStepBy
  from: readonly WorkOrderState[]
  /** Where it leads; 'previous' for the state before the problem; null for a step that may leave the state as it is (a partial shipment). */
  to: WorkOrderState | 'previous' | null
  /** Why the step cannot be taken from a state it does not start from (the settled states have one sentence for every step). */
  refusals: Partial<Record<WorkOrderState, string>>
}

/** Not produced, not shipped, not cancelled: the partner still owes something. */
export const OPEN_WORK_ORDER_STATES: readonly WorkOrderState[] = ['new', 'accepted', 'in_production', 'problem']

const SETTLED: Partial<Record<WorkOrderState, string>> = {
  shipped: 'This work order is already shipped.',
  cancelled: 'This work order is cancelled: the order was cancelled.',
}

export const WORK_ORDER_STEPS: Record<WorkOrderStep, StepRule> = {
  accept: {
    label: 'Accept',
    by: 'partner_or_staff',
    from: ['new'],
    to: 'accepted',
    refusals: { ...SETTLED, problem: 'This work order has a problem reported: the store resolves it first.', accepted: 'This work order is already accepted.', in_production: 'This work order is already accepted.' },
  },
  startProduction: {
    label: 'Mark in production',
    by: 'partner_or_staff',
    from: ['accepted'],
    to: 'in_production',
    refusals: {
      ...SETTLED,
      new: 'Accept this work order before marking it in production.',
      in_production: 'This work order is already in production.',
      problem: 'This work order has a problem reported: the store resolves it first.',
    },
  },
  reportProblem: {
    label: 'Report a problem',
    by: 'partner_or_staff',
    from: ['new', 'accepted', 'in_production'],
    to: 'problem',
    refusals: { ...SETTLED, problem: 'A problem is already reported on this work order: the store resolves it first.' },
  },
  resolveProblem: {
    label: 'Resolve the problem',
    by: 'staff',
    from: ['problem'],
    to: 'previous',
    refusals: { ...SETTLED, new: 'This work order has no problem to resolve.', accepted: 'This work order has no problem to resolve.', in_production: 'This work order has no problem to resolve.' },
  },
  ship: {
    label: 'Record the shipment',
    by: 'partner_or_staff',
    from: ['accepted', 'in_production'],
    to: null,
    refusals: { ...SETTLED, new: 'Accept this work order before shipping it.', problem: 'This work order has a problem reported: the store resolves it before it ships.' },
  },
  cancel: {
    label: 'Cancel',
    by: 'system',
    from: OPEN_WORK_ORDER_STATES,
    to: 'cancelled',
    refusals: SETTLED,
  },
}

/** Whether the step may be taken from the state. */
export function canTake(step: WorkOrderStep, state: WorkOrderState): boolean {
  return WORK_ORDER_STEPS[step].from.includes(state)
}

/** Null when the step may be taken from the state, else the sentence why not (a 409's message). */
export function refusalOf(step: WorkOrderStep, state: WorkOrderState): string | null {
  if (canTake(step, state)) return null
  return WORK_ORDER_STEPS[step].refusals[state] ?? `A work order that is ${state.replace('_', ' ')} cannot take this step.`
}

/** The steps a member may take now from the console, in the order the page offers them. */
export function stepsOpenTo(state: WorkOrderState, by: 'partner' | 'staff'): WorkOrderStep[] {
  return (['accept', 'startProduction', 'ship', 'reportProblem', 'resolveProblem'] as const).filter((step) => {
    const rule = WORK_ORDER_STEPS[step]
    return canTake(step, state) && (rule.by === 'partner_or_staff' || (rule.by === 'staff' && by === 'staff'))
  })
}
