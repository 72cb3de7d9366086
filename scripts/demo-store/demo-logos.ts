import { measureStrokeText, strokeTextPath } from '@/server/images/stroke-font'

// The demo company's artwork: Granite Ridge Engineering, a civil and geotechnical engineering firm
// with field crews. Simple vector marks in two colours, lettered with the stroke font so they render
// identically everywhere. Each logo has a reverse version for dark garments.

export const BRAND = {
  forest: '#1f4d3a',
  slate: '#3d4a55',
  amber: '#e0a526',
  sage: '#b9d1c1',
  white: '#ffffff',
} as const

export type DemoLogoArt = { file: string; svg: string; svgOnDark?: string; fileOnDark?: string }

type Colors = { mountain: string; snow: string; text: string; subtext: string; accent: string }

const ON_LIGHT: Colors = { mountain: BRAND.forest, snow: BRAND.white, text: BRAND.forest, subtext: BRAND.slate, accent: BRAND.amber }
const ON_DARK: Colors = { mountain: BRAND.white, snow: BRAND.forest, text: BRAND.white, subtext: BRAND.sage, accent: BRAND.amber }

/** Two peaks with a survey line: the mark, drawn into a box (x, y, width) 1.6:1. */
function mountains(x: number, y: number, width: number, colors: Colors): string {
  const s = width / 160
  const pt = (px: number, py: number) => `${(x + px * s).toFixed(1)} ${(y + py * s).toFixed(1)}`
  return `<path d="M${pt(0, 100)} L${pt(58, 10)} L${pt(88, 56)} L${pt(108, 30)} L${pt(160, 100)} Z" fill="${colors.mountain}"/>
<path d="M${pt(44, 32)} L${pt(58, 10)} L${pt(72, 32)} L${pt(64, 28)} L${pt(58, 36)} L${pt(52, 28)} Z" fill="${colors.snow}"/>
<path d="M${pt(99, 42)} L${pt(108, 30)} L${pt(117, 42)} L${pt(112, 40)} L${pt(108, 45)} L${pt(104, 40)} Z" fill="${colors.snow}"/>
<path d="M${pt(14, 84)} C${pt(48, 70)} ${pt(92, 96)} ${pt(146, 78)}" fill="none" stroke="${colors.accent}" stroke-width="${(6 * s).toFixed(1)}" stroke-linecap="round"/>`
}

function text(value: string, options: { x: number; y: number; size: number; color: string; tracking?: number; align?: 'start' | 'middle'; weight?: number }) {
  const d = strokeTextPath(value, { x: options.x, y: options.y, size: options.size, tracking: options.tracking, align: options.align })
  return `<path d="${d}" fill="none" stroke="${options.color}" stroke-width="${(options.size * (options.weight ?? 0.14)).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n${body}\n</svg>\n`
}

/** The round mark: peaks in a disc. Favicon, caps, small placements. */
function mark(disc: string, peaks: string): string {
  return svg(200, 200, `<circle cx="100" cy="100" r="96" fill="${disc}"/>\n${mountains(36, 54, 128, { ...ON_LIGHT, mountain: peaks, snow: disc })}`)
}

/**
 * The mark in one colour for engraving and debossing: the peaks, with the snowcaps and the survey
 * line cut out, so the shape still reads when the product's finish is the only colour.
 */
function monoMark(): string {
  return svg(
    200,
    140,
    `<mask id="cut" maskUnits="userSpaceOnUse" x="0" y="0" width="200" height="140">
  <rect width="200" height="140" fill="#ffffff"/>
  <path d="M63 40 L80 12 L97 40 L87 35 L80 45 L73 35 Z M127 54 L138 38 L149 54 L142 51 L138 57 L133 51 Z" fill="#000000"/>
  <path d="M36 110 C80 92 128 124 180 98" fill="none" stroke="#000000" stroke-width="9" stroke-linecap="round"/>
</mask>
<path d="M8 128 L80 12 L118 70 L138 38 L196 128 Z" fill="${BRAND.forest}" mask="url(#cut)"/>`,
  )
}

/** Peaks beside "GRANITE RIDGE / ENGINEERING": the primary lockup for embroidery. */
function primary(colors: Colors): string {
  const nameSize = 56
  const nameWidth = measureStrokeText('GRANITE RIDGE', nameSize, 0.04)
  const width = Math.ceil(214 + nameWidth + 16)
  return svg(
    width,
    180,
    `${mountains(8, 30, 180, colors)}
${text('GRANITE RIDGE', { x: 214, y: 36, size: nameSize, color: colors.text, tracking: 0.04 })}
<rect x="214" y="110" width="${(nameWidth * 0.22).toFixed(0)}" height="6" rx="3" fill="${colors.accent}"/>
${text('ENGINEERING', { x: 214 + nameWidth * 0.22 + 18, y: 102, size: 22, color: colors.subtext, tracking: 0.62, weight: 0.16 })}`,
  )
}

/** Stacked wordmark under the peaks: the big front print on tees and sweatshirts. */
function stacked(colors: Colors): string {
  const width = Math.ceil(Math.max(measureStrokeText('GRANITE', 64, 0.1), measureStrokeText('ENGINEERING', 24, 0.7)) + 40)
  const cx = width / 2
  return svg(
    width,
    400,
    `${mountains(cx - 96, 8, 192, colors)}
${text('GRANITE', { x: cx, y: 150, size: 64, color: colors.text, tracking: 0.1, align: 'middle' })}
${text('RIDGE', { x: cx, y: 236, size: 64, color: colors.text, tracking: 0.3, align: 'middle' })}
<rect x="${cx - 150}" y="326" width="300" height="5" rx="2.5" fill="${colors.accent}"/>
${text('ENGINEERING', { x: cx, y: 346, size: 24, color: colors.subtext, tracking: 0.7, align: 'middle', weight: 0.16 })}`,
  )
}

/** The field crew shield, screen printed on workwear and safety gear. */
function fieldCrew(colors: { shield: string; ring: string; text: string; accent: string }): string {
  return svg(
    220,
    260,
    `<path d="M110 8 L204 42 L204 128 C204 190 154 230 110 250 C66 230 16 190 16 128 L16 42 Z" fill="${colors.shield}"/>
<path d="M110 22 L190 51 L190 128 C190 180 148 215 110 234 C72 215 30 180 30 128 L30 51 Z" fill="none" stroke="${colors.ring}" stroke-width="5"/>
${mountains(75, 40, 70, { mountain: colors.accent, snow: colors.shield, text: colors.text, subtext: colors.text, accent: colors.text })}
${text('FIELD', { x: 110, y: 98, size: 28, color: colors.text, tracking: 0.1, align: 'middle', weight: 0.15 })}
${text('CREW', { x: 110, y: 138, size: 28, color: colors.text, tracking: 0.14, align: 'middle', weight: 0.15 })}
${text('EST. 1998', { x: 110, y: 180, size: 12, color: colors.accent, tracking: 0.15, align: 'middle', weight: 0.18 })}`,
  )
}

export function demoLogos(): DemoLogoArt[] {
  return [
    { file: 'logos/granite-ridge-primary.svg', svg: primary(ON_LIGHT), fileOnDark: 'logos/granite-ridge-primary-reverse.svg', svgOnDark: primary(ON_DARK) },
    { file: 'logos/granite-ridge-mark.svg', svg: mark(BRAND.forest, BRAND.white), fileOnDark: 'logos/granite-ridge-mark-reverse.svg', svgOnDark: mark(BRAND.white, BRAND.forest) },
    { file: 'logos/granite-ridge-stacked.svg', svg: stacked(ON_LIGHT), fileOnDark: 'logos/granite-ridge-stacked-reverse.svg', svgOnDark: stacked(ON_DARK) },
    { file: 'logos/granite-ridge-mark-mono.svg', svg: monoMark() },
    {
      file: 'logos/field-crew-badge.svg',
      svg: fieldCrew({ shield: BRAND.slate, ring: BRAND.amber, text: BRAND.white, accent: BRAND.amber }),
      fileOnDark: 'logos/field-crew-badge-reverse.svg',
      svgOnDark: fieldCrew({ shield: BRAND.amber, ring: BRAND.white, text: BRAND.slate, accent: BRAND.white }),
    },
  ]
}
