// A small geometric stroke font (capitals, digits, a few marks) drawn as SVG paths, so lettering in
// logos, social cards and favicons renders the same on every machine without any installed font.
// Glyphs sit on a 10-unit cap height (y 0 at the top, 10 on the baseline) and are stroked, not filled.

type Glyph = { width: number; d: string }

const GLYPHS: Record<string, Glyph> = {
  A: { width: 8, d: 'M0 10 L4 0 L8 10 M1.5 6.4 L6.5 6.4' },
  B: { width: 6.8, d: 'M0 5 L3.9 5 C5.4 5 6.8 6.1 6.8 7.5 C6.8 8.9 5.4 10 3.9 10 L0 10 L0 0 L3.5 0 C4.9 0 6.1 1.1 6.1 2.5 C6.1 3.9 4.9 5 3.5 5' },
  C: { width: 8.5, d: 'M8.5 1.5 A5 5 0 1 0 8.5 8.5' },
  D: { width: 8, d: 'M0 0 L0 10 L3.5 10 A4.5 5 0 0 0 3.5 0 L0 0' },
  E: { width: 6.8, d: 'M6.8 0 L0 0 L0 10 L6.8 10 M0 5 L5.6 5' },
  F: { width: 6.8, d: 'M6.8 0 L0 0 L0 10 M0 5 L5.6 5' },
  G: { width: 10, d: 'M8.5 1.5 A5 5 0 1 0 10 5 L6 5' },
  H: { width: 7.6, d: 'M0 0 L0 10 M7.6 0 L7.6 10 M0 5 L7.6 5' },
  I: { width: 0, d: 'M0 0 L0 10' },
  J: { width: 6, d: 'M6 0 L6 6.8 A3 3.2 0 0 1 0 6.8' },
  K: { width: 7.2, d: 'M0 0 L0 10 M7 0 L0 6.2 M2.6 3.9 L7.2 10' },
  L: { width: 6.2, d: 'M0 0 L0 10 L6.2 10' },
  M: { width: 9.6, d: 'M0 10 L0 0 L4.8 7.4 L9.6 0 L9.6 10' },
  N: { width: 7.8, d: 'M0 10 L0 0 L7.8 10 L7.8 0' },
  O: { width: 10, d: 'M5 0 A5 5 0 1 0 5 10 A5 5 0 1 0 5 0' },
  P: { width: 7, d: 'M0 10 L0 0 L4 0 A3 2.8 0 0 1 4 5.6 L0 5.6' },
  Q: { width: 10, d: 'M5 0 A5 5 0 1 0 5 10 A5 5 0 1 0 5 0 M6.6 6.6 L10 10.2' },
  R: { width: 7.2, d: 'M0 10 L0 0 L4 0 A3 2.8 0 0 1 4 5.6 L0 5.6 M3.8 5.6 L7.2 10' },
  S: { width: 7.2, d: 'M7 1.9 C6.2 0.6 5 0 3.6 0 C1.7 0 0.3 1.1 0.3 2.6 C0.3 4.3 1.9 4.8 3.7 5.2 C5.7 5.6 7.2 6.3 7.2 7.6 C7.2 9.1 5.7 10 3.7 10 C2 10 0.7 9.3 0 8.1' },
  T: { width: 8, d: 'M0 0 L8 0 M4 0 L4 10' },
  U: { width: 7.6, d: 'M0 0 L0 6.2 A3.8 3.8 0 0 0 7.6 6.2 L7.6 0' },
  V: { width: 8.4, d: 'M0 0 L4.2 10 L8.4 0' },
  W: { width: 11.6, d: 'M0 0 L2.9 10 L5.8 1.6 L8.7 10 L11.6 0' },
  X: { width: 7.6, d: 'M0 0 L7.6 10 M7.6 0 L0 10' },
  Y: { width: 8, d: 'M0 0 L4 5 L8 0 M4 5 L4 10' },
  Z: { width: 7.2, d: 'M0 0 L7.2 0 L0 10 L7.2 10' },
  '0': { width: 7.4, d: 'M3.7 0 A3.7 5 0 1 0 3.7 10 A3.7 5 0 1 0 3.7 0' },
  '1': { width: 3.4, d: 'M0 2.2 L3.4 0 L3.4 10' },
  '2': { width: 7, d: 'M0.4 2.5 C0.7 1 2 0 3.6 0 C5.4 0 6.7 1.2 6.7 2.8 C6.7 4.2 5.8 5.1 4.4 6.1 L0 10 L7 10' },
  '3': { width: 7, d: 'M0.5 1.2 C1.3 0.4 2.4 0 3.5 0 C5.3 0 6.5 1 6.5 2.5 C6.5 4 5.2 4.9 3.4 4.9 C5.6 4.9 7 6 7 7.5 C7 9 5.6 10 3.6 10 C2.2 10 1 9.5 0.2 8.6' },
  '4': { width: 7.4, d: 'M5.6 10 L5.6 0 L0 7.2 L7.4 7.2' },
  '5': { width: 7, d: 'M6.5 0 L1.2 0 L0.6 4.6 C1.4 4.1 2.5 3.8 3.6 3.8 C5.6 3.8 7 5.1 7 6.9 C7 8.8 5.5 10 3.5 10 C2 10 0.8 9.4 0 8.4' },
  '6': { width: 7.2, d: 'M6 0.9 C5.3 0.3 4.5 0 3.7 0 C1.6 0 0.2 2.2 0.2 5.6 C0.2 8.3 1.6 10 3.7 10 C5.7 10 7.2 8.6 7.2 6.7 C7.2 4.9 5.8 3.6 3.9 3.6 C2.2 3.6 0.8 4.6 0.3 6' },
  '7': { width: 7, d: 'M0 0 L7 0 L2.6 10' },
  '8': { width: 7.2, d: 'M3.6 4.8 C1.8 4.8 0.6 3.8 0.6 2.4 C0.6 1 1.8 0 3.6 0 C5.4 0 6.6 1 6.6 2.4 C6.6 3.8 5.4 4.8 3.6 4.8 C1.5 4.8 0 6 0 7.4 C0 8.9 1.5 10 3.6 10 C5.7 10 7.2 8.9 7.2 7.4 C7.2 6 5.7 4.8 3.6 4.8' },
  '9': { width: 7.2, d: 'M1.2 9.1 C1.9 9.7 2.7 10 3.5 10 C5.6 10 7 7.8 7 4.4 C7 1.7 5.6 0 3.5 0 C1.5 0 0 1.4 0 3.3 C0 5.1 1.4 6.4 3.3 6.4 C5 6.4 6.4 5.4 6.9 4' },
  '.': { width: 0, d: 'M0 9.7 L0 10' },
  '-': { width: 4.4, d: 'M0 5.6 L4.4 5.6' },
  '/': { width: 5, d: 'M5 0 L0 10' },
  "'": { width: 0, d: 'M0 0 L0 2.6' },
  ' ': { width: 3.6, d: '' },
}

const GAP = 2.6

export type StrokeTextOptions = {
  /** Left edge (or centre / right edge, per `align`) and top of the capitals. */
  x: number
  y: number
  /** Height of the capitals in output units. */
  size: number
  /** Extra space between letters, in cap heights. */
  tracking?: number
  align?: 'start' | 'middle' | 'end'
}

export function measureStrokeText(text: string, size: number, tracking = 0): number {
  const glyphs = [...text.toUpperCase()].map((char) => GLYPHS[char] ?? GLYPHS[' ']!)
  const units = glyphs.reduce((sum, glyph) => sum + glyph.width, 0) + Math.max(0, glyphs.length - 1) * (GAP + tracking * 10)
  return (units * size) / 10
}

/** The text as one path (stroke it; a stroke width of about size × 0.14 reads as bold). */
export function strokeTextPath(text: string, { x, y, size, tracking = 0, align = 'start' }: StrokeTextOptions): string {
  const scale = size / 10
  const width = measureStrokeText(text, size, tracking)
  let cursor = align === 'middle' ? x - width / 2 : align === 'end' ? x - width : x
  const parts: string[] = []
  for (const char of text.toUpperCase()) {
    const glyph = GLYPHS[char] ?? GLYPHS[' ']!
    if (glyph.d) parts.push(transformPath(glyph.d, scale, cursor, y))
    cursor += (glyph.width + GAP + tracking * 10) * scale
  }
  return parts.join(' ')
}

/** Scales and moves an absolute-coordinate path (M, L, C, Q, A, Z). */
function transformPath(d: string, scale: number, dx: number, dy: number): string {
  const tokens = d.match(/[MLCQAZ]|-?\d*\.?\d+/g) ?? []
  const out: string[] = []
  let command = ''
  let args: number[] = []
  const point = (px: number, py: number) => `${round(px * scale + dx)} ${round(py * scale + dy)}`
  const flush = () => {
    if (!command) return
    if (command === 'A') {
      const [rx, ry, rotation, large, sweep, ax, ay] = args as [number, number, number, number, number, number, number]
      out.push(`A${round(rx * scale)} ${round(ry * scale)} ${rotation} ${large} ${sweep} ${point(ax, ay)}`)
    } else if (command === 'Z') {
      out.push('Z')
    } else {
      const pairs: string[] = []
      for (let i = 0; i < args.length; i += 2) pairs.push(point(args[i]!, args[i + 1]!))
      out.push(`${command}${pairs.join(' ')}`)
    }
  }
  for (const token of tokens) {
    if (/^[MLCQAZ]$/.test(token)) {
      flush()
      command = token
      args = []
    } else {
      args.push(Number(token))
    }
  }
  flush()
  return out.join(' ')
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
