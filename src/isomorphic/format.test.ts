import { describe, expect, test } from 'vitest'
import { formatCents, formatDate, formatPrice, formatPriceRange } from './format'

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

  test('text that is not a date is shown as it is', () => {
    expect(formatDate('soon')).toBe('soon')
  })
})
