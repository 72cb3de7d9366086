import { describe, expect, test } from 'vitest'
import { compareSizes, SIZE_ORDER, sortSizes } from './size-order'

describe('size order', () => {
  test('is the spec order with 2XLT to 7XLT written out', () => {
    expect(SIZE_ORDER).toEqual([
      'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', '4XL', '5XL', '6XL', 'OSFA', 'OFSC', 'LGT', 'XLT',
      '2XLT', '3XLT', '4XLT', '5XLT', '6XLT', '7XLT', '2X', '3X', '4X', 'XXXL', 'S/M', 'L/XL', 'OSFM', 'Quantity',
    ])
  })

  test('sorts known sizes by the spec order', () => {
    expect(sortSizes(['XL', 'S', '2XLT', 'M', 'OSFA', 'XS', 'Quantity', '3XL'])).toEqual(['XS', 'S', 'M', 'XL', '3XL', 'OSFA', '2XLT', 'Quantity'])
  })

  test('puts unknown sizes after known ones, in natural order among themselves', () => {
    expect(sortSizes(['32', 'Youth L', 'M', '28', 'S', '4'])).toEqual(['S', 'M', '4', '28', '32', 'Youth L'])
  })

  test('matches known sizes regardless of case and surrounding spaces', () => {
    expect(sortSizes(['xl', ' s ', 'quantity', 'l/xl'])).toEqual([' s ', 'xl', 'l/xl', 'quantity'])
    expect(compareSizes('m', 'M')).toBe(0)
  })

  test('does not change the given list', () => {
    const sizes = ['L', 'S']
    sortSizes(sizes)
    expect(sizes).toEqual(['L', 'S'])
  })
})
