import { contrastRatio, parseCssColor, type Rgb } from './colors'
import type {
  ApprovedLogo,
  Decoration,
  DecorationMethod,
  DecorationMethodCode,
  DecorationOptions,
  Inches,
  PlacementProblem,
  PrintArea,
} from './decoration-types'

// The placement rules of the decoration editor (issue 7), shared by the editor, which applies them
// while a shopper drags, resizes and types, and the server, which refuses a design that breaks them.
// Boxes are in inches from the top-left corner of their print area.

/** How close (in inches) a dragged decoration's centre must come to the area's centre line to snap onto it. */
export const SNAP_TOLERANCE: Inches = 0.15
/** An arrow key moves or resizes by this much… */
export const SMALL_STEP: Inches = 0.1
/** …and by this much with Shift held. */
export const LARGE_STEP: Inches = 1
/** Resizing stops here so a decoration never shrinks out of reach; the method's own minimum is a separate, reported rule. */
export const SMALLEST_SIDE: Inches = 0.2
export const MAX_TEXT_LENGTH = 30

/** Lengths are kept to a hundredth of an inch; comparisons forgive float noise below this. */
const EPSILON = 1e-6

export type Box = { x: Inches; y: Inches; width: Inches; height: Inches }
export type AreaSize = Pick<PrintArea, 'width' | 'height'>

export function roundInches(value: Inches): Inches {
  return Math.round(value * 100) / 100
}

/** "1.5 in", "2 in". */
export function formatInches(value: Inches): string {
  return `${roundInches(value)} in`
}

function rounded(box: Box): Box {
  return { x: roundInches(box.x), y: roundInches(box.y), width: roundInches(box.width), height: roundInches(box.height) }
}

export function isInsideArea(box: Box, area: AreaSize): boolean {
  return box.x >= -EPSILON && box.y >= -EPSILON && box.x + box.width <= area.width + EPSILON && box.y + box.height <= area.height + EPSILON
}

export function meetsMinimumSize(box: Pick<Box, 'width' | 'height'>, method: Pick<DecorationMethod, 'minWidth' | 'minHeight'>): boolean {
  return box.width >= method.minWidth - EPSILON && box.height >= method.minHeight - EPSILON
}

/**
 * The methods a decoration may use in an area: the area's, narrowed to the logo's when it is one of
 * the store's logos (text and uploaded artwork take whatever the area offers). In the area's order.
 */
export function allowedMethods(area: Pick<PrintArea, 'methods'>, logo: Pick<ApprovedLogo, 'methods'> | null): DecorationMethodCode[] {
  return logo ? area.methods.filter((method) => logo.methods.includes(method)) : [...area.methods]
}

/** Letters, marks, digits, punctuation, symbols and plain spaces: no control, format or private-use characters. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u

export type TextProblem = { code: 'empty_text' | 'invalid_text'; message: string }

/** One line of 1–30 printable characters, or what is wrong with it. */
export function textProblem(text: string): TextProblem | null {
  if (text.trim() === '') return { code: 'empty_text', message: 'Enter the text to print.' }
  if ([...text].length > MAX_TEXT_LENGTH) {
    return { code: 'invalid_text', message: `The text can have at most ${MAX_TEXT_LENGTH} characters.` }
  }
  if (!PRINTABLE.test(text)) {
    return { code: 'invalid_text', message: 'The text can only hold letters, digits, spaces and printable symbols on one line.' }
  }
  return null
}

export function isOnCenterLine(box: Box, area: AreaSize): boolean {
  return Math.abs(box.x + box.width / 2 - area.width / 2) <= EPSILON + 0.005
}

/** Pulls a box onto the area's vertical centre line when its own centre is within `tolerance` of it. */
export function snapToCenterLine(box: Box, area: AreaSize, tolerance: Inches = SNAP_TOLERANCE): { box: Box; snapped: boolean } {
  const offset = box.x + box.width / 2 - area.width / 2
  if (Math.abs(offset) > tolerance + EPSILON) return { box, snapped: false }
  return { box: { ...box, x: roundInches((area.width - box.width) / 2) }, snapped: true }
}

/** Puts a box back inside the area, moving it no further than needed (a box larger than the area is shrunk first). */
export function clampMove(box: Box, area: AreaSize): Box {
  const width = Math.min(box.width, area.width)
  const height = Math.min(box.height, area.height)
  return rounded({
    width,
    height,
    x: Math.min(Math.max(box.x, 0), area.width - width),
    y: Math.min(Math.max(box.y, 0), area.height - height),
  })
}

export function moveBy(box: Box, dx: Inches, dy: Inches, area: AreaSize): Box {
  return clampMove({ ...box, x: box.x + dx, y: box.y + dy }, area)
}

/**
 * Resizes from the top-left corner (the handle is at the bottom-right) to `width`, keeping
 * width / height = `aspectRatio`, within the area and no smaller than SMALLEST_SIDE on either side.
 */
export function resizeTo(box: Box, width: Inches, area: AreaSize, aspectRatio: number): Box {
  const ratio = aspectRatio > 0 && Number.isFinite(aspectRatio) ? aspectRatio : box.width / box.height || 1
  const x = Math.min(Math.max(box.x, 0), area.width)
  const y = Math.min(Math.max(box.y, 0), area.height)
  const largest = Math.min(area.width - x, (area.height - y) * ratio)
  const smallest = Math.max(SMALLEST_SIDE, SMALLEST_SIDE * ratio)
  const nextWidth = Math.max(Math.min(width, largest), Math.min(smallest, largest))
  const resized = { x, y, width: nextWidth, height: nextWidth / ratio }
  // Rounding each side on its own could tip the box a hundredth over the edge.
  return clampMove(rounded(resized), area)
}

export function resizeBy(box: Box, dWidth: Inches, area: AreaSize, aspectRatio: number): Box {
  return resizeTo(box, box.width + dWidth, area, aspectRatio)
}

/**
 * A box that fits `area` keeping `aspectRatio`: shrunk when too big, then moved inside. Used when a
 * decoration changes area or its proportions change (new text).
 */
export function fitIntoArea(box: Box, area: AreaSize, aspectRatio: number): Box {
  const width = Math.min(box.width, area.width, area.height * aspectRatio)
  return clampMove(rounded({ ...box, width, height: width / aspectRatio }), area)
}

/**
 * Where a new decoration lands: centred on the centre line near the top of the area, `share` of the
 * area's width wide (or as high as the area allows), but at least the method's minimum when it fits.
 */
export function initialBox(area: AreaSize, aspectRatio: number, minimum?: Pick<DecorationMethod, 'minWidth' | 'minHeight'>): Box {
  const share = 0.6
  let width = Math.min(area.width * share, area.height * share * aspectRatio)
  if (minimum) width = Math.max(width, minimum.minWidth, minimum.minHeight * aspectRatio)
  width = Math.min(width, area.width, area.height * aspectRatio)
  const height = width / aspectRatio
  return rounded({ x: (area.width - width) / 2, y: Math.min((area.height - height) / 4, area.height - height), width, height })
}

export type KeyPress = { key: string; shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }

export type KeyAction = { kind: 'move'; dx: Inches; dy: Inches } | { kind: 'resize'; dWidth: Inches } | null

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }

/**
 * What a key does to the focused decoration: arrows move by 0.1 in (Shift: 1 in); Ctrl + arrows
 * resize by the same steps (Right/Up grow, Left/Down shrink); + and − resize by 0.1 in. Other keys: null.
 */
export function keyAction(press: KeyPress): KeyAction {
  const step = press.shiftKey ? LARGE_STEP : SMALL_STEP
  const arrow = ARROWS[press.key]
  if (arrow) {
    if (press.altKey || press.metaKey) return null
    if (press.ctrlKey) return { kind: 'resize', dWidth: (press.key === 'ArrowRight' || press.key === 'ArrowUp' ? 1 : -1) * step }
    return { kind: 'move', dx: arrow[0] * step, dy: arrow[1] * step }
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return null
  // '+' and '_' need Shift on many keyboards, so Shift does not enlarge their step.
  if (press.key === '+' || press.key === '=') return { kind: 'resize', dWidth: SMALL_STEP }
  if (press.key === '-' || press.key === '_') return { kind: 'resize', dWidth: -SMALL_STEP }
  return null
}

/** The box after a key press (see keyAction), or null when the key does nothing to decorations. */
export function applyKey(box: Box, press: KeyPress, area: AreaSize, aspectRatio: number): Box | null {
  const action = keyAction(press)
  if (!action) return null
  return action.kind === 'move' ? moveBy(box, action.dx, action.dy, area) : resizeBy(box, action.dWidth, area, aspectRatio)
}

/** Width / height a decoration keeps while resized: a logo's artwork proportions, otherwise its own box's. */
export function aspectRatioOf(decoration: Decoration, logos: readonly Pick<ApprovedLogo, 'id' | 'aspectRatio'>[]): number {
  if (decoration.kind === 'logo' && decoration.logoId !== null) {
    const logo = logos.find((candidate) => candidate.id === decoration.logoId)
    if (logo && logo.aspectRatio > 0) return logo.aspectRatio
  }
  return decoration.height > 0 ? decoration.width / decoration.height : 1
}

/** Width / height of a box that holds a line of text: roughly 0.62 em per character plus a margin, one em high. */
export function textAspectRatio(text: string): number {
  const characters = Math.max([...text.trim()].length, 1)
  return Math.max(characters * 0.62 + 0.4, 1)
}

export type PlacementRules = Pick<DecorationOptions, 'printAreas' | 'logos' | 'methods'>

function describe(decoration: Decoration): string {
  return decoration.kind === 'text' ? 'text' : decoration.logoId === null ? 'artwork' : 'logo'
}

/** Every rule each decoration breaks, in decoration order, with a message a shopper can act on. */
export function placementProblems(decorations: readonly Decoration[], rules: PlacementRules): PlacementProblem[] {
  const problems: PlacementProblem[] = []
  decorations.forEach((decoration, index) => {
    const report = (code: PlacementProblem['code'], message: string) => problems.push({ index, code, message })
    const what = describe(decoration)

    if (decoration.kind === 'text') {
      const problem = textProblem(decoration.text)
      if (problem) report(problem.code, problem.message)
    }

    const logo = decoration.kind === 'logo' && decoration.logoId !== null ? (rules.logos.find((candidate) => candidate.id === decoration.logoId) ?? null) : null
    const unknownLogo = decoration.kind === 'logo' && logo === null && (decoration.logoId !== null || decoration.artworkId === null)
    if (unknownLogo) report('method_not_allowed', 'Choose one of the logos offered for this product.')

    const area = rules.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
    if (!area) {
      report('outside_area', `Choose a print area for the ${what}.`)
      return
    }
    if (!isInsideArea(decoration, area)) report('outside_area', `The ${what} must stay inside the ${area.name} area.`)

    const method = rules.methods.find((candidate) => candidate.code === decoration.method)
    if (!method) {
      report('method_not_allowed', `Choose a decoration method for the ${what}.`)
      return
    }
    if (!unknownLogo && !allowedMethods(area, logo).includes(method.code)) {
      report(
        'method_not_allowed',
        logo
          ? `${method.name} is not available for this logo in the ${area.name} area.`
          : `${method.name} is not available in the ${area.name} area.`,
      )
    }

    const narrow = decoration.width < method.minWidth - EPSILON
    const short = decoration.height < method.minHeight - EPSILON
    if (narrow || short) {
      const needs = [narrow ? `${formatInches(method.minWidth)} wide` : null, short ? `${formatInches(method.minHeight)} tall` : null]
      report('too_small', `${method.name} needs the ${what} at least ${needs.filter(Boolean).join(' and ')}.`)
    }

    if (logo && method.maxColors !== null && logo.colorCount > method.maxColors) {
      report('too_many_colors', `${method.name} prints at most ${method.maxColors} colors; this logo has ${logo.colorCount}.`)
    }
  })
  return problems
}

/** Whether two boxes (in the same inches) share any surface; touching edges do not count. */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - EPSILON && b.x < a.x + a.width - EPSILON && a.y < b.y + b.height - EPSILON && b.y < a.y + a.height - EPSILON
}

/** A print area as drawn on its view: its box in the view's inches. */
export type AreaOnView = Box & { id: number }

/**
 * Where each print area's name goes on the view (inches from the view's top-left corner), so the
 * names never cover a decoration or one another. An area that already holds a decoration shows no
 * name (the decoration and the list beside it say where it is): names are for finding an empty place.
 * Each name tries, in order, the area's top-left corner inside it, just above it, its bottom-left
 * corner inside it, just below it, and the same four on the right; the first spot within the view
 * that is free wins, smallest areas first (they have the fewest spots). An area with no free spot
 * shows no name. `labelSize` is the name's box in inches at the current scale.
 */
export function placeAreaLabels(
  areas: readonly AreaOnView[],
  decorations: readonly (Box & { printAreaId: number })[],
  labelSize: (areaId: number) => { width: Inches; height: Inches },
  view: AreaSize,
): Map<number, Box> {
  const occupied = new Set(decorations.map((decoration) => decoration.printAreaId))
  // Decorations in view inches: their boxes are kept relative to their own area.
  const covered: Box[] = decorations.flatMap((decoration) => {
    const area = areas.find((candidate) => candidate.id === decoration.printAreaId)
    return area ? [{ x: area.x + decoration.x, y: area.y + decoration.y, width: decoration.width, height: decoration.height }] : []
  })
  const placed = new Map<number, Box>()
  const byFewestSpots = [...areas].filter((area) => !occupied.has(area.id)).sort((a, b) => a.width * a.height - b.width * b.height)
  for (const area of byFewestSpots) {
    const { width, height } = labelSize(area.id)
    const left = area.x
    const right = area.x + area.width - width
    const spots: Box[] = [left, right].flatMap((x) =>
      [area.y, area.y - height, area.y + area.height - height, area.y + area.height].map((y) => ({ x, y, width, height })),
    )
    const free = spots.find(
      (spot) =>
        spot.x >= -EPSILON &&
        spot.y >= -EPSILON &&
        spot.x + spot.width <= view.width + EPSILON &&
        spot.y + spot.height <= view.height + EPSILON &&
        !covered.some((box) => boxesOverlap(box, spot)) &&
        ![...placed.values()].some((box) => boxesOverlap(box, spot)),
    )
    if (free) placed.set(area.id, free)
  }
  return placed
}

/** A colour of text a shopper can read on a garment: WCAG's 3 : 1 for large text. */
export const TEXT_ON_GARMENT_MIN_CONTRAST = 3

/**
 * The colour a new line of text starts in: the first of the store's palette that reads on the
 * garment's colour (TEXT_ON_GARMENT_MIN_CONTRAST), else the palette colour that contrasts most.
 * Without a garment colour (or one that is not a CSS colour), the palette's first colour.
 */
export function defaultTextColor(palette: readonly { hex: string }[], garmentCss: string | null | undefined): string | null {
  if (palette.length === 0) return null
  let garment: Rgb
  try {
    if (!garmentCss) return palette[0]!.hex
    garment = parseCssColor(garmentCss)
  } catch {
    return palette[0]!.hex
  }
  const rated = palette.flatMap((swatch) => {
    try {
      return [{ hex: swatch.hex, contrast: contrastRatio(parseCssColor(swatch.hex), garment) }]
    } catch {
      return []
    }
  })
  const readable = rated.find((swatch) => swatch.contrast >= TEXT_ON_GARMENT_MIN_CONTRAST)
  if (readable) return readable.hex
  const best = rated.reduce<(typeof rated)[number] | null>((top, swatch) => (top === null || swatch.contrast > top.contrast ? swatch : top), null)
  return best?.hex ?? palette[0]!.hex
}
