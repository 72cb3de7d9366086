import { describe, expect, test } from 'vitest'
import { contrastRatio, parseCssColor } from './colors'
import { type AreaOnView, boxesOverlap, defaultTextColor, placeAreaLabels, TEXT_ON_GARMENT_MIN_CONTRAST } from './decoration-placement'

// Issue 17: the names of print areas never hide a placed decoration or one another, and a new line
// of text starts in a colour that reads on the garment.

// The hoodie's front as the store's default areas draw it (44 in square view).
const leftChest: AreaOnView = { id: 1, x: 25, y: 16, width: 4, height: 4 }
const fullFront: AreaOnView = { id: 2, x: 16.5, y: 15.75, width: 11, height: 9 }
const leftSleeve: AreaOnView = { id: 3, x: 32.5, y: 15.5, width: 3, height: 3 }
const areas = [leftChest, fullFront, leftSleeve]
const view = { width: 44, height: 44 }
// A phone-sized name: about 4.5 in wide and 1 in tall at that scale.
const size = () => ({ width: 4.5, height: 1 })

describe('print area names on the preview', () => {
  test('every empty area is named, and no two names overlap even where areas overlap', () => {
    const labels = placeAreaLabels(areas, [], size, view)
    expect([...labels.keys()].sort()).toEqual([1, 2, 3])
    const boxes = [...labels.values()]
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false)
  })

  test('an area that holds a decoration loses its name, and no other name covers the decoration', () => {
    const logo = { printAreaId: 1, x: 0.8, y: 0.25, width: 2.4, height: 2.4 }
    const labels = placeAreaLabels(areas, [logo], size, view)
    expect(labels.has(1)).toBe(false)
    const onView = { x: leftChest.x + logo.x, y: leftChest.y + logo.y, width: logo.width, height: logo.height }
    for (const label of labels.values()) expect(boxesOverlap(label, onView)).toBe(false)
    // The full front is still named, somewhere clear of the chest logo.
    expect(labels.has(2)).toBe(true)
  })

  test('a name moves outside its area rather than over a decoration of an overlapping area, and stays within the view', () => {
    // A wide text across the whole top and bottom of the full front: the left chest's name has to go elsewhere.
    const top = { printAreaId: 2, x: 0, y: 0, width: 11, height: 1.5 }
    const bottom = { printAreaId: 2, x: 0, y: 7.5, width: 11, height: 1.5 }
    const labels = placeAreaLabels(areas, [top, bottom], size, view)
    const chest = labels.get(1)!
    expect(chest).toBeDefined()
    for (const box of [top, bottom]) {
      expect(boxesOverlap(chest, { ...box, x: fullFront.x + box.x, y: fullFront.y + box.y })).toBe(false)
    }
    expect(chest.x + chest.width).toBeLessThanOrEqual(view.width)
    expect(chest.y).toBeGreaterThanOrEqual(0)
  })

  test('an area with no free spot for its name shows none rather than covering something', () => {
    const tiny = { width: 1, height: 1 }
    const crowded: AreaOnView[] = [{ id: 9, x: 0, y: 0, width: 1, height: 1 }]
    const labels = placeAreaLabels(crowded, [], () => ({ width: 2, height: 2 }), tiny)
    expect(labels.size).toBe(0)
  })

  test('boxes that only touch do not overlap', () => {
    expect(boxesOverlap({ x: 0, y: 0, width: 1, height: 1 }, { x: 1, y: 0, width: 1, height: 1 })).toBe(false)
    expect(boxesOverlap({ x: 0, y: 0, width: 1, height: 1 }, { x: 0.5, y: 0.5, width: 1, height: 1 })).toBe(true)
  })
})

describe('the colour new text starts in', () => {
  const palette = [
    { name: 'White', hex: '#ffffff' },
    { name: 'Black', hex: '#111111' },
    { name: 'Amber Gold', hex: '#e0a526' },
  ]

  test('on a heather-grey hoodie it is not white but the first palette colour that reads on it', () => {
    const color = defaultTextColor(palette, '#b5b5b3')
    expect(color).toBe('#111111')
    expect(contrastRatio(parseCssColor(color!), parseCssColor('#b5b5b3'))).toBeGreaterThanOrEqual(TEXT_ON_GARMENT_MIN_CONTRAST)
  })

  test('on a dark garment the store’s first colour, white, is kept', () => {
    expect(defaultTextColor(palette, '#1f2a44')).toBe('#ffffff')
  })

  test('when no colour reads well enough, the one that contrasts most', () => {
    expect(defaultTextColor([{ hex: '#777777' }, { hex: '#999999' }], '#888888')).toBe('#777777')
    expect(defaultTextColor([{ hex: '#999999' }, { hex: '#eeeeee' }], '#888888')).toBe('#eeeeee')
  })

  test('without a garment colour, or with one that is not a colour, the palette’s first; with no palette, none', () => {
    expect(defaultTextColor(palette, null)).toBe('#ffffff')
    expect(defaultTextColor(palette, 'heather')).toBe('#ffffff')
    expect(defaultTextColor([], '#ffffff')).toBeNull()
  })
})
