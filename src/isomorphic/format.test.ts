import { describe, expect, test } from 'vitest'
import { counted, formatCents, formatCount, formatDate, formatMeasure, formatPrice, formatPriceRange } from './format'

describe('amounts read as American dollars', () => {
  test('a dollar amount has a sign, thousands separators and two decimals', () => {
    expect(formatPrice(12.5)).toBe('$12.50')
    expect(formatPrice(1234)).toBe('$1,234.00')
    expect(formatPrice(-3)).toBe('-$3.00')
  })

  test('an amount in cents reads the same as its dollars', () => {
    expect(formatCents(1250)).toBe('$12.50')
    expect(formatCents(0)).toBe('$0.00')
  })

  test('dollars read exactly as Intl writes them, for whole cents and for anything else', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    const amounts = [0, -0, 0.01, 0.1, 0.29, 1.005, 2.675, 9.99, 57.28, 999.995, 1000, 12345.6, -0.01, -1234567.89, 0.125, 1e-9, 90071992547409.9, 1e20, -1e20]
    for (let n = 0; n < 2000; n++) amounts.push(Math.round((n * 7919.37) % 2_000_000) / 100 - 10_000)
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(intl.format(amount))
    expect(formatPrice(Number.NaN)).toBe(intl.format(Number.NaN))
  })

  test('another currency reads in its own symbol; an unknown code reads as dollars', () => {
    expect(formatCents(1250, 'EUR')).toBe('€12.50')
    expect(formatCents(1250, 'not a currency')).toBe('$12.50')
  })

  test('a price range is shown only when the variants differ in price', () => {
    expect(formatPriceRange(12, 18.5)).toBe('$12.00 – $18.50')
    expect(formatPriceRange(12, 12)).toBe('$12.00')
    expect(formatPriceRange(12, null)).toBe('$12.00')
  })
})

describe('days read in UTC', () => {
  test('a moment reads as its UTC day, wherever the reader is', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('Nov 21, 2026')
    expect(formatDate('2026-11-21T00:30:00+02:00')).toBe('Nov 20, 2026')
    expect(formatDate(new Date(Date.UTC(2026, 4, 3)), 'long')).toBe('May 3, 2026')
    expect(formatDate('2026-11-21T12:00:00Z', 'long')).toBe('November 21, 2026')
  })

  test('every style reads exactly as Intl writes it in en-US, day by day', () => {
    const intl = {
      medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
      monthDay: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
      weekday: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    }
    const moments = [Date.UTC(999, 11, 31), Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59), Date.UTC(10000, 0, 1), Date.UTC(1970, 0, 1)]
    // Three years of days, each at a moment late in the UTC day.
    for (let day = 0; day < 3 * 366; day++) moments.push(Date.UTC(2025, 0, 1 + day, 23, 59, 30))
    for (const moment of moments) {
      for (const [style, format] of Object.entries(intl)) {
        expect(formatDate(new Date(moment), style as keyof typeof intl), `${style} ${new Date(moment).toISOString()}`).toBe(format.format(moment))
      }
    }
  })

  test('text that is not a date is shown as it is', () => {
    expect(formatDate('soon')).toBe('soon')
  })
})

describe('counts and measurements read as Intl writes them, without making an Intl formatter', () => {
  test('a count has thousands separators', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1)).toBe('1')
    expect(formatCount(1234)).toBe('1,234')
    expect(formatCount(-1234567)).toBe('-1,234,567')
    const intl = new Intl.NumberFormat('en')
    for (const count of [0, 7, 999, 1000, 10_000, 123_456, 9_999_999, -42, Number.MAX_SAFE_INTEGER]) expect(formatCount(count)).toBe(intl.format(count))
  })

  test('a counted message gets the count it chooses its plural by and the count it writes', () => {
    expect(counted(1200)).toEqual({ count: 1200, shown: '1,200' })
  })

  test('a measurement keeps at most two decimals, rounding exactly as Intl does', () => {
    expect(formatMeasure(28)).toBe('28')
    expect(formatMeasure(28.5)).toBe('28.5')
    expect(formatMeasure(1200.25)).toBe('1,200.25')
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
    const values = [0, -0, 0.5, 1.005, 2.675, 31.125, 0.001, -3.75, 1e21, 1e-7, 99.999, Number.NaN, Number.POSITIVE_INFINITY]
    for (let n = 0; n < 2000; n++) values.push(Math.round(n * 37.77) / 4 - 100, n / 3)
    for (const value of values) expect(formatMeasure(value), String(value)).toBe(intl.format(value))
  })
})
