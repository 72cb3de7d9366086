import { describe, expect, test } from 'vitest'
import { isInsideArea, isOnCenterLine, placementProblems } from '@/isomorphic/decoration-placement'
import type { DecorationMethod, DecorationOptions, PrintArea, TextDecoration } from '@/isomorphic/decoration-types'
import { areasFor, moveToArea, placeArtwork, placeLogo, placeText, withText } from './decoration-edits'

const area = (id: number, code: string, name: string, view: PrintArea['view'], width: number, height: number, methods: PrintArea['methods']): PrintArea => ({
  id,
  code,
  name,
  view,
  x: 2,
  y: 2,
  width,
  height,
  methods,
})

const method = (code: DecorationMethod['code'], name: string, minWidth: number): DecorationMethod => ({
  code,
  name,
  minWidth,
  minHeight: 0.5,
  maxColors: null,
  fileTypes: ['png'],
  setupFee: 2000,
  pricePerLocation: 500,
})

const options: Pick<DecorationOptions, 'printAreas' | 'logos' | 'methods'> = {
  printAreas: [
    area(1, 'left-chest', 'Left chest', 'front', 4, 4, ['embroidery', 'screen_print']),
    area(2, 'full-front', 'Full front', 'front', 12, 14, ['screen_print', 'dtg']),
    area(3, 'full-back', 'Full back', 'back', 12, 16, ['screen_print', 'dtg']),
    area(4, 'nape', 'Nape', 'back', 3, 1.5, ['embroidery']),
  ],
  methods: [method('embroidery', 'Embroidery', 1.5), method('screen_print', 'Screen print', 1), method('dtg', 'DTG', 1)],
  logos: [
    { id: 10, name: 'Crest', imageUrl: '/crest.png', aspectRatio: 2, colorCount: 3, methods: ['embroidery'] },
    { id: 11, name: 'Wordmark', imageUrl: '/word.png', aspectRatio: 4, colorCount: 1, methods: ['screen_print'] },
  ],
}

describe('placing new decorations', () => {
  test('a logo lands centred in the first area of the view that takes it, with a method it allows', () => {
    const placed = placeLogo(options, options.logos[0]!, 'front')
    expect(placed?.view).toBe('front')
    expect(placed?.decoration).toMatchObject({ kind: 'logo', logoId: 10, printAreaId: 1, method: 'embroidery' })
    expect(isOnCenterLine(placed!.decoration, options.printAreas[0]!)).toBe(true)
    expect(placementProblems([placed!.decoration], options)).toEqual([])
  })

  test('a logo no area of the shown view takes goes to the other view', () => {
    const placed = placeLogo({ ...options, printAreas: options.printAreas.slice(2) }, options.logos[0]!, 'front')
    expect(placed).toMatchObject({ view: 'back', decoration: { printAreaId: 4 } })
  })

  test('text goes to the largest area of the view and meets the method minimum', () => {
    const placed = placeText(options, { text: 'SMITH', fontId: 'block', color: '#000000' }, 'back')
    expect(placed?.decoration).toMatchObject({ printAreaId: 3, method: 'screen_print' })
    expect(placementProblems([placed!.decoration], options)).toEqual([])
  })

  test('uploaded artwork is placed like a logo, with any method of the area, in its own proportions', () => {
    const placed = placeArtwork(options, { id: 'f3a1', aspectRatio: 0.5 }, 'back')
    expect(placed?.decoration).toMatchObject({ kind: 'logo', logoId: null, artworkId: 'f3a1', printAreaId: 3, method: 'screen_print' })
    expect(placed!.decoration.width / placed!.decoration.height).toBeCloseTo(0.5, 2)
    expect(placementProblems([placed!.decoration], options)).toEqual([])
  })

  test('areas for text are those with any method the store has', () => {
    expect(areasFor(options, null).map((candidate) => candidate.id)).toEqual([1, 2, 3, 4])
    expect(areasFor(options, options.logos[1]!).map((candidate) => candidate.id)).toEqual([1, 2, 3])
  })
})

describe('editing decorations', () => {
  const name: TextDecoration = { kind: 'text', text: 'SMITH', fontId: 'block', color: '#000', printAreaId: 3, method: 'dtg', x: 1, y: 1, width: 10, height: 2.5 }

  test('moving to a smaller area fits the decoration inside and switches to a method the area allows', () => {
    const moved = moveToArea(name, options.printAreas[3]!, options)
    expect(moved).toMatchObject({ printAreaId: 4, method: 'embroidery' })
    expect(isInsideArea(moved, options.printAreas[3]!)).toBe(true)
    expect(moved.width / moved.height).toBeCloseTo(4, 1)
  })

  test('a method the new area also allows is kept', () => {
    expect(moveToArea(name, options.printAreas[1]!, options).method).toBe('dtg')
  })

  test('retyped text keeps its height and stays inside its area', () => {
    const longer = withText(name, 'SMITHSON-WILLIAMS', options.printAreas[2]!)
    expect(longer.text).toBe('SMITHSON-WILLIAMS')
    expect(isInsideArea(longer, options.printAreas[2]!)).toBe(true)
    expect(longer.width).toBeGreaterThan(name.width)
    expect(withText(name, 'AL', options.printAreas[2]!)).toMatchObject({ height: 2.5, width: 4.1 })
  })
})
