import { type Cents, fromCents } from './money'

// How amounts and days read, everywhere: the storefront, the mails and the PDFs. American English;
// days in UTC, the zone orders are stamped in (the store has no time zone of its own yet).

const currencyFormats = new Map<string, Intl.NumberFormat>()

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency)
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    } catch {
      // Not an ISO 4217 code the runtime knows: read it as dollars rather than fail.
      format = currencyFormat('USD')
    }
    currencyFormats.set(currency, format)
  }
  return format
}

/** "1234567" → "1,234,567": the thousands of a string of digits, as en-US groups them. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * Dollars in whole cents, as Intl writes them in en-US ("-$1,234.50"), without Intl: making the
 * first Intl.NumberFormat of a page loads the runtime's currency data, ≈ 20 ms of a phone's main
 * thread during hydration (P5). Null for what only Intl writes right: a fraction of a cent, -0,
 * not a number, or a trillion dollars and more, where a double no longer holds every cent.
 */
function plainDollars(amount: number): string | null {
  if (!(Math.abs(amount) < 1e12)) return null
  const cents = Math.round(amount * 100)
  if (Object.is(cents, -0) || Math.abs(amount * 100 - cents) > 1e-6) return null
  const whole = groupThousands(String(Math.floor(Math.abs(cents) / 100)))
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0')
  return `${cents < 0 ? '-' : ''}$${whole}.${fraction}`
}

/** Formats a decimal dollar amount from the API ("12.5" → "$12.50"), or of another currency. */
export function formatPrice(amount: number, currency = 'USD'): string {
  return (currency === 'USD' ? plainDollars(amount) : null) ?? currencyFormat(currency).format(amount)
}

/** Formats an amount held in cents (1250 → "$12.50"). */
export function formatCents(cents: Cents, currency = 'USD'): string {
  return formatPrice(fromCents(cents), currency)
}

/** "$12.00" or "$12.00 – $18.50" when a product's variants differ in price. */
export function formatPriceRange(price: number, maxPrice: number | null | undefined): string {
  if (maxPrice == null || maxPrice <= price) return formatPrice(price)
  return `${formatPrice(price)} – ${formatPrice(maxPrice)}`
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3))
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

const DAY_STYLES = {
  /** "Nov 21, 2026" */
  medium: (date: Date) => `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`,
  /** "November 21, 2026" */
  long: (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`,
  /** "Nov 21" */
  monthDay: (date: Date) => `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`,
  /** "Sat, Nov 21" */
  weekday: (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`,
} as const

/**
 * The day of a moment (a Date or an ISO text) in UTC, as Intl writes it in en-US; text that is not
 * a date is returned as it is. Written without Intl, for the reason given at plainDollars (a
 * DateTimeFormat costs as much); the unit test holds it to Intl's output day by day.
 */
export function formatDate(value: Date | string, style: keyof typeof DAY_STYLES = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : String(value)
  const year = date.getUTCFullYear()
  if (year >= 1000 && year <= 9999) return DAY_STYLES[style](date)
  // Intl writes other years its own way (never shown by the store; kept right all the same).
  intlDayFormats[style] ??= new Intl.DateTimeFormat('en-US', { ...INTL_DAY_STYLES[style], timeZone: 'UTC' })
  return intlDayFormats[style].format(date)
}

const INTL_DAY_STYLES: Record<keyof typeof DAY_STYLES, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  monthDay: { month: 'short', day: 'numeric' },
  weekday: { weekday: 'short', month: 'short', day: 'numeric' },
}
const intlDayFormats: Partial<Record<keyof typeof DAY_STYLES, Intl.DateTimeFormat>> = {}

/**
 * A count as Intl writes it in en-US ("1,234"), without Intl (see plainDollars). Messages take it as
 * `{shown}` beside the `count` their plural is chosen by, rather than ICU's `#`, which makes an
 * Intl.NumberFormat on the page's first plural.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count)
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`
}

/** The values of a counted message: `count` chooses the plural, `shown` is written. */
export function counted(count: number): { count: number; shown: string } {
  return { count, shown: formatCount(count) }
}

const measureFormats = new Map<number, Intl.NumberFormat>()

/**
 * A measurement ("28", "28.5", "1,200.25") with at most `fractionDigits` decimals, as Intl writes
 * it in en-US. A number whose decimals already fit is written without Intl (see plainDollars); one
 * that needs rounding goes to Intl, which rounds it exactly.
 */
export function formatMeasure(value: number, fractionDigits = 2): string {
  const text = String(Math.abs(value))
  const [whole, fraction = ''] = text.split('.')
  if (Number.isFinite(value) && !text.includes('e') && fraction.length <= fractionDigits && !Object.is(value, -0)) {
    return `${value < 0 ? '-' : ''}${groupThousands(whole!)}${fraction ? `.${fraction}` : ''}`
  }
  let format = measureFormats.get(fractionDigits)
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: fractionDigits })
    measureFormats.set(fractionDigits, format)
  }
  return format.format(value)
}
