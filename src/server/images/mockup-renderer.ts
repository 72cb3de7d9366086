import { createHash } from 'node:crypto'
import sharp, { type OverlayOptions } from 'sharp'
import { darken, isDark, lighten, parseCssColor, toHex } from '@/isomorphic/colors'
import { drawGarment, garmentDefs, type Box, type GarmentKind, type GarmentSide, type LogoPlacement, paletteFor } from './garment-shapes'

/** Bump when the drawings change, so cached mockups are drawn again. */
export const MOCKUP_RENDERER_VERSION = 5

/** Masters are drawn at this size; the image route scales them down (never up past it). */
export const MOCKUP_SIZE = 1200

export type LogoArtwork = {
  /** SVG or raster bytes of the artwork. */
  data: Buffer
  /** How the decoration looks on the product: thread/ink colours, or one tone for engraving and debossing. */
  style: 'full' | 'engraved' | 'debossed'
}

export type MockupSpec = {
  garment: GarmentKind
  colorCss: string
  heather?: boolean
  /** The side drawn (the decoration editor's back view); the front unless said. */
  side?: GarmentSide
  placement?: LogoPlacement
  /** The artwork for light garments, and the reverse version for dark ones when there is one. */
  logo?: { onLight: LogoArtwork; onDark?: LogoArtwork }
}

export type MockupOptions = { /** Leave out the studio background and floor shadow (for compositions). */ transparent?: boolean }

export function mockupSvg(
  spec: MockupSpec,
  size: number = MOCKUP_SIZE,
  options: MockupOptions = {},
): { svg: string; logoBox: Box | null; isDark: boolean } {
  const palette = paletteFor(spec.colorCss, { heather: spec.heather ?? false })
  const drawing = drawGarment(spec.garment, palette, spec.side)
  const placement = spec.placement && drawing.logoBoxes[spec.placement] ? spec.placement : drawing.defaultPlacement
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">
${garmentDefs({ heather: palette.heather })}
${options.transparent ? '' : `<rect width="1000" height="1000" fill="url(#studio)"/>
<ellipse cx="500" cy="${drawing.floorY ?? 912}" rx="330" ry="34" fill="url(#floor)"/>`}
${drawing.body}
</svg>`
  return { svg, logoBox: drawing.logoBoxes[placement] ?? null, isDark: palette.isDark }
}

/** A PNG of the garment in its colour with the logo placed on it. */
export async function renderMockup(spec: MockupSpec, size: number = MOCKUP_SIZE, options: MockupOptions = {}): Promise<Buffer> {
  const { svg, logoBox, isDark: darkGarment } = mockupSvg(spec, size, options)
  const garment = sharp(Buffer.from(svg))
  const artwork = spec.logo && (darkGarment ? (spec.logo.onDark ?? spec.logo.onLight) : spec.logo.onLight)
  if (!artwork || !logoBox) return garment.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()

  const scale = size / 1000
  const box = { width: Math.round(logoBox.width * scale), height: Math.round(logoBox.height * scale) }
  const decoration = await decorationLayers(artwork, box, artwork.style === 'full' ? null : spec.colorCss, scale)
  const left = Math.round(logoBox.x * scale + (box.width - decoration.width) / 2)
  const top = Math.round(logoBox.y * scale + (box.height - decoration.height) / 2)
  const layers: OverlayOptions[] = decoration.shadow
    ? [
        { input: decoration.shadow, left: left + decoration.shadowOffset, top: top + decoration.shadowOffset },
        { input: decoration.logo, left, top },
      ]
    : [{ input: decoration.logo, left, top }]
  return garment.composite(layers).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer()
}

type Decoration = { logo: Buffer; shadow: Buffer | null; shadowOffset: number; width: number; height: number }

// A store draws the same logo at the same size on dozens of products: rasterize it once.
const decorations = new Map<string, Promise<Decoration>>()
const MAX_CACHED_DECORATIONS = 200

function decorationLayers(
  artwork: LogoArtwork,
  box: { width: number; height: number },
  toneColor: string | null,
  scale: number,
): Promise<Decoration> {
  const key = `${artwork.style}|${toneColor}|${box.width}x${box.height}|${scale}|${artworkKey(artwork.data)}`
  let cached = decorations.get(key)
  if (!cached) {
    if (decorations.size >= MAX_CACHED_DECORATIONS) decorations.delete(decorations.keys().next().value!)
    cached = (async () => {
      const logo = await rasterizeArtwork(artwork.data, box.width, box.height)
      const toned = toneColor && artwork.style !== 'full' ? await toneArtwork(logo.data, artwork.style, toneColor) : logo.data
      // A faint shadow under thread and ink makes the decoration sit on the fabric rather than float.
      const shadow =
        artwork.style === 'full' ? await sharp(toned).ensureAlpha().linear([0, 0, 0, 0.22], [0, 0, 0, 0]).blur(1.2).png().toBuffer() : null
      return { logo: toned, shadow, shadowOffset: Math.max(1, Math.round(scale * 2)), width: logo.width, height: logo.height }
    })()
    decorations.set(key, cached)
    cached.catch(() => decorations.delete(key))
  }
  return cached
}

const artworkKeys = new WeakMap<Buffer, string>()
function artworkKey(data: Buffer): string {
  let key = artworkKeys.get(data)
  if (!key) artworkKeys.set(data, (key = createHash('sha1').update(data).digest('hex')))
  return key
}

/** The artwork scaled to fit inside width × height, keeping its proportions (SVG drawn sharp at that size). */
export async function rasterizeArtwork(data: Buffer, width: number, height: number): Promise<{ data: Buffer; width: number; height: number }> {
  const probe = await sharp(data).metadata()
  const intrinsicWidth = probe.width ?? width
  const intrinsicHeight = probe.height ?? height
  const fit = Math.min(width / intrinsicWidth, height / intrinsicHeight)
  const input =
    probe.format === 'svg' ? sharp(data, { density: Math.min(72 * fit * 1.02, 2400) }) : sharp(data)
  const { data: png, info } = await input
    .resize({ width, height, fit: 'inside', withoutEnlargement: false })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { data: png, width: info.width, height: info.height }
}

/** Engraving and debossing show the artwork's shape in one tone taken from the product's colour. */
export async function toneArtwork(png: Buffer, style: 'engraved' | 'debossed', colorCss: string): Promise<Buffer> {
  const base = parseCssColor(colorCss)
  const tone =
    style === 'engraved' ? (isDark(base) ? lighten(base, 0.72) : { r: 200, g: 204, b: 208 }) : isDark(base) ? lighten(base, 0.12) : darken(base, 0.22)
  const hex = toHex(tone)
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const r = parseInt(hex.slice(1, 3), 16)
  const g = parseInt(hex.slice(3, 5), 16)
  const b = parseInt(hex.slice(5, 7), 16)
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r
    data[i + 1] = g
    data[i + 2] = b
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png().toBuffer()
}
