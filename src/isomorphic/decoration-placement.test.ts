import { describe, expect, test } from 'vitest'
import {
  allowedMethods,
  applyKey,
  aspectRatioOf,
  clampMove,
  fitIntoArea,
  initialBox,
  isInsideArea,
  isOnCenterLine,
  keyAction,
  meetsMinimumSize,
  placementProblems,
  resizeTo,
  snapToCenterLine,
  textProblem,
  type PlacementRules,
} from './decoration-placement'
import type { Decoration, DecorationMethod, LogoDecoration, PrintArea, TextDecoration } from './decoration-types'

const leftChest: PrintArea = { id: 1, code: 'left-chest', name: 'Left chest', view: 'front', x: 6, y: 4, width: 4, height: 4, methods: ['embroidery', 'screen_print', 'dtg'] }
const fullBack: PrintArea = { id: 2, code: 'full-back', name: 'Full back', view: 'back', x: 4, y: 3, width: 12, height: 16, methods: ['screen_print', 'dtg'] }

const method = (code: DecorationMethod['code'], name: string, minWidth: number, minHeight: number, maxColors: number | null): DecorationMethod => ({
  code,
  name,
  minWidth,
  minHeight,
  maxColors,
  fileTypes: ['png', 'svg'],
  setupFee: 2500,
  pricePerLocation: 600,
})

const rules: PlacementRules = {
  printAreas: [leftChest, fullBack],
  methods: [method('embroidery', 'Embroidery', 1.5, 0.5, 12), method('screen_print', 'Screen print', 1, 1, 4), method('dtg', 'DTG', 0.5, 0.5, null)],
  logos: [
    { id: 10, name: 'Crest', imageUrl: '/crest.png', aspectRatio: 2, colorCount: 3, methods: ['embroidery', 'screen_print'] },
    { id: 11, name: 'Photo', imageUrl: '/photo.png', aspectRatio: 1, colorCount: 9, methods: ['screen_print', 'dtg'] },
  ],
}

const logo = (fields: Partial<LogoDecoration> = {}): LogoDecoration => ({
  kind: 'logo',
  logoId: 10,
  artworkId: null,
  printAreaId: 1,
  method: 'embroidery',
  x: 0.5,
  y: 0.5,
  width: 3,
  height: 1.5,
  ...fields,
})

const text = (fields: Partial<TextDecoration> = {}): TextDecoration => ({
  kind: 'text',
  text: 'SMITH 7',
  fontId: 'block',
  color: '#ffffff',
  printAreaId: 2,
  method: 'screen_print',
  x: 2,
  y: 1,
  width: 8,
  height: 2,
  ...fields,
})

const codes = (decorations: Decoration[]) => placementProblems(decorations, rules).map((problem) => `${problem.index}:${problem.code}`)

describe('inside the print area', () => {
  test('a box touching the edges is inside; one a hair over is outside', () => {
    expect(isInsideArea({ x: 0, y: 0, width: 4, height: 4 }, leftChest)).toBe(true)
    expect(isInsideArea({ x: 0.1 + 0.2, y: 0, width: 3.7, height: 4 }, leftChest)).toBe(true)
    expect(isInsideArea({ x: 0.01, y: 0, width: 4, height: 4 }, leftChest)).toBe(false)
    expect(isInsideArea({ x: -0.01, y: 1, width: 1, height: 1 }, leftChest)).toBe(false)
    expect(isInsideArea({ x: 1, y: 3.5, width: 1, height: 0.6 }, leftChest)).toBe(false)
  })

  test('a logo that leaves its area is reported with the area named', () => {
    const problems = placementProblems([logo({ x: 2, width: 3 })], rules)
    expect(problems).toEqual([{ index: 0, code: 'outside_area', message: 'The logo must stay inside the Left chest area.' }])
  })

  test('a decoration whose area the product does not have is asked to choose one', () => {
    expect(placementProblems([text({ printAreaId: 99 })], rules)).toEqual([{ index: 0, code: 'outside_area', message: 'Choose a print area for the text.' }])
  })
})

describe('minimum size per method', () => {
  test('embroidery needs 1.5 in of width; the same logo printed may be smaller', () => {
    expect(meetsMinimumSize({ width: 1.5, height: 0.75 }, rules.methods[0]!)).toBe(true)
    expect(placementProblems([logo({ width: 1.4, height: 0.7 })], rules)).toEqual([
      { index: 0, code: 'too_small', message: 'Embroidery needs the logo at least 1.5 in wide.' },
    ])
    expect(codes([logo({ width: 1.4, height: 1, method: 'screen_print' })])).toEqual([])
  })

  test('a box short of both sides names both', () => {
    expect(placementProblems([text({ width: 0.8, height: 0.4 })], rules)[0]?.message).toBe(
      'Screen print needs the text at least 1 in wide and 1 in tall.',
    )
  })
})

describe('methods', () => {
  test('a logo is offered the methods both its area and itself allow, in the area order', () => {
    expect(allowedMethods(leftChest, rules.logos[0]!)).toEqual(['embroidery', 'screen_print'])
    expect(allowedMethods(fullBack, rules.logos[0]!)).toEqual(['screen_print'])
    expect(allowedMethods(fullBack, null)).toEqual(['screen_print', 'dtg'])
  })

  test('a method the area or the logo does not allow is refused with both named', () => {
    expect(placementProblems([logo({ printAreaId: 2, method: 'embroidery', x: 1, y: 1 })], rules)).toEqual([
      { index: 0, code: 'method_not_allowed', message: 'Embroidery is not available for this logo in the Full back area.' },
    ])
    expect(placementProblems([text({ method: 'embroidery' })], rules)[0]?.message).toBe('Embroidery is not available in the Full back area.')
    expect(placementProblems([text({ method: 'engraving' })], rules)[0]?.message).toBe('Choose a decoration method for the text.')
  })

  test('a logo the product does not offer is refused', () => {
    expect(placementProblems([logo({ logoId: 77 })], rules)[0]).toEqual({
      index: 0,
      code: 'method_not_allowed',
      message: 'Choose one of the logos offered for this product.',
    })
    expect(codes([logo({ logoId: null, artworkId: 'a1b2' })])).toEqual([])
  })

  test('a logo with more colours than the method prints is refused', () => {
    expect(placementProblems([logo({ logoId: 11, method: 'screen_print', width: 2, height: 2 })], rules)).toEqual([
      { index: 0, code: 'too_many_colors', message: 'Screen print prints at most 4 colors; this logo has 9.' },
    ])
    expect(codes([logo({ logoId: 11, method: 'dtg', width: 2, height: 2 })])).toEqual([])
  })
})

describe('text', () => {
  test('one to thirty printable characters on one line', () => {
    expect(textProblem('No. 7 — Ünal!')).toBeNull()
    expect(textProblem('x'.repeat(30))).toBeNull()
    expect(textProblem('   ')).toEqual({ code: 'empty_text', message: 'Enter the text to print.' })
    expect(textProblem('x'.repeat(31))).toEqual({ code: 'invalid_text', message: 'The text can have at most 30 characters.' })
    expect(textProblem('two\nlines')?.code).toBe('invalid_text')
    expect(textProblem('zero\u200bwidth')?.code).toBe('invalid_text')
  })

  test('problems are listed per decoration with its index', () => {
    expect(codes([logo(), text({ text: '' }), logo({ x: 3 })])).toEqual(['1:empty_text', '2:outside_area'])
  })
})

describe('snapping to the centre line', () => {
  test('a box whose centre is within 0.15 in of the line snaps onto it', () => {
    const near = snapToCenterLine({ x: 0.6, y: 1, width: 3, height: 1.5 }, leftChest)
    expect(near).toEqual({ box: { x: 0.5, y: 1, width: 3, height: 1.5 }, snapped: true })
    expect(isOnCenterLine(near.box, leftChest)).toBe(true)
  })

  test('a box further away stays where it is', () => {
    const box = { x: 0.7, y: 1, width: 3, height: 1.5 }
    expect(snapToCenterLine(box, leftChest)).toEqual({ box, snapped: false })
    expect(isOnCenterLine(box, leftChest)).toBe(false)
  })
})

describe('clamping moves and resizes into the area', () => {
  test('a move past an edge stops at the edge', () => {
    expect(clampMove({ x: 3, y: -1, width: 2, height: 1 }, leftChest)).toEqual({ x: 2, y: 0, width: 2, height: 1 })
  })

  test('a resize keeps the aspect ratio and stops at the area edge', () => {
    expect(resizeTo({ x: 1, y: 1, width: 2, height: 1 }, 10, leftChest, 2)).toEqual({ x: 1, y: 1, width: 3, height: 1.5 })
    expect(resizeTo({ x: 0, y: 3, width: 1, height: 0.5 }, 10, leftChest, 1)).toEqual({ x: 0, y: 3, width: 1, height: 1 })
  })

  test('a resize never shrinks a decoration out of reach', () => {
    expect(resizeTo({ x: 1, y: 1, width: 2, height: 1 }, 0, leftChest, 2)).toEqual({ x: 1, y: 1, width: 0.4, height: 0.2 })
  })

  test('a decoration moved to a smaller area is shrunk to fit in its proportions', () => {
    expect(fitIntoArea({ x: 2, y: 1, width: 8, height: 2 }, leftChest, 4)).toEqual({ x: 0, y: 1, width: 4, height: 1 })
  })

  test('a new decoration starts centred, at least the method minimum when it fits', () => {
    const box = initialBox(leftChest, 2, { minWidth: 3, minHeight: 0.5 })
    expect(box).toEqual({ x: 0.5, y: 0.63, width: 3, height: 1.5 })
    expect(isOnCenterLine(box, leftChest)).toBe(true)
    expect(initialBox(leftChest, 1)).toEqual({ x: 0.8, y: 0.4, width: 2.4, height: 2.4 })
  })
})

describe('keyboard steps', () => {
  const box = { x: 1, y: 1, width: 2, height: 1 }

  test('arrows move by 0.1 in and by 1 in with Shift, without float noise', () => {
    expect(applyKey(box, { key: 'ArrowRight' }, leftChest, 2)).toEqual({ ...box, x: 1.1 })
    expect(applyKey({ ...box, x: 0.2 }, { key: 'ArrowRight' }, leftChest, 2)?.x).toBe(0.3)
    expect(applyKey(box, { key: 'ArrowDown', shiftKey: true }, leftChest, 2)).toEqual({ ...box, y: 2 })
    expect(applyKey(box, { key: 'ArrowLeft', shiftKey: true }, leftChest, 2)).toEqual({ ...box, x: 0 })
    expect(applyKey(box, { key: 'ArrowUp', shiftKey: true }, leftChest, 2)).toEqual({ ...box, y: 0 })
  })

  test('+ and − resize by 0.1 in keeping the logo proportions, even when typed with Shift', () => {
    expect(applyKey(box, { key: '+', shiftKey: true }, leftChest, 2)).toEqual({ ...box, width: 2.1, height: 1.05 })
    expect(applyKey(box, { key: '=' }, leftChest, 2)).toEqual({ ...box, width: 2.1, height: 1.05 })
    expect(applyKey(box, { key: '-' }, leftChest, 2)).toEqual({ ...box, width: 1.9, height: 0.95 })
  })

  test('Ctrl + arrows resize by 0.1 in, and by 1 in with Shift', () => {
    expect(applyKey(box, { key: 'ArrowRight', ctrlKey: true }, leftChest, 2)).toEqual({ ...box, width: 2.1, height: 1.05 })
    expect(applyKey(box, { key: 'ArrowDown', ctrlKey: true, shiftKey: true }, leftChest, 2)).toEqual({ ...box, width: 1, height: 0.5 })
    expect(keyAction({ key: 'ArrowUp', ctrlKey: true, shiftKey: true })).toEqual({ kind: 'resize', dWidth: 1 })
  })

  test('other keys and browser shortcuts are left alone', () => {
    expect(applyKey(box, { key: 'a' }, leftChest, 2)).toBeNull()
    expect(keyAction({ key: 'ArrowLeft', metaKey: true })).toBeNull()
    expect(keyAction({ key: '+', ctrlKey: true })).toBeNull()
  })

  test('a logo keeps its artwork proportions; text keeps its box proportions', () => {
    expect(aspectRatioOf(logo({ width: 3, height: 3 }), rules.logos)).toBe(2)
    expect(aspectRatioOf(text({ width: 8, height: 2 }), rules.logos)).toBe(4)
  })
})
