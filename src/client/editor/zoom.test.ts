import { describe, expect, it } from 'vitest'
import { anchoredScroll, clampZoom, MAX_ZOOM, MIN_ZOOM, stepZoom, wheelZoom } from './zoom'

describe('the editor preview zoom', () => {
  it('steps in and out through the fixed steps, from any zoom, and stops at either end', () => {
    expect(stepZoom(1, 1)).toBe(1.5)
    expect(stepZoom(1.5, 1)).toBe(2)
    expect(stepZoom(2.4, 1)).toBe(3)
    expect(stepZoom(2.4, -1)).toBe(2)
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM)
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM)
  })

  it('zooms in when the wheel turns up with Ctrl held and out when it turns down, within the limits', () => {
    expect(wheelZoom(2, -100)).toBeGreaterThan(2)
    expect(wheelZoom(2, 100)).toBeLessThan(2)
    expect(wheelZoom(4, -1000)).toBe(MAX_ZOOM)
    expect(wheelZoom(1, 1000)).toBe(MIN_ZOOM)
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM)
  })

  it('keeps the point being zoomed under the same spot of the viewport, without scrolling past the content', () => {
    // The centre of a 400 px view, zoomed to 800 px, stays in the middle of the 400 px viewport.
    expect(anchoredScroll(0.5, 200, 800, 400)).toBe(200)
    // A point near the start cannot be scrolled before the content's start, nor one near the end past its end.
    expect(anchoredScroll(0.05, 200, 800, 400)).toBe(0)
    expect(anchoredScroll(0.98, 100, 800, 400)).toBe(400)
  })
})
