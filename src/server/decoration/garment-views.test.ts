import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { GARMENT_KINDS } from '../images/garment-shapes'
import { renderMockup } from '../images/mockup-renderer'
import { DEFAULT_PRINT_AREAS, VIEW_INCHES } from './garment-views'

const SIZE = 400

/** The opacity of every pixel of the garment drawn without its studio background. */
async function silhouette(garment: (typeof GARMENT_KINDS)[number], side: 'front' | 'back') {
  const png = await renderMockup({ garment, colorCss: '#8a9bb0', side }, SIZE, { transparent: true })
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => data[(Math.round(y) * info.width + Math.round(x)) * 4 + 3]!
}

describe('default print areas', () => {
  test.each(GARMENT_KINDS)('every default area of a %s lies on the garment, inside its view', async (garment) => {
    const areas = DEFAULT_PRINT_AREAS[garment]
    expect(areas.length).toBeGreaterThan(0)
    const pixelsPerInch = SIZE / VIEW_INCHES[garment]
    for (const side of ['front', 'back'] as const) {
      const onSide = areas.filter((area) => area.view === side)
      if (onSide.length === 0) continue
      const alpha = await silhouette(garment, side)
      for (const area of onSide) {
        expect(area.x + area.width, `${area.code} fits the view`).toBeLessThanOrEqual(VIEW_INCHES[garment])
        expect(area.y + area.height, `${area.code} fits the view`).toBeLessThanOrEqual(VIEW_INCHES[garment])
        // A 5 × 5 grid over the area, just inside its edges.
        for (let i = 0; i <= 4; i++) {
          for (let j = 0; j <= 4; j++) {
            const x = (area.x + area.width * (0.02 + 0.24 * i)) * pixelsPerInch
            const y = (area.y + area.height * (0.02 + 0.24 * j)) * pixelsPerInch
            expect(alpha(x, y), `${garment} ${area.code} at (${x.toFixed(0)}, ${y.toFixed(0)})`).toBeGreaterThan(200)
          }
        }
      }
    }
  })

  test('codes are unique per garment kind, and a hoodie has a chest on the front and a full back', () => {
    for (const garment of GARMENT_KINDS) {
      const codes = DEFAULT_PRINT_AREAS[garment].map((area) => area.code)
      expect(new Set(codes).size).toBe(codes.length)
    }
    expect(DEFAULT_PRINT_AREAS.hoodie.find((area) => area.code === 'left-chest')).toMatchObject({ view: 'front', width: 4, height: 4 })
    expect(DEFAULT_PRINT_AREAS.hoodie.find((area) => area.code === 'full-back')).toMatchObject({ view: 'back' })
  })
})
