import { describe, expect, test } from 'vitest'
import { MAX_PIECES_PER_SIZE, parseQuantity } from './quantity'

describe('a typed quantity', () => {
  test('is read as whole pieces', () => {
    expect(parseQuantity(' 12 ')).toBe(12)
    expect(parseQuantity('0')).toBe(0)
  })

  test('is 0 when it is blank, negative, a fraction or not a number', () => {
    for (const text of ['', '  ', '-3', '1.5', 'ten', '1e3']) expect(parseQuantity(text), text).toBe(0)
  })

  test('is capped at the most pieces of one size the server accepts, 10,000', () => {
    expect(MAX_PIECES_PER_SIZE).toBe(10_000)
    expect(parseQuantity('10000')).toBe(10_000)
    expect(parseQuantity('1000000')).toBe(10_000)
  })
})
