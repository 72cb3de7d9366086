export type Rgb = { r: number; g: number; b: number }

/** Parses #rgb, #rrggbb and rgb(r, g, b). Throws on anything else. */
export function parseCssColor(css: string): Rgb {
  const value = css.trim()
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value)
  if (short) return { r: parseInt(short[1]! + short[1]!, 16), g: parseInt(short[2]! + short[2]!, 16), b: parseInt(short[3]! + short[3]!, 16) }
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value)
  if (long) return { r: parseInt(long[1]!, 16), g: parseInt(long[2]!, 16), b: parseInt(long[3]!, 16) }
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value)
  if (rgb) return { r: clamp(Number(rgb[1])), g: clamp(Number(rgb[2])), b: clamp(Number(rgb[3])) }
  throw new RangeError(`Not a CSS colour: ${css}`)
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => clamp(Math.round(channel)).toString(16).padStart(2, '0')).join('')}`
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function isDark(color: Rgb): boolean {
  return luminance(color) < 0.22
}

export function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return { r: a.r + (b.r - a.r) * amount, g: a.g + (b.g - a.g) * amount, b: a.b + (b.b - a.b) * amount }
}

const BLACK: Rgb = { r: 0, g: 0, b: 0 }
const WHITE: Rgb = { r: 255, g: 255, b: 255 }

export const darken = (color: Rgb, amount: number) => mix(color, BLACK, amount)
export const lighten = (color: Rgb, amount: number) => mix(color, WHITE, amount)

/** A tone that reads against the colour itself: darker on light colours, lighter on dark ones. */
export function contrastTone(color: Rgb, amount: number): Rgb {
  return luminance(color) < 0.05 ? lighten(color, amount * 0.9) : darken(color, amount)
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, value))
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** White text on the store's accent colour must read at least this well (WCAG AA for body text). */
export const ACCENT_MIN_CONTRAST = 4.5

/**
 * The storefront's accent colours (globals.css --color-accent, -strong, -soft) from the one colour a
 * store chooses: the hover tone a fifth darker, the soft background nine tenths toward white.
 */
export function accentPalette(css: string): { accent: string; strong: string; soft: string } {
  const color = parseCssColor(css)
  return { accent: toHex(color), strong: toHex(darken(color, 0.2)), soft: toHex(lighten(color, 0.9)) }
}
