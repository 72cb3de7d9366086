import { describe, expect, it } from 'vitest'
import { grantFor, keptAtRollover, nextRenewal, periodAt } from './allowance-periods'

const at = (day: string) => new Date(`${day}T12:00:00Z`)

describe('allowance periods', () => {
  it('a yearly program starting Jan 1 renews every Jan 1', () => {
    const program = { period: 'year' as const, startsOn: '2026-01-01' }
    expect(periodAt(program, at('2026-11-26'))).toEqual({ start: '2026-01-01', end: '2027-01-01' })
    expect(periodAt(program, at('2027-01-01'))).toEqual({ start: '2027-01-01', end: '2028-01-01' })
    expect(nextRenewal(program, at('2026-11-26'))).toBe('2027-01-01')
  })

  it('has no period before its start date, and renews first on the start date', () => {
    const program = { period: 'quarter' as const, startsOn: '2027-01-01' }
    expect(periodAt(program, at('2026-12-31'))).toBeNull()
    expect(nextRenewal(program, at('2026-12-31'))).toBe('2027-01-01')
  })

  it('quarters and months start on the same day of the month, the last day of a shorter month', () => {
    expect(periodAt({ period: 'quarter', startsOn: '2026-02-15' }, at('2026-06-01'))).toEqual({ start: '2026-05-15', end: '2026-08-15' })
    expect(periodAt({ period: 'month', startsOn: '2026-01-31' }, at('2026-02-28'))).toEqual({ start: '2026-02-28', end: '2026-03-31' })
    expect(periodAt({ period: 'month', startsOn: '2026-01-31' }, at('2026-02-27'))).toEqual({ start: '2026-01-31', end: '2026-02-28' })
  })

  it('a program without a period has one period that never ends', () => {
    expect(periodAt({ period: 'none', startsOn: '2026-03-01' }, at('2030-01-01'))).toEqual({ start: '2026-03-01', end: null })
    expect(nextRenewal({ period: 'none', startsOn: '2026-03-01' }, at('2030-01-01'))).toBeNull()
  })

  it('prorates a member who joins partway: amount × remaining days / period days, rounded to the cent', () => {
    const period = { start: '2026-01-01', end: '2027-01-01' }
    // 2026-07-02 → 2027-01-01 is 183 of 365 days: 500.00 × 183 / 365 = 250.6849…
    expect(grantFor({ amount: 50_000, prorate: true, period, joinedOn: '2026-07-02' })).toBe(25_068)
    expect(grantFor({ amount: 50_000, prorate: false, period, joinedOn: '2026-07-02' })).toBe(50_000)
    expect(grantFor({ amount: 50_000, prorate: true, period, joinedOn: '2025-12-01' })).toBe(50_000)
  })

  it('keeps nothing, everything, or up to the cap of what is left', () => {
    expect(keptAtRollover(12_000, 'none', null)).toBe(0)
    expect(keptAtRollover(12_000, 'all', null)).toBe(12_000)
    expect(keptAtRollover(12_000, 'capped', 5_000)).toBe(5_000)
    expect(keptAtRollover(3_000, 'capped', 5_000)).toBe(3_000)
  })
})
