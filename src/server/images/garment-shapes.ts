import { contrastTone, darken, isDark, lighten, parseCssColor, toHex } from '@/isomorphic/colors'

// Flat-vector product mockups: each garment kind is drawn on a 1000 × 1000 canvas in the product's
// colour, with light shading, seams and stitching, and a box where the logo goes. Symmetric outlines
// are written as their right half and mirrored, so each shape is described once.

export const GARMENT_KINDS = [
  'tee',
  'longsleeve',
  'polo',
  'hoodie',
  'zip-hoodie',
  'crewneck',
  'quarter-zip',
  'jacket',
  'vest',
  'work-shirt',
  'safety-vest',
  'cap',
  'trucker-cap',
  'beanie',
  'tote',
  'backpack',
  'duffel',
  'tumbler',
  'bottle',
  'notebook',
] as const
export type GarmentKind = (typeof GARMENT_KINDS)[number]

export const LOGO_PLACEMENTS = ['left-chest', 'center-chest', 'front'] as const
export type LogoPlacement = (typeof LOGO_PLACEMENTS)[number]

export type Box = { x: number; y: number; width: number; height: number }

export type GarmentDrawing = {
  /** SVG elements on the 1000 × 1000 canvas, background excluded. */
  body: string
  logoBoxes: Partial<Record<LogoPlacement, Box>>
  defaultPlacement: LogoPlacement
  /** Where the soft floor shadow sits (the bottom of the item). */
  floorY?: number
}

export type Palette = {
  base: string
  outline: string
  seam: string
  shadow: string
  deep: string
  rib: string
  highlight: string
  trim: string
  isDark: boolean
  heather: boolean
}

export function paletteFor(css: string, options: { heather?: boolean } = {}): Palette {
  const color = parseCssColor(css)
  return {
    base: toHex(color),
    outline: toHex(contrastTone(color, 0.32)),
    seam: toHex(contrastTone(color, 0.24)),
    shadow: toHex(darken(color, 0.18)),
    deep: toHex(darken(color, 0.42)),
    rib: toHex(contrastTone(color, 0.07)),
    highlight: toHex(lighten(color, 0.18)),
    trim: toHex(isDark(color) ? lighten(color, 0.1) : darken(color, 0.1)),
    isDark: isDark(color),
    heather: options.heather ?? false,
  }
}

type Point = readonly [number, number]
type Segment = { to: Point } | { q: Point; to: Point } | { c1: Point; c2: Point; to: Point }

const mirror = ([x, y]: Point): Point => [1000 - x, y]
const fmt = ([x, y]: Point) => `${round(x)} ${round(y)}`
const round = (value: number) => Math.round(value * 10) / 10

function segmentPath(segment: Segment): string {
  if ('c1' in segment) return `C${fmt(segment.c1)} ${fmt(segment.c2)} ${fmt(segment.to)}`
  if ('q' in segment) return `Q${fmt(segment.q)} ${fmt(segment.to)}`
  return `L${fmt(segment.to)}`
}

/** A closed outline from its right half: starts on the centre line, ends on it, mirrored back. */
function symmetric(start: Point, right: Segment[]): string {
  const parts = [`M${fmt(start)}`, ...right.map(segmentPath)]
  const points = [start, ...right.map((segment) => segment.to)]
  for (let i = right.length - 1; i >= 0; i--) {
    const segment = right[i]!
    const from = mirror(points[i]!)
    if ('c1' in segment) parts.push(`C${fmt(mirror(segment.c2))} ${fmt(mirror(segment.c1))} ${fmt(from)}`)
    else if ('q' in segment) parts.push(`Q${fmt(mirror(segment.q))} ${fmt(from)}`)
    else parts.push(`L${fmt(from)}`)
  }
  return `${parts.join(' ')} Z`
}

/** The same open path on both sides (seams, sleeve lines). */
function both(d: (side: (point: Point) => Point) => string): string {
  return `${d((point) => point)} ${d(mirror)}`
}

const p = (x: number, y: number): Point => [x, y]
const id = (point: Point) => point

let clipCounter = 0

function shaded(d: string, palette: Palette, options: { outline?: boolean; fill?: string } = {}): string {
  // Gradients in bounding-box units light each shape from the upper left without a clip path.
  return `<path d="${d}" fill="${options.fill ?? palette.base}"/>
${palette.heather ? `<path d="${d}" fill="url(#heather)"/>` : ''}
<path d="${d}" fill="url(#lightX)"/><path d="${d}" fill="url(#lightY)"/>
${options.outline === false ? '' : `<path d="${d}" fill="none" stroke="${palette.outline}" stroke-width="3" stroke-linejoin="round"/>`}`
}

function seam(d: string, palette: Palette, width = 2.5): string {
  return `<path d="${d}" fill="none" stroke="${palette.seam}" stroke-width="${width}" stroke-dasharray="8 6" stroke-linecap="round"/>`
}

function line(d: string, color: string, width: number, opacity = 1): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`
}

function fold(d: string, dark: boolean): string {
  const color = dark ? '#ffffff' : '#000000'
  return `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="${dark ? 0.018 : 0.025}" stroke-width="30" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${color}" stroke-opacity="${dark ? 0.025 : 0.035}" stroke-width="12" stroke-linecap="round"/>`
}

/** Knit ribbing on a four-sided band: lines across it from the edge a–b to the edge d–c. */
function ribbing(corners: readonly [Point, Point, Point, Point], palette: Palette, spacing = 9): string {
  const [a, b, c, d] = corners
  const length = Math.hypot(b[0] - a[0], b[1] - a[1])
  const count = Math.max(2, Math.round(length / spacing))
  const lerp = (from: Point, to: Point, t: number): Point => [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]
  const lines: string[] = []
  for (let i = 1; i < count; i++) lines.push(`M${fmt(lerp(a, b, i / count))} L${fmt(lerp(d, c, i / count))}`)
  const outline = `M${fmt(a)} L${fmt(b)} L${fmt(c)} L${fmt(d)} Z`
  return `<path d="${outline}" fill="${palette.rib}"/>${line(lines.join(' '), palette.seam, 2, 0.4)}<path d="${outline}" fill="url(#lightX)"/>
<path d="${outline}" fill="none" stroke="${palette.outline}" stroke-width="3" stroke-linejoin="round"/>`
}

/** Ribbing on a curved band (collars, waistbands): the ribs are clipped to the band. */
function curvedRibbing(d: string, palette: Palette, from: number, to: number, spacing = 9): string {
  const clip = `r${++clipCounter}`
  const lines: string[] = []
  for (let x = from; x <= to; x += spacing) lines.push(`M${x} 0 V1000`)
  return `<clipPath id="${clip}"><path d="${d}"/></clipPath>
<path d="${d}" fill="${palette.rib}"/>
<g clip-path="url(#${clip})">${line(lines.join(' '), palette.seam, 2, 0.4)}</g>
<path d="${d}" fill="url(#lightX)"/><path d="${d}" fill="none" stroke="${palette.outline}" stroke-width="3" stroke-linejoin="round"/>`
}

function zipper(x: number, top: number, bottom: number, palette: Palette): string {
  const tape = palette.isDark ? lighten(parseCssColor(palette.base), 0.08) : darken(parseCssColor(palette.base), 0.12)
  return `<rect x="${x - 9}" y="${top}" width="18" height="${bottom - top}" fill="${toHex(tape)}"/>
${line(`M${x} ${top + 4} V${bottom}`, '#9aa0a6', 7)}
${line(`M${x} ${top + 4} V${bottom}`, '#5f6368', 7, 0.35)}
<rect x="${x - 11}" y="${top + 8}" width="22" height="38" rx="6" fill="#b9bec4" stroke="#6b7177" stroke-width="2"/>
<rect x="${x - 5}" y="${top + 40}" width="10" height="34" rx="4" fill="#c9cdd2" stroke="#6b7177" stroke-width="2"/>`
}

function buttons(x: number, ys: number[], palette: Palette): string {
  const fill = palette.isDark ? toHex(lighten(parseCssColor(palette.base), 0.25)) : toHex(darken(parseCssColor(palette.base), 0.08))
  return ys
    .map(
      (y) =>
        `<circle cx="${x}" cy="${y}" r="9" fill="${fill}" stroke="${palette.outline}" stroke-width="2"/><circle cx="${x - 2.5}" cy="${y}" r="1.6" fill="${palette.outline}"/><circle cx="${x + 2.5}" cy="${y}" r="1.6" fill="${palette.outline}"/>`,
    )
    .join('')
}

// Shared outlines ---------------------------------------------------------------------------------

const SHORT_SLEEVE_BODY = (neckDepth: number) =>
  symmetric(p(500, neckDepth), [
    { q: p(560, neckDepth - 2), to: p(588, 186) },
    { to: p(702, 214) },
    { q: p(790, 250), to: p(872, 360) },
    { to: p(792, 440) },
    { to: p(726, 392) },
    { q: p(716, 620), to: p(738, 872) },
    { q: p(620, 886), to: p(500, 886) },
  ])

const LONG_SLEEVE_BODY = (neckDepth: number, hem = 886) =>
  symmetric(p(500, neckDepth), [
    { q: p(560, neckDepth - 2), to: p(588, 186) },
    { to: p(702, 214) },
    { c1: p(790, 250), c2: p(838, 420), to: p(872, 560) },
    { to: p(902, 792) },
    { to: p(818, 806) },
    { to: p(774, 520) },
    { to: p(728, 402) },
    { q: p(718, 640), to: p(736, hem - 14) },
    { q: p(620, hem), to: p(500, hem) },
  ])

const LONG_CUFF = (side: (point: Point) => Point) =>
  `M${fmt(side(p(902, 792)))} L${fmt(side(p(912, 862)))} L${fmt(side(p(828, 876)))} L${fmt(side(p(818, 806)))} Z`

const cuffCorners = (s: (point: Point) => Point) =>
  [s(p(902, 792)), s(p(818, 806)), s(p(828, 876)), s(p(912, 862))] as const
const sleeveBandCorners = (s: (point: Point) => Point) =>
  [s(p(872, 360)), s(p(792, 440)), s(p(774, 422)), s(p(854, 342))] as const

const SLEEVE_SEAMS_SHORT = both((s) => `M${fmt(s(p(702, 214)))} Q${fmt(s(p(700, 320)))} ${fmt(s(p(726, 392)))}`)
const SLEEVE_SEAMS_LONG = both((s) => `M${fmt(s(p(702, 214)))} Q${fmt(s(p(704, 330)))} ${fmt(s(p(728, 402)))}`)
const SHORT_SLEEVE_HEMS = both((s) => `M${fmt(s(p(858, 376)))} L${fmt(s(p(780, 452)))}`)

const WAISTBAND = 'M266 812 Q500 826 734 812 L736 886 Q620 900 500 900 Q380 900 264 886 Z'
const HOOD = 'M352 232 C340 110 430 62 500 62 C570 62 660 110 648 232 Z'
const JACKET_COLLAR = 'M396 126 Q500 106 604 126 L604 212 Q560 196 500 196 Q440 196 396 212 Z'
const QUARTER_ZIP_COLLAR = 'M404 150 Q500 132 596 150 L600 212 Q560 236 500 238 Q440 236 400 212 Z'

const CHEST_LEFT: Box = { x: 560, y: 300, width: 160, height: 120 }
const CHEST_CENTER: Box = { x: 360, y: 300, width: 280, height: 230 }

function hemStitch(palette: Palette, y: number, halfWidth = 236): string {
  return seam(`M${500 - halfWidth} ${y} Q500 ${y + 12} ${500 + halfWidth} ${y}`, palette)
}

function folds(dark: boolean): string {
  return [
    fold('M300 470 Q340 620 318 800', dark),
    fold('M690 450 Q652 620 690 820', dark),
  ].join('')
}

// Garments -----------------------------------------------------------------------------------------

function tee(pal: Palette): GarmentDrawing {
  const body = SHORT_SLEEVE_BODY(240)
  const backNeck = 'M412 186 Q500 212 588 186 Q560 238 500 240 Q440 238 412 186 Z'
  return {
    body: `${shaded(body, pal)}
<path d="${backNeck}" fill="${pal.deep}"/>
${line('M414 190 Q440 238 500 240 Q560 238 586 190', pal.rib, 20)}
${line('M414 190 Q440 238 500 240 Q560 238 586 190', pal.outline, 3)}
${line('M412 186 Q500 210 588 186', pal.outline, 3)}
${seam('M418 208 Q446 254 500 256 Q554 254 582 208', pal)}
${seam(SLEEVE_SEAMS_SHORT, pal)}${seam(SHORT_SLEEVE_HEMS, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`,
    logoBoxes: { 'center-chest': CHEST_CENTER, 'left-chest': CHEST_LEFT },
    defaultPlacement: 'center-chest',
  }
}

function longsleeve(pal: Palette): GarmentDrawing {
  const body = LONG_SLEEVE_BODY(240)
  return {
    body: `${shaded(body, pal)}
<path d="M412 186 Q500 212 588 186 Q560 238 500 240 Q440 238 412 186 Z" fill="${pal.deep}"/>
${line('M414 190 Q440 238 500 240 Q560 238 586 190', pal.rib, 20)}
${line('M414 190 Q440 238 500 240 Q560 238 586 190', pal.outline, 3)}
${line('M412 186 Q500 210 588 186', pal.outline, 3)}
${seam('M418 208 Q446 254 500 256 Q554 254 582 208', pal)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${seam(SLEEVE_SEAMS_LONG, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`,
    logoBoxes: { 'center-chest': CHEST_CENTER, 'left-chest': CHEST_LEFT },
    defaultPlacement: 'left-chest',
  }
}

function collarLeaves(pal: Palette, point: Point, neck: number): string {
  const leaf = (side: (point: Point) => Point) =>
    `M${fmt(side(p(500, 156)))} C${fmt(side(p(566, 156)))} ${fmt(side(p(604, 168)))} ${fmt(side(p(616, 188)))} ` +
    `C${fmt(side(p(630, 212)))} ${fmt(side(point))} ${fmt(side(point))} ` +
    `L${fmt(side(p(512, neck)))} C${fmt(side(p(530, neck - 30)))} ${fmt(side(p(560, 214)))} ${fmt(side(p(566, 196)))} ` +
    `Q${fmt(side(p(530, 186)))} ${fmt(side(p(500, 186)))} Z`
  return `<path d="M412 184 Q500 168 588 184 L566 196 Q500 182 434 196 Z" fill="${pal.deep}"/>
${shaded(leaf(id), pal, { fill: pal.rib })}${shaded(leaf(mirror), pal, { fill: pal.rib })}
${seam(both((s) => `M${fmt(s(p(508, 170)))} C${fmt(s(p(560, 170)))} ${fmt(s(p(596, 180)))} ${fmt(s(p(604, 196)))} C${fmt(s(p(614, 214)))} ${fmt(s([point[0] - 10, point[1] - 14]))} ${fmt(s([point[0] - 10, point[1] - 14]))}`), pal, 2)}`
}

function polo(pal: Palette): GarmentDrawing {
  const body = SHORT_SLEEVE_BODY(250)
  return {
    body: `${shaded(body, pal)}
<path d="M410 184 Q500 160 590 184 L590 250 L410 250 Z" fill="${pal.deep}"/>
<rect x="474" y="220" width="52" height="194" rx="4" fill="${pal.base}" stroke="${pal.outline}" stroke-width="3"/>
${seam('M482 236 V406 M518 236 V406', pal, 2)}
${buttons(500, [290, 344, 394], pal)}
${collarLeaves(pal, p(626, 286), 262)}
${ribbing(sleeveBandCorners(id), pal, 8)}${ribbing(sleeveBandCorners(mirror), pal, 8)}
${seam(SLEEVE_SEAMS_SHORT, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`,
    logoBoxes: { 'left-chest': { x: 562, y: 330, width: 158, height: 110 }, 'center-chest': { x: 560, y: 330, width: 150, height: 120 } },
    defaultPlacement: 'left-chest',
  }
}

function hoodieBase(pal: Palette, zip: boolean): string {
  const body = LONG_SLEEVE_BODY(292, 886)
  const hood = HOOD
  const hoodOpening = 'M404 214 C404 140 448 108 500 108 C552 108 596 140 596 214 C580 258 540 286 500 292 C460 286 420 258 404 214 Z'
  const waistband = WAISTBAND
  return `${shaded(hood, pal)}
<path d="${hoodOpening}" fill="${pal.deep}"/>
${line('M420 220 C424 160 458 128 500 128 C542 128 576 160 580 220', pal.shadow, 10, 0.6)}
${shaded(body, pal)}
${line('M404 214 C420 258 460 286 500 292 C540 286 580 258 596 214', pal.outline, 3)}
${seam('M414 234 C432 270 466 294 500 300 C534 294 568 270 586 234', pal)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(waistband, pal, 250, 750)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}
${zip ? '' : `${line('M474 290 Q468 340 465 382', '#e9e6df', 9)}${line('M526 290 Q532 340 535 382', '#e9e6df', 9)}
<rect x="458" y="378" width="13" height="28" rx="4" fill="#8d949b"/><rect x="529" y="378" width="13" height="28" rx="4" fill="#8d949b"/>
<circle cx="474" cy="292" r="8" fill="#b9bec4" stroke="#6b7177" stroke-width="2"/><circle cx="526" cy="292" r="8" fill="#b9bec4" stroke="#6b7177" stroke-width="2"/>`}`
}

function hoodie(pal: Palette): GarmentDrawing {
  const pocket = 'M372 612 L628 612 C650 664 680 694 708 704 L708 808 L292 808 L292 704 C320 694 350 664 372 612 Z'
  return {
    body: `${hoodieBase(pal, false)}
<path d="${pocket}" fill="${pal.base}"/><path d="${pocket}" fill="url(#lightY)"/>
<path d="${pocket}" fill="none" stroke="${pal.outline}" stroke-width="3" stroke-linejoin="round"/>
${seam('M378 626 L622 626 M628 628 C648 670 674 696 696 708 M372 628 C352 670 326 696 304 708', pal, 2)}
${line('M372 612 C350 664 320 694 292 704 M628 612 C650 664 680 694 708 704', pal.deep, 5, 0.5)}`,
    logoBoxes: { 'center-chest': { x: 365, y: 422, width: 270, height: 180 }, 'left-chest': { x: 556, y: 360, width: 150, height: 110 } },
    defaultPlacement: 'center-chest',
  }
}

function zipHoodie(pal: Palette): GarmentDrawing {
  return {
    body: `${hoodieBase(pal, true)}
${zipper(500, 292, 812, pal)}
${line('M300 640 C330 660 350 700 356 760 M700 640 C670 660 650 700 644 760', pal.deep, 5, 0.55)}
${seam('M310 628 C344 652 366 700 372 770 M690 628 C656 652 634 700 628 770', pal, 2)}`,
    logoBoxes: { 'left-chest': { x: 550, y: 360, width: 160, height: 110 }, 'center-chest': { x: 560, y: 360, width: 150, height: 120 } },
    defaultPlacement: 'left-chest',
  }
}

function crewneck(pal: Palette): GarmentDrawing {
  const body = LONG_SLEEVE_BODY(236, 886)
  const waistband = WAISTBAND
  const collar = 'M410 184 Q440 236 500 238 Q560 236 590 184 L600 196 Q568 262 500 264 Q432 262 400 196 Z'
  return {
    body: `${shaded(body, pal)}
<path d="M410 184 Q500 210 590 184 Q560 236 500 238 Q440 236 410 184 Z" fill="${pal.deep}"/>
${curvedRibbing(collar, pal, 390, 610, 8)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(waistband, pal, 250, 750)}
<path d="M470 262 L500 300 L530 262 Z" fill="${pal.rib}" stroke="${pal.outline}" stroke-width="2.5"/>
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`,
    logoBoxes: { 'center-chest': { x: 350, y: 320, width: 300, height: 240 }, 'left-chest': CHEST_LEFT },
    defaultPlacement: 'center-chest',
  }
}

function quarterZip(pal: Palette): GarmentDrawing {
  const body = LONG_SLEEVE_BODY(230, 886)
  const waistband = WAISTBAND
  const collar = QUARTER_ZIP_COLLAR
  return {
    body: `${shaded(body, pal)}
${shaded(collar, pal, { fill: pal.rib })}
${line('M404 150 Q500 170 596 150', pal.outline, 3)}
${seam('M408 196 Q448 222 500 224 Q552 222 592 196', pal, 2)}
${zipper(500, 150, 440, pal)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(waistband, pal, 250, 750)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`,
    logoBoxes: { 'left-chest': { x: 550, y: 320, width: 160, height: 110 }, 'center-chest': { x: 562, y: 320, width: 150, height: 120 } },
    defaultPlacement: 'left-chest',
  }
}

function jacket(pal: Palette): GarmentDrawing {
  const body = LONG_SLEEVE_BODY(150, 886)
  const collar = JACKET_COLLAR
  const cuff = (s: (point: Point) => Point) =>
    `M${fmt(s(p(902, 792)))} L${fmt(s(p(912, 862)))} L${fmt(s(p(828, 876)))} L${fmt(s(p(818, 806)))} Z`
  return {
    body: `${shaded(body, pal)}
${shaded(collar, pal)}
${line('M396 126 Q500 146 604 126', pal.outline, 3)}
${seam('M404 196 Q500 178 596 196', pal, 2)}
${shaded(cuff(id), pal, { fill: pal.trim })}${shaded(cuff(mirror), pal, { fill: pal.trim })}
${seam(both((s) => `M${fmt(s(p(640, 200)))} C${fmt(s(p(620, 380)))} ${fmt(s(p(660, 560)))} ${fmt(s(p(664, 870)))}`), pal, 2)}
${line('M300 600 L362 740 M700 600 L638 740', pal.deep, 6, 0.7)}
${line('M300 600 L362 740 M700 600 L638 740', '#9aa0a6', 2.5)}
${hemStitch(pal, 860)}
${zipper(500, 118, 884, pal)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`,
    logoBoxes: { 'left-chest': { x: 548, y: 290, width: 162, height: 110 }, 'center-chest': { x: 560, y: 290, width: 150, height: 120 } },
    defaultPlacement: 'left-chest',
  }
}

const VEST_BODY = symmetric(p(500, 150), [
  { to: p(604, 150) },
  { to: p(606, 200) },
  { to: p(668, 212) },
  { c1: p(676, 300), c2: p(700, 380), to: p(738, 418) },
  { q: p(744, 640), to: p(742, 872) },
  { q: p(620, 888), to: p(500, 888) },
])

/** The quilted body, its collar and armhole binding: everything of a puffer vest but the zipper. */
function quiltedVest(pal: Palette): string {
  const body = VEST_BODY
  const clip = `v${++clipCounter}`
  const baffles: string[] = []
  for (let y = 300; y < 880; y += 100) {
    baffles.push(`<rect x="0" y="${y - 100}" width="1000" height="100" fill="url(#baffle)"/>`)
    baffles.push(`<path d="M240 ${y} Q500 ${y + 14} 760 ${y}" fill="none" stroke="${pal.seam}" stroke-width="3"/>`)
  }
  return `${shaded(body, pal)}
<clipPath id="${clip}"><path d="${body}"/></clipPath>
<g clip-path="url(#${clip})">${baffles.join('')}</g>
<path d="${body}" fill="none" stroke="${pal.outline}" stroke-width="3" stroke-linejoin="round"/>
<path d="M396 150 Q500 132 604 150 L604 206 Q500 190 396 206 Z" fill="${pal.rib}" stroke="${pal.outline}" stroke-width="3"/>
${line(both((s) => `M${fmt(s(p(668, 212)))} C${fmt(s(p(676, 300)))} ${fmt(s(p(700, 380)))} ${fmt(s(p(738, 418)))}`), pal.trim, 10)}`
}

function vest(pal: Palette): GarmentDrawing {
  return {
    body: `${quiltedVest(pal)}
${zipper(500, 140, 886, pal)}`,
    logoBoxes: { 'left-chest': { x: 548, y: 300, width: 150, height: 100 }, 'center-chest': { x: 556, y: 300, width: 140, height: 110 } },
    defaultPlacement: 'left-chest',
  }
}

function workShirt(pal: Palette): GarmentDrawing {
  const body = LONG_SLEEVE_BODY(250, 890)
  const pocket = (s: (point: Point) => Point) =>
    `M${fmt(s(p(566, 420)))} L${fmt(s(p(690, 420)))} L${fmt(s(p(690, 540)))} L${fmt(s(p(628, 560)))} L${fmt(s(p(566, 540)))} Z`
  const flap = (s: (point: Point) => Point) =>
    `M${fmt(s(p(560, 404)))} L${fmt(s(p(696, 404)))} L${fmt(s(p(696, 446)))} L${fmt(s(p(628, 462)))} L${fmt(s(p(560, 446)))} Z`
  return {
    body: `${shaded(body, pal)}
<path d="M410 184 Q500 160 590 184 L590 266 L410 266 Z" fill="${pal.deep}"/>
${seam('M484 258 V880 M516 258 V880', pal, 2)}
${buttons(500, [300, 400, 500, 600, 700, 800], pal)}
${shaded(pocket(id), pal)}${shaded(pocket(mirror), pal)}
${shaded(flap(id), pal, { fill: pal.trim })}${shaded(flap(mirror), pal, { fill: pal.trim })}
${buttons(628, [440], pal)}${buttons(372, [440], pal)}
${collarLeaves({ ...pal, rib: pal.base }, p(640, 300), 262)}
${shaded(LONG_CUFF(id), pal, { fill: pal.trim })}${shaded(LONG_CUFF(mirror), pal, { fill: pal.trim })}
${buttons(868, [836], pal)}${buttons(132, [836], pal)}
${seam(SLEEVE_SEAMS_LONG, pal)}${hemStitch(pal, 866)}${folds(pal.isDark)}`,
    logoBoxes: { 'left-chest': { x: 566, y: 296, width: 124, height: 96 }, 'center-chest': { x: 566, y: 296, width: 124, height: 96 } },
    defaultPlacement: 'left-chest',
  }
}

/** A safety vest's right side from the shoulder down (the front starts at its V, the back at the neck). */
const SAFETY_VEST_SIDE: Segment[] = [
  { to: p(596, 176) },
  { to: p(672, 196) },
  { c1: p(676, 300), c2: p(696, 380), to: p(736, 420) },
  { q: p(742, 640), to: p(740, 872) },
  { q: p(620, 886), to: p(500, 886) },
]
const reflectiveBand = (y: number) => `<rect x="0" y="${y}" width="1000" height="44" fill="url(#reflective)"/>`

function safetyVest(pal: Palette): GarmentDrawing {
  const body = symmetric(p(500, 470), SAFETY_VEST_SIDE)
  const clip = `s${++clipCounter}`
  const band = reflectiveBand
  return {
    body: `${shaded(body, pal)}
<clipPath id="${clip}"><path d="${body}"/></clipPath>
<g clip-path="url(#${clip})">
  ${band(640)}${band(740)}
  <path d="M596 176 L560 300 L560 640 L606 640 L606 310 L640 186 Z" fill="url(#reflectiveV)"/>
  <path d="M404 176 L440 300 L440 640 L394 640 L394 310 L360 186 Z" fill="url(#reflectiveV)"/>
  ${line('M0 646 H1000 M0 678 H1000 M0 746 H1000 M0 778 H1000', '#7d8288', 2, 0.6)}
</g>
<path d="${body}" fill="none" stroke="${pal.outline}" stroke-width="3" stroke-linejoin="round"/>
${line('M500 470 L596 176 M500 470 L404 176', pal.trim, 12)}
${line(both((s) => `M${fmt(s(p(672, 196)))} C${fmt(s(p(676, 300)))} ${fmt(s(p(696, 380)))} ${fmt(s(p(736, 420)))}`), pal.trim, 12)}
${line('M500 470 V886', pal.seam, 3)}`,
    logoBoxes: { 'left-chest': { x: 618, y: 440, width: 100, height: 80 }, 'center-chest': { x: 618, y: 440, width: 100, height: 80 } },
    defaultPlacement: 'left-chest',
  }
}

const CAP_CROWN = 'M232 566 C226 348 350 236 500 236 C650 236 774 348 768 566 Q500 650 232 566 Z'
const meshPattern = (pal: Palette) =>
  `<pattern id="mesh" width="18" height="16" patternUnits="userSpaceOnUse"><circle cx="9" cy="8" r="4.2" fill="${pal.deep}" opacity="0.55"/></pattern>`

function cap(pal: Palette, trucker: boolean): GarmentDrawing {
  const crown = CAP_CROWN
  const brim = 'M250 540 Q500 620 750 540 L760 600 C788 630 800 680 770 722 C690 700 590 694 500 694 C410 694 310 700 230 722 C200 680 212 630 240 600 Z'
  const sidePanel = (s: (point: Point) => Point) =>
    `M${fmt(s(p(768, 566)))} C${fmt(s(p(774, 348)))} ${fmt(s(p(650, 236)))} ${fmt(s(p(500, 236)))} C${fmt(s(p(600, 300)))} ${fmt(s(p(630, 440)))} ${fmt(s(p(632, 600)))} Q${fmt(s(p(700, 590)))} ${fmt(s(p(768, 566)))} Z`
  const mesh = meshPattern(pal)
  return {
    body: `${shaded(brim, pal, { fill: pal.trim })}
${shaded(crown, pal)}
${trucker ? `<defs>${mesh}</defs><path d="${sidePanel(id)}" fill="url(#mesh)"/><path d="${sidePanel(mirror)}" fill="url(#mesh)"/>` : ''}
${line('M500 236 C400 300 370 440 368 600 M500 236 C600 300 630 440 632 600', pal.outline, 2.5)}
${seam('M500 246 C414 310 386 440 384 600 M500 246 C586 310 614 440 616 600', pal, 2)}
<ellipse cx="500" cy="240" rx="28" ry="11" fill="${pal.trim}" stroke="${pal.outline}" stroke-width="2.5"/>
${both((s) => `<circle cx="${s(p(668, 350))[0]}" cy="350" r="7" fill="${pal.deep}" stroke="${pal.outline}" stroke-width="2"/>`)}
${seam('M244 704 C316 686 410 680 500 680 C590 680 684 686 756 704', pal, 2)}${seam('M250 688 C320 670 412 666 500 666 C588 666 680 670 750 688', pal, 1.5)}
`,
    logoBoxes: { front: { x: 392, y: 350, width: 216, height: 170 } },
    defaultPlacement: 'front',
    floorY: 790,
  }
}

function beanie(pal: Palette): GarmentDrawing {
  const crown = 'M306 600 L306 470 C306 300 394 200 500 200 C606 200 694 300 694 470 L694 600 Z'
  const cuff = 'M288 560 Q500 540 712 560 L718 750 Q500 772 282 750 Z'
  return {
    body: `${curvedRibbing(crown, pal, 300, 700, 14)}
${shaded(crown, pal, { outline: false, fill: 'none' })}
${fold('M380 300 Q360 420 370 540', pal.isDark)}
${curvedRibbing(cuff, pal, 280, 720, 14)}
${line('M288 560 Q500 540 712 560', pal.outline, 3)}
${seam('M292 580 Q500 562 708 580', pal, 2)}`,
    logoBoxes: { front: { x: 410, y: 590, width: 180, height: 130 } },
    defaultPlacement: 'front',
    floorY: 790,
  }
}

function tote(pal: Palette): GarmentDrawing {
  const bag = 'M262 360 L738 360 L752 880 Q500 892 248 880 Z'
  const handle = (x: number) => `M${x} 368 C${x} 170 ${x + 150} 170 ${x + 150} 368`
  return {
    body: `${line(handle(330), pal.trim, 30)}${line(handle(330), pal.outline, 2, 0.5)}
${line(handle(520), pal.trim, 30)}${line(handle(520), pal.outline, 2, 0.5)}
${shaded(bag, pal)}
${seam('M262 392 L738 392', pal)}
${seam('M318 360 L318 436 M362 360 L362 436 M638 360 L638 436 M682 360 L682 436', pal, 2)}
${fold('M330 520 Q360 700 340 860', pal.isDark)}${fold('M670 520 Q640 700 660 860', pal.isDark)}`,
    logoBoxes: { front: { x: 330, y: 480, width: 340, height: 300 } },
    defaultPlacement: 'front',
  }
}

function backpack(pal: Palette): GarmentDrawing {
  const body = 'M300 300 C300 210 380 170 500 170 C620 170 700 210 700 300 L708 840 Q708 880 668 882 L332 882 Q292 880 292 840 Z'
  const pocket = 'M340 600 Q340 572 370 570 L630 570 Q660 572 660 600 L662 820 Q662 850 632 850 L368 850 Q338 850 338 820 Z'
  return {
    body: `${line('M300 260 C240 300 236 560 266 760', pal.deep, 36)}${line('M700 260 C760 300 764 560 734 760', pal.deep, 36)}
${line('M440 176 C440 110 560 110 560 176', pal.deep, 18)}
${shaded(body, pal)}
${line('M318 320 C330 230 400 200 500 200 C600 200 670 230 682 320', '#70757b', 5)}
${line('M318 320 C330 230 400 200 500 200 C600 200 670 230 682 320', pal.seam, 2)}
<rect x="666" y="304" width="14" height="38" rx="4" fill="#8d949b"/>
${shaded(pocket, pal, { fill: pal.trim })}
${line('M352 612 Q500 596 648 612', '#70757b', 4)}
<rect x="630" y="604" width="12" height="34" rx="4" fill="#8d949b"/>
${seam('M356 640 L356 830 M644 640 L644 830', pal, 2)}`,
    logoBoxes: { front: { x: 390, y: 330, width: 220, height: 190 } },
    defaultPlacement: 'front',
  }
}

function duffel(pal: Palette): GarmentDrawing {
  const body = 'M210 440 Q210 400 260 396 L740 396 Q790 400 790 440 L800 800 Q800 836 760 838 L240 838 Q200 836 200 800 Z'
  const end = (x: number) => `<ellipse cx="${x}" cy="617" rx="52" ry="200" fill="${pal.trim}" stroke="${pal.outline}" stroke-width="3"/>`
  return {
    body: `${line('M250 470 C300 170 700 170 750 470', pal.deep, 22)}
${line('M390 400 C400 270 600 270 610 400', pal.trim, 30)}${line('M390 400 C400 270 600 270 610 400', pal.outline, 2, 0.6)}
${shaded(body, pal)}
${end(214)}${end(786)}
${line('M262 420 L738 420', '#70757b', 6)}${seam('M262 420 L738 420', pal, 2)}
${seam('M230 800 L770 800 M230 440 L770 440', pal, 2)}
<rect x="600" y="410" width="14" height="36" rx="4" fill="#8d949b"/>`,
    logoBoxes: { front: { x: 380, y: 520, width: 240, height: 200 } },
    defaultPlacement: 'front',
  }
}

function tumbler(pal: Palette): GarmentDrawing {
  const body = 'M372 262 L628 262 L596 868 Q500 884 404 868 Z'
  return {
    body: `${shaded(body, pal)}
<rect x="372" y="262" width="256" height="1" fill="none"/>
<path d="M392 300 L408 860" stroke="#ffffff" stroke-opacity="0.22" stroke-width="18" stroke-linecap="round"/>
<path d="M600 300 L584 860" stroke="#000000" stroke-opacity="0.12" stroke-width="22" stroke-linecap="round"/>
<path d="M356 196 Q356 176 380 176 L620 176 Q644 176 644 196 L644 262 L356 262 Z" fill="#2b2f33" stroke="#16191c" stroke-width="3"/>
<path d="M430 190 L570 190 Q580 190 580 200 L580 214 L420 214 L420 200 Q420 190 430 190 Z" fill="#3c4146"/>
<rect x="356" y="246" width="288" height="16" fill="#c9cdd2" stroke="#8d949b" stroke-width="2"/>`,
    logoBoxes: { front: { x: 420, y: 440, width: 160, height: 200 } },
    defaultPlacement: 'front',
  }
}

function bottle(pal: Palette): GarmentDrawing {
  const body = 'M420 300 C420 270 440 250 460 246 L540 246 C560 250 580 270 580 300 C640 330 650 380 650 430 L650 846 Q650 880 610 882 L390 882 Q350 880 350 846 L350 430 C350 380 360 330 420 300 Z'
  return {
    body: `${line('M540 190 C640 160 660 250 560 250', '#2b2f33', 16)}
<rect x="430" y="168" width="140" height="84" rx="16" fill="#2b2f33" stroke="#16191c" stroke-width="3"/>
${line('M450 186 V236 M480 186 V236 M510 186 V236 M540 186 V236', '#44494e', 6)}
${shaded(body, pal)}
<path d="M378 440 L378 840" stroke="#ffffff" stroke-opacity="0.24" stroke-width="18" stroke-linecap="round"/>
<path d="M624 440 L624 840" stroke="#000000" stroke-opacity="0.12" stroke-width="22" stroke-linecap="round"/>`,
    logoBoxes: { front: { x: 400, y: 480, width: 200, height: 220 } },
    defaultPlacement: 'front',
  }
}

function notebook(pal: Palette): GarmentDrawing {
  const cover = 'M300 176 L690 176 Q712 176 712 198 L712 862 Q712 884 690 884 L300 884 Z'
  return {
    body: `<path d="M306 184 L716 184 Q730 186 730 200 L730 870 Q728 890 712 892 L306 892 Z" fill="#f1ede3" stroke="#c9c3b5" stroke-width="2"/>
${line('M718 200 V876 M723 204 V872', '#d8d2c4', 2)}
${shaded(cover, pal)}
<rect x="288" y="176" width="40" height="708" rx="8" fill="${pal.trim}" stroke="${pal.outline}" stroke-width="3"/>
<rect x="642" y="170" width="20" height="720" fill="${pal.deep}"/>
${line('M652 884 Q660 930 640 960', '#c9a227', 6)}`,
    logoBoxes: { front: { x: 390, y: 380, width: 210, height: 220 } },
    defaultPlacement: 'front',
  }
}

// Backs ---------------------------------------------------------------------------------------------
// The same outlines seen from behind: a higher neckline, no placket, buttons, pockets, zips or
// drawcords. Items that look the same from both sides (bags, drinkware, beanies) reuse the front.

const BACK_NECK = 200
const backNeckBand = (pal: Palette) =>
  `${line('M412 186 Q500 204 588 186', pal.rib, 14)}${line('M412 186 Q500 204 588 186', pal.outline, 3)}${seam('M416 198 Q500 216 584 198', pal, 2)}`
const YOKE = (pal: Palette) => seam('M300 290 Q500 306 700 290', pal, 2)

function plainBack(pal: Palette, body: string, extra: string): GarmentDrawing {
  return { body: `${shaded(body, pal)}\n${extra}`, logoBoxes: {}, defaultPlacement: 'center-chest' }
}

function teeBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, SHORT_SLEEVE_BODY(BACK_NECK), `${backNeckBand(pal)}
${seam(SLEEVE_SEAMS_SHORT, pal)}${seam(SHORT_SLEEVE_HEMS, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`)
}

function longsleeveBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, LONG_SLEEVE_BODY(BACK_NECK), `${backNeckBand(pal)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${seam(SLEEVE_SEAMS_LONG, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`)
}

function poloBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, SHORT_SLEEVE_BODY(BACK_NECK), `${shaded('M406 162 Q500 146 594 162 L592 204 Q500 192 408 204 Z', pal, { fill: pal.rib })}
${ribbing(sleeveBandCorners(id), pal, 8)}${ribbing(sleeveBandCorners(mirror), pal, 8)}
${seam(SLEEVE_SEAMS_SHORT, pal)}${hemStitch(pal, 862)}${folds(pal.isDark)}`)
}

function hoodieBack(pal: Palette): GarmentDrawing {
  const hanging = 'M352 232 C340 110 430 62 500 62 C570 62 660 110 648 232 C640 292 590 330 500 336 C410 330 360 292 352 232 Z'
  return plainBack(pal, LONG_SLEEVE_BODY(240, 886), `${shaded(hanging, pal)}
${seam('M500 70 V330', pal, 2)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(WAISTBAND, pal, 250, 750)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`)
}

function crewneckBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, LONG_SLEEVE_BODY(BACK_NECK, 886), `${curvedRibbing('M410 184 Q500 200 590 184 L598 198 Q500 220 402 198 Z', pal, 390, 610, 8)}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(WAISTBAND, pal, 250, 750)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`)
}

function quarterZipBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, LONG_SLEEVE_BODY(BACK_NECK, 886), `${shaded(QUARTER_ZIP_COLLAR, pal, { fill: pal.rib })}
${ribbing(cuffCorners(id), pal)}${ribbing(cuffCorners(mirror), pal)}
${curvedRibbing(WAISTBAND, pal, 250, 750)}
${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`)
}

function jacketBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, LONG_SLEEVE_BODY(150, 886), `${shaded(JACKET_COLLAR, pal)}
${YOKE(pal)}
${shaded(LONG_CUFF(id), pal, { fill: pal.trim })}${shaded(LONG_CUFF(mirror), pal, { fill: pal.trim })}
${hemStitch(pal, 860)}${seam(SLEEVE_SEAMS_LONG, pal)}${folds(pal.isDark)}`)
}

function vestBack(pal: Palette): GarmentDrawing {
  return { body: quiltedVest(pal), logoBoxes: {}, defaultPlacement: 'center-chest' }
}

function workShirtBack(pal: Palette): GarmentDrawing {
  return plainBack(pal, LONG_SLEEVE_BODY(BACK_NECK, 890), `${shaded('M406 162 Q500 146 594 162 L592 204 Q500 192 408 204 Z', pal)}
${YOKE(pal)}${seam('M500 300 V330', pal, 2)}
${shaded(LONG_CUFF(id), pal, { fill: pal.trim })}${shaded(LONG_CUFF(mirror), pal, { fill: pal.trim })}
${seam(SLEEVE_SEAMS_LONG, pal)}${hemStitch(pal, 866)}${folds(pal.isDark)}`)
}

function safetyVestBack(pal: Palette): GarmentDrawing {
  const body = symmetric(p(500, 176), SAFETY_VEST_SIDE)
  const clip = `s${++clipCounter}`
  return {
    body: `${shaded(body, pal)}
<clipPath id="${clip}"><path d="${body}"/></clipPath>
<g clip-path="url(#${clip})">
  ${reflectiveBand(640)}${reflectiveBand(740)}
  <path d="M380 176 L440 420 L440 640 L394 640 L394 430 L330 186 Z M620 176 L560 420 L560 640 L606 640 L606 430 L670 186 Z" fill="url(#reflectiveV)"/>
  ${line('M0 646 H1000 M0 678 H1000 M0 746 H1000 M0 778 H1000', '#7d8288', 2, 0.6)}
</g>
<path d="${body}" fill="none" stroke="${pal.outline}" stroke-width="3" stroke-linejoin="round"/>
${line('M404 176 Q500 190 596 176', pal.trim, 12)}
${line(both((s) => `M${fmt(s(p(672, 196)))} C${fmt(s(p(676, 300)))} ${fmt(s(p(696, 380)))} ${fmt(s(p(736, 420)))}`), pal.trim, 12)}`,
    logoBoxes: {},
    defaultPlacement: 'center-chest',
  }
}

function capBack(pal: Palette, trucker: boolean): GarmentDrawing {
  const opening = 'M430 600 L430 520 Q430 470 500 470 Q570 470 570 520 L570 600 Q500 606 430 600 Z'
  return {
    body: `${shaded(CAP_CROWN, pal)}
${trucker ? `<defs>${meshPattern(pal)}</defs><path d="${CAP_CROWN}" fill="url(#mesh)"/>` : ''}
<path d="${opening}" fill="${pal.deep}"/>
<rect x="412" y="540" width="176" height="26" rx="6" fill="${pal.trim}" stroke="${pal.outline}" stroke-width="2.5"/>
${line('M500 236 C420 300 400 420 410 540 M500 236 C580 300 600 420 590 540', pal.outline, 2.5)}
${seam('M500 246 C430 310 414 420 424 520 M500 246 C570 310 586 420 576 520', pal, 2)}
<ellipse cx="500" cy="240" rx="28" ry="11" fill="${pal.trim}" stroke="${pal.outline}" stroke-width="2.5"/>`,
    logoBoxes: {},
    defaultPlacement: 'front',
    floorY: 790,
  }
}

function backpackBack(pal: Palette): GarmentDrawing {
  const body = 'M300 300 C300 210 380 170 500 170 C620 170 700 210 700 300 L708 840 Q708 880 668 882 L332 882 Q292 880 292 840 Z'
  const panel = 'M340 300 Q340 260 380 258 L620 258 Q660 260 660 300 L662 800 Q662 830 632 830 L368 830 Q338 830 338 800 Z'
  return {
    body: `${shaded(body, pal)}
${shaded(panel, pal, { fill: pal.trim })}
${line('M410 250 C400 420 380 640 392 860', pal.deep, 44)}${line('M590 250 C600 420 620 640 608 860', pal.deep, 44)}
${seam('M410 270 C400 420 380 640 392 840 M590 270 C600 420 620 640 608 840', pal, 2)}
${line('M440 176 C440 110 560 110 560 176', pal.deep, 18)}`,
    logoBoxes: {},
    defaultPlacement: 'front',
  }
}

const BACKS: Record<GarmentKind, (palette: Palette) => GarmentDrawing> = {
  tee: teeBack,
  longsleeve: longsleeveBack,
  polo: poloBack,
  hoodie: hoodieBack,
  'zip-hoodie': hoodieBack,
  crewneck: crewneckBack,
  'quarter-zip': quarterZipBack,
  jacket: jacketBack,
  vest: vestBack,
  'work-shirt': workShirtBack,
  'safety-vest': safetyVestBack,
  cap: (palette) => capBack(palette, false),
  'trucker-cap': (palette) => capBack(palette, true),
  beanie,
  tote,
  backpack: backpackBack,
  duffel,
  tumbler,
  bottle,
  notebook,
}

const DRAWINGS: Record<GarmentKind, (palette: Palette) => GarmentDrawing> = {
  tee,
  longsleeve,
  polo,
  hoodie,
  'zip-hoodie': zipHoodie,
  crewneck,
  'quarter-zip': quarterZip,
  jacket,
  vest,
  'work-shirt': workShirt,
  'safety-vest': safetyVest,
  cap: (palette) => cap(palette, false),
  'trucker-cap': (palette) => cap(palette, true),
  beanie,
  tote,
  backpack,
  duffel,
  tumbler,
  bottle,
  notebook,
}

export type GarmentSide = 'front' | 'back'

export function drawGarment(kind: GarmentKind, palette: Palette, side: GarmentSide = 'front'): GarmentDrawing {
  clipCounter = 0
  return (side === 'back' ? BACKS : DRAWINGS)[kind](palette)
}

// Deterministic specks (a small linear congruential sequence) give heathered fabric its fleck.
const HEATHER_SPECKS = (() => {
  let seed = 11
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const specks: string[] = []
  for (let i = 0; i < 90; i++) {
    const light = next() > 0.5
    specks.push(
      `<rect x="${(next() * 48).toFixed(1)}" y="${(next() * 48).toFixed(1)}" width="${(1 + next() * 3).toFixed(1)}" height="1.2" fill="${light ? '#ffffff' : '#000000'}" opacity="${(0.1 + next() * 0.14).toFixed(2)}"/>`,
    )
  }
  return specks.join('')
})()

/** Gradients every garment uses, and the light studio background. */
export function garmentDefs(options: { heather: boolean }): string {
  const heather = options.heather ? `<pattern id="heather" width="48" height="48" patternUnits="userSpaceOnUse">${HEATHER_SPECKS}</pattern>` : ''
  return `<defs>
  <radialGradient id="studio" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#f8f7f4"/><stop offset="1" stop-color="#e8e6e1"/></radialGradient>
  <linearGradient id="lightX" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.10"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="0.72" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/>
  </linearGradient>
  <linearGradient id="lightY" x1="0" x2="0" y1="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.12"/>
  </linearGradient>
  <linearGradient id="baffle" x1="0" x2="0" y1="0" y2="1">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.10"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.20"/>
  </linearGradient>
  <linearGradient id="reflective" x1="0" x2="0" y1="0" y2="1">
    <stop offset="0" stop-color="#e9ecef"/><stop offset="0.5" stop-color="#b8bdc3"/><stop offset="1" stop-color="#d6dade"/>
  </linearGradient>
  <linearGradient id="reflectiveV" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#e9ecef"/><stop offset="0.5" stop-color="#b8bdc3"/><stop offset="1" stop-color="#d6dade"/>
  </linearGradient>
  <radialGradient id="floor"><stop offset="0" stop-color="#000000" stop-opacity="0.2"/><stop offset="0.6" stop-color="#000000" stop-opacity="0.08"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
  ${heather}
</defs>`
}
