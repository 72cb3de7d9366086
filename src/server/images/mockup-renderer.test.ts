import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { parseCssColor } from '@/isomorphic/colors'
import { GARMENT_KINDS } from './garment-shapes'
import { mockupSvg, renderMockup } from './mockup-renderer'
import { renderSiteImage, SITE_IMAGE_SIZES } from './site-image-renderer'
import { measureStrokeText, strokeTextPath } from './stroke-font'

const artwork = () => readFile(path.resolve('data/logos/granite-ridge-mark.svg'))

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  return [...(await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer())]
}

describe('garment mockups', () => {
  test.each(GARMENT_KINDS)('draws a %s as a square PNG in the product colour', async (garment) => {
    const png = await renderMockup({ garment, colorCss: '#c8102e' }, 200)
    expect(await sharp(png).metadata()).toMatchObject({ width: 200, height: 200, format: 'png' })
    const [r, g, b] = await pixel(png, 94, 116)
    expect(r! - Math.max(g!, b!)).toBeGreaterThan(60)
  })

  test('places the logo inside the garment and uses the reverse artwork on dark colours', async () => {
    const onLight = await artwork()
    const onDark = await readFile(path.resolve('data/logos/granite-ridge-mark-reverse.svg'))
    const logo = { onLight: { data: onLight, style: 'full' as const }, onDark: { data: onDark, style: 'full' as const } }
    const light = await renderMockup({ garment: 'tee', colorCss: '#ffffff', logo }, 500)
    const dark = await renderMockup({ garment: 'tee', colorCss: '#1d1d1f', logo }, 500)
    const { logoBox } = mockupSvg({ garment: 'tee', colorCss: '#ffffff' }, 500)
    const centre = [Math.round((logoBox!.x + logoBox!.width / 2) * 0.5), Math.round((logoBox!.y + 30) * 0.5)] as const
    expect(await pixel(light, centre[0], centre[1])).toEqual([0x1f, 0x4d, 0x3a])
    expect(await pixel(dark, centre[0], centre[1])).toEqual([0xff, 0xff, 0xff])
  })

  test('tones engraved artwork in one colour taken from the product', async () => {
    const logo = { onLight: { data: await artwork(), style: 'engraved' as const } }
    const png = await renderMockup({ garment: 'tumbler', colorCss: '#1d1d1f', logo }, 500)
    const { logoBox } = mockupSvg({ garment: 'tumbler', colorCss: '#1d1d1f' }, 500)
    const [r, g, b] = await pixel(png, Math.round((logoBox!.x + logoBox!.width / 2) * 0.5), Math.round((logoBox!.y + logoBox!.height / 2) * 0.5))
    expect(r).toBe(g)
    expect(g).toBe(b)
    expect(r).toBeGreaterThan(150)
  })

  test('refuses a colour that is not CSS', () => {
    expect(() => parseCssColor('navy')).toThrow('Not a CSS colour: navy')
  })
})

describe('site images', () => {
  test.each(['favicon', 'social', 'hero'] as const)('draws the %s at its size', async (kind) => {
    const png = await renderSiteImage({ kind, logo: { onLight: { data: await artwork(), style: 'full' } }, background: '#1f4d3a', accent: '#e0a526', title: 'Test Company Store' })
    expect(await sharp(png).metadata()).toMatchObject({ ...SITE_IMAGE_SIZES[kind], format: 'png' })
  })
})

describe('stroke font', () => {
  test('measures text from its glyphs, spacing and tracking', () => {
    expect(measureStrokeText('I', 10)).toBe(0)
    expect(measureStrokeText('II', 10)).toBeCloseTo(2.6)
    expect(measureStrokeText('II', 10, 0.1)).toBeCloseTo(3.6)
  })

  test('draws letters as paths and centres them on request', () => {
    const d = strokeTextPath('HI', { x: 100, y: 20, size: 10, align: 'middle' })
    expect(d).toBe('M94.9 20 L94.9 30 M102.5 20 L102.5 30 M94.9 25 L102.5 25 M105.1 20 L105.1 30')
  })

  test('draws characters it does not know as spaces', () => {
    expect(strokeTextPath('é', { x: 0, y: 0, size: 10 })).toBe('')
  })
})
