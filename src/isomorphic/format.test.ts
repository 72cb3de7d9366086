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
