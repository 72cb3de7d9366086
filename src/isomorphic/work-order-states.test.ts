import { describe, expect, test } from 'vitest'
import { WORK_ORDER_STATES } from './contract/admin-work-orders'
import { canTake, OPEN_WORK_ORDER_STATES, refusalOf, stepsOpenTo, WORK_ORDER_STEPS, type WorkOrderStep } from './work-order-states'

describe('the work order life cycle', () => {
  test('a new work order is accepted, put into production and shipped, in that order', () => {
    expect(canTake('accept', 'new')).toBe(true)
    expect(canTake('startProduction', 'accepted')).toBe(true)
    expect(canTake('ship', 'in_production')).toBe(true)
    expect(canTake('ship', 'accepted')).toBe(true)
    expect(refusalOf('startProduction', 'new')).toBe('Accept this work order before marking it in production.')
    expect(refusalOf('ship', 'new')).toBe('Accept this work order before shipping it.')
  })

  test('a problem stops every step but its resolution, which only the store may take', () => {
    for (const step of ['accept', 'startProduction', 'ship', 'reportProblem'] as const) expect(canTake(step, 'problem'), step).toBe(false)
    expect(stepsOpenTo('problem', 'partner')).toEqual([])
    expect(stepsOpenTo('problem', 'staff')).toEqual(['resolveProblem'])
    expect(WORK_ORDER_STEPS.resolveProblem.to).toBe('previous')
  })

  test('shipped and cancelled are settled: every step is refused with the one sentence that says why', () => {
    for (const step of Object.keys(WORK_ORDER_STEPS) as WorkOrderStep[]) {
      expect(refusalOf(step, 'shipped'), step).toBe('This work order is already shipped.')
      expect(refusalOf(step, 'cancelled'), step).toBe('This work order is cancelled: the order was cancelled.')
    }
  })

  test('an order’s cancellation cancels exactly the open work orders', () => {
    expect(WORK_ORDER_STEPS.cancel.from).toEqual(OPEN_WORK_ORDER_STATES)
    expect(WORK_ORDER_STATES.filter((state) => !OPEN_WORK_ORDER_STATES.includes(state))).toEqual(['shipped', 'cancelled'])
  })

  test('every refused step has a sentence written for it, not the fallback', () => {
    for (const [step, rule] of Object.entries(WORK_ORDER_STEPS)) {
      for (const state of WORK_ORDER_STATES) if (!rule.from.includes(state)) expect(rule.refusals[state], `${step} from ${state}`).toBeTruthy()
    }
  })

  test('the console offers a partner the steps of the state: accept a new one; ship or report an accepted one', () => {
    expect(stepsOpenTo('new', 'partner')).toEqual(['accept', 'reportProblem'])
    expect(stepsOpenTo('accepted', 'partner')).toEqual(['startProduction', 'ship', 'reportProblem'])
    expect(stepsOpenTo('in_production', 'staff')).toEqual(['ship', 'reportProblem'])
  })
})
