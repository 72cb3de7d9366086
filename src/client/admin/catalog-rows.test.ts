import { describe, expect, it } from 'vitest'
import { isOpen, movedIds, productCountLabel, rowDetail, rowsInOrder, taxonomyFieldsOf, togglePanel } from './catalog-rows'

describe('the catalog page’s rows and edit panel', () => {
  it('opens one panel at a time, and the same row’s button closes it again', () => {
    const open = togglePanel(null, 'color', 4)
    expect(open).toEqual({ kind: 'color', id: 4 })
    expect(isOpen(open, 'color', 4)).toBe(true)
    expect(isOpen(open, 'category', 4)).toBe(false)
    expect(togglePanel(open, 'color', 4)).toBeNull()
    expect(togglePanel(open, 'color', 'new')).toEqual({ kind: 'color', id: 'new' })
  })

  it('says how many products use an entry in words', () => {
    expect(productCountLabel(0)).toBe('No products')
    expect(productCountLabel(1)).toBe('1 product')
    expect(productCountLabel(12)).toBe('12 products')
  })

  it('shows a category’s address and a colour’s CSS under the name, nothing for brands and sizes', () => {
    const row = { id: 1, version: 1, name: 'Tees', productCount: 3, slug: 'tees', css: '#fff' }
    expect(rowDetail('category', row)).toBe('/tees')
    expect(rowDetail('color', row)).toBe('#fff')
    expect(rowDetail('brand', row)).toBeNull()
    expect(rowDetail('size', row)).toBeNull()
  })

  it('starts a panel with the entry as read, or empty with a navy swatch for a new one', () => {
    expect(taxonomyFieldsOf({ id: 1, version: 2, name: 'Black', productCount: 0, css: '#000' })).toEqual({ name: 'Black', slug: '', css: '#000' })
    expect(taxonomyFieldsOf()).toEqual({ name: '', slug: '', css: '#1f2a44' })
  })

  it('moves an entry up or down, and refuses a move past either end', () => {
    expect(movedIds([1, 2, 3], 2, 1)).toEqual([1, 3, 2])
    expect(movedIds([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
    expect(movedIds([1, 2, 3], 0, -1)).toBeNull()
    expect(movedIds([1, 2, 3], 2, 3)).toBeNull()
  })

  it('keeps the order saved here until the server’s list has other entries', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }]
    expect(rowsInOrder(rows, [3, 1, 2]).map((row) => row.id)).toEqual([3, 1, 2])
    expect(rowsInOrder(rows, null)).toBe(rows)
    expect(rowsInOrder(rows, [3, 1])).toBe(rows)
    expect(rowsInOrder(rows, [3, 1, 9])).toBe(rows)
  })
})
