import sharp, { type OverlayOptions } from 'sharp'
import { darken, isDark, lighten, mix, parseCssColor, toHex } from '@/isomorphic/colors'
import { type LogoArtwork, rasterizeArtwork, renderMockup } from './mockup-renderer'
import { measureStrokeText, strokeTextPath } from './stroke-font'

// The website's own images drawn from its logo: a favicon, a social card (Open Graph / Twitter) and
// a home page hero. All in the store's colours, lettering in the stroke font (no installed fonts).

export const SITE_IMAGE_RENDERER_VERSION = 2

export type SiteImageKind = 'favicon' | 'social' | 'hero'

export type SiteImageSpec = {
  kind: SiteImageKind
  logo: { onLight: LogoArtwork; onDark?: LogoArtwork }
  background: string
  accent: string
  /** The store's name, lettered on the social card. */
  title: string
}

export const SITE_IMAGE_SIZES: Record<SiteImageKind, { width: number; height: number }> = {
  favicon: { width: 512, height: 512 },
  social: { width: 1200, height: 630 },
  hero: { width: 1600, height: 800 },
}

export async function renderSiteImage(spec: SiteImageSpec): Promise<Buffer> {
  if (spec.kind === 'favicon') return renderFavicon(spec)
  if (spec.kind === 'social') return renderSocial(spec)
  return renderHero(spec)
}

function artworkOn(spec: SiteImageSpec, backgroundCss: string): Buffer {
  return isDark(parseCssColor(backgroundCss)) ? (spec.logo.onDark ?? spec.logo.onLight).data : spec.logo.onLight.data
}

async function placeArtwork(data: Buffer, box: { x: number; y: number; width: number; height: number }): Promise<OverlayOptions> {
  const logo = await rasterizeArtwork(data, box.width, box.height)
  return {
    input: logo.data,
    left: Math.round(box.x + (box.width - logo.width) / 2),
    top: Math.round(box.y + (box.height - logo.height) / 2),
  }
}

async function renderFavicon(spec: SiteImageSpec): Promise<Buffer> {
  const { width, height } = SITE_IMAGE_SIZES.favicon
  const base = parseCssColor(spec.background)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${toHex(lighten(base, 0.08))}"/><stop offset="1" stop-color="${toHex(darken(base, 0.18))}"/></linearGradient></defs>
<rect width="512" height="512" rx="104" fill="url(#g)"/>
</svg>`
  const logo = await placeArtwork(artworkOn(spec, spec.background), { x: 72, y: 72, width: 368, height: 368 })
  return sharp(Buffer.from(svg)).composite([logo]).png().toBuffer()
}

function contourLines(cx: number, cy: number, rings: number, color: string, opacity: number): string {
  const paths: string[] = []
  for (let ring = 1; ring <= rings; ring++) {
    const radius = 40 + ring * 46
    const points: string[] = []
    for (let step = 0; step <= 72; step++) {
      const angle = (step / 72) * Math.PI * 2
      const wobble = 1 + 0.09 * Math.sin(3 * angle + ring * 0.35) + 0.05 * Math.sin(5 * angle - ring * 0.2)
      points.push(`${(cx + Math.cos(angle) * radius * wobble * 1.25).toFixed(1)} ${(cy + Math.sin(angle) * radius * wobble).toFixed(1)}`)
    }
    paths.push(`M${points.join(' L')} Z`)
  }
  return `<path d="${paths.join(' ')}" fill="none" stroke="${color}" stroke-width="2" stroke-opacity="${opacity}"/>`
}

function backdrop(width: number, height: number, spec: SiteImageSpec, contourCenter: [number, number]): string {
  const base = parseCssColor(spec.background)
  const accent = parseCssColor(spec.accent)
  return `<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${toHex(lighten(base, 0.06))}"/><stop offset="1" stop-color="${toHex(darken(base, 0.32))}"/></linearGradient>
  <radialGradient id="glow" cx="0.72" cy="0.35" r="0.6"><stop offset="0" stop-color="${toHex(mix(base, accent, 0.35))}" stop-opacity="0.55"/><stop offset="1" stop-color="${toHex(base)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
${contourLines(contourCenter[0], contourCenter[1], Math.ceil(width / 90), toHex(lighten(base, 0.6)), 0.09)}`
}

function ridgeline(width: number, height: number, base: string): string {
  const color = parseCssColor(base)
  const far = `M0 ${height} L0 ${height * 0.78} L${width * 0.12} ${height * 0.66} L${width * 0.22} ${height * 0.74} L${width * 0.34} ${height * 0.58} L${width * 0.47} ${height * 0.72} L${width * 0.6} ${height * 0.62} L${width * 0.74} ${height * 0.75} L${width * 0.88} ${height * 0.64} L${width} ${height * 0.72} L${width} ${height} Z`
  const near = `M0 ${height} L0 ${height * 0.88} L${width * 0.16} ${height * 0.8} L${width * 0.3} ${height * 0.9} L${width * 0.45} ${height * 0.79} L${width * 0.58} ${height * 0.88} L${width * 0.72} ${height * 0.82} L${width * 0.86} ${height * 0.9} L${width} ${height * 0.84} L${width} ${height} Z`
  return `<path d="${far}" fill="${toHex(darken(color, 0.22))}" opacity="0.55"/><path d="${near}" fill="${toHex(darken(color, 0.42))}" opacity="0.7"/>`
}

async function renderSocial(spec: SiteImageSpec): Promise<Buffer> {
  const { width, height } = SITE_IMAGE_SIZES.social
  const lines = wrapWords(spec.title.toUpperCase(), 640, 50, 0.08).slice(0, 3)
  const size = lines.length > 2 ? 42 : 50
  const lineHeight = size * 1.55
  const top = height / 2 - (lines.length * lineHeight - (lineHeight - size)) / 2
  const text = lines.map((line, index) => strokeTextPath(line, { x: 480, y: top + index * lineHeight, size, tracking: 0.08 })).join(' ')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${backdrop(width, height, spec, [980, 120])}
${ridgeline(width, height, spec.background)}
<rect x="436" y="${height / 2 - 110}" width="6" height="220" rx="3" fill="${spec.accent}"/>
<path d="${text}" fill="none" stroke="#ffffff" stroke-width="${(size * 0.13).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`
  const logo = await placeArtwork(artworkOn(spec, spec.background), { x: 80, y: height / 2 - 150, width: 300, height: 300 })
  return sharp(Buffer.from(svg)).composite([logo]).png().toBuffer()
}

async function renderHero(spec: SiteImageSpec): Promise<Buffer> {
  const { width, height } = SITE_IMAGE_SIZES.hero
  const base = parseCssColor(spec.background)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${backdrop(width, height, spec, [1180, 330])}
${ridgeline(width, height, spec.background)}
<ellipse cx="1130" cy="712" rx="420" ry="40" fill="#000000" opacity="0.22"/>
</svg>`
  const products = [
    { garment: 'tee' as const, colorCss: toHex(lighten(base, 0.9)), size: 470, left: 690, top: 150 },
    { garment: 'hoodie' as const, colorCss: '#9ea3a8', size: 560, left: 900, top: 120 },
    { garment: 'cap' as const, colorCss: spec.accent, size: 360, left: 1200, top: 400 },
  ]
  const layers = await Promise.all(
    products.map(async (product) => ({
      input: await renderMockup({ garment: product.garment, colorCss: product.colorCss, logo: spec.logo }, product.size, { transparent: true }),
      left: product.left,
      top: product.top,
    })),
  )
  return sharp(Buffer.from(svg)).composite(layers).png().toBuffer()
}

function wrapWords(text: string, maxWidth: number, size: number, tracking: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (current && measureStrokeText(candidate, size, tracking) > maxWidth) {
      lines.push(current)
      current = word
    } else {
      current = candidate
    }
  }
  if (current) lines.push(current)
  return lines
}
