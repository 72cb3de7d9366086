import { describe, expect, it } from 'vitest'
import {
  addBusinessDays,
  subtractBusinessDays,
  workOrderShipBy,
  arrivalWindow,
  businessDaysBetween,
  dayOf,
  formatBusinessDays,
  formatDayWindow,
  inHandsRisk,
  isBusinessDay,
  isDay,
  slowestLeadTime,
} from './business-days'

// A fixed clock: Thursday 2026-11-26 (Friday the 27th, the weekend the 28th–29th).
const THURSDAY = dayOf(new Date('2026-11-26T15:30:00Z'))

describe('business days', () => {
  it('reads the day of a moment in UTC', () => {
    expect(THURSDAY).toBe('2026-11-26')
    expect(dayOf(new Date('2026-11-26T23:59:59-05:00'))).toBe('2026-11-27')
  })

  it('knows weekends are not business days', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true)
    expect(isBusinessDay('2026-11-28')).toBe(false)
    expect(isBusinessDay('2026-11-29')).toBe(false)
    expect(isBusinessDay('2026-11-30')).toBe(true)
  })

  it('skips the weekend when counting forward', () => {
    expect(addBusinessDays(THURSDAY, 1)).toBe('2026-11-27')
    expect(addBusinessDays(THURSDAY, 2)).toBe('2026-11-30')
    expect(addBusinessDays(THURSDAY, 7)).toBe('2026-12-07')
    expect(addBusinessDays(THURSDAY, 10)).toBe('2026-12-10')
  })

  it('starts counting on Monday for an order placed over the weekend', () => {
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30')
    expect(addBusinessDays('2026-11-29', 5)).toBe('2026-12-04')
    expect(addBusinessDays('2026-11-28', 0)).toBe('2026-11-30')
    expect(addBusinessDays(THURSDAY, 0)).toBe(THURSDAY)
  })

  it('crosses months and years', () => {
    expect(addBusinessDays('2026-12-30', 3)).toBe('2027-01-04')
  })

  it('refuses a count that is not a whole number of 0 or more, and a text that is not a day', () => {
    expect(() => addBusinessDays(THURSDAY, -1)).toThrow(RangeError)
    expect(() => addBusinessDays(THURSDAY, 1.5)).toThrow(RangeError)
    expect(() => addBusinessDays('26-11-2026', 1)).toThrow(RangeError)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('tomorrow')).toBe(false)
  })

  it('counts the business days between two days', () => {
    expect(businessDaysBetween(THURSDAY, '2026-12-07')).toBe(7)
    expect(businessDaysBetween(THURSDAY, THURSDAY)).toBe(0)
    expect(businessDaysBetween('2026-12-07', THURSDAY)).toBe(0)
    for (const count of [0, 1, 4, 5, 9, 23]) expect(businessDaysBetween(THURSDAY, addBusinessDays(THURSDAY, count))).toBe(count)
  })

  it('estimates arrival as production then transit', () => {
    const window = arrivalWindow(THURSDAY, { minDays: 7, maxDays: 10 }, { minDays: 1, maxDays: 3 })
    expect(window).toEqual({ earliest: '2026-12-08', latest: '2026-12-15' })
    expect(formatDayWindow(window)).toBe('Dec 8 – Dec 15')
  })

  it('without a transit time, estimates when the order ships', () => {
    expect(arrivalWindow(THURSDAY, { minDays: 2, maxDays: 2 }, null)).toEqual({ earliest: '2026-11-30', latest: '2026-11-30' })
    expect(formatDayWindow({ earliest: '2026-11-30', latest: '2026-11-30' })).toBe('Nov 30')
  })

  it('a cart takes the slowest lead time of its products', () => {
    expect(slowestLeadTime([{ minDays: 5, maxDays: 7 }, { minDays: 7, maxDays: 10 }, { minDays: 3, maxDays: 12 }])).toEqual({ minDays: 7, maxDays: 12 })
    expect(slowestLeadTime([])).toBeNull()
  })

  it('reads a span of business days as a shopper would', () => {
    expect(formatBusinessDays({ minDays: 7, maxDays: 10 })).toBe('7–10 business days')
    expect(formatBusinessDays({ minDays: 5, maxDays: 5 })).toBe('5 business days')
    expect(formatBusinessDays({ minDays: 1, maxDays: 1 })).toBe('1 business day')
  })

  it('warns about an in-hands date before the estimated arrival', () => {
    const window = { earliest: '2026-12-08', latest: '2026-12-11' }
    expect(inHandsRisk('2026-12-07', window)).toBe('late')
    expect(inHandsRisk('2026-12-08', window)).toBe('at-risk')
    expect(inHandsRisk('2026-12-10', window)).toBe('at-risk')
    expect(inHandsRisk('2026-12-11', window)).toBeNull()
    expect(inHandsRisk('2027-01-15', window)).toBeNull()
  })
})

describe('when a work order must ship', () => {
  it('in hands on Friday Dec 11 with 3–5 business days in transit: ship by Friday Dec 4', () => {
    expect(workOrderShipBy({ inHandsDate: '2026-12-11', transit: { minDays: 3, maxDays: 5 }, received: '2026-11-30', leadTime: { minDays: 7, maxDays: 10 } })).toEqual({ day: '2026-12-04', basis: 'in_hands' })
  })

  it('an in-hands date on a Sunday counts back from the Friday before; an unknown transit ships by the in-hands day', () => {
    expect(subtractBusinessDays('2026-12-13', 1)).toBe('2026-12-10')
    expect(workOrderShipBy({ inHandsDate: '2026-12-11', transit: null, received: '2026-11-30', leadTime: null })).toEqual({ day: '2026-12-11', basis: 'in_hands' })
  })

  it('without an in-hands date, the longest lead time from the day the partner received it; with neither, no date', () => {
    expect(workOrderShipBy({ inHandsDate: null, transit: null, received: '2026-11-27', leadTime: { minDays: 7, maxDays: 10 } })).toEqual({ day: '2026-12-11', basis: 'lead_time' })
    expect(workOrderShipBy({ inHandsDate: null, transit: null, received: '2026-11-27', leadTime: null })).toBeNull()
  })
})
