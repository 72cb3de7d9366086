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
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
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

const DAY_STYLES = {
  /** "Nov 21, 2026" */
  medium: 'medium',
  /** "November 21, 2026" */
  long: 'long',
} as const
// Made on first use: a page that shows no day does not pay for Intl's calendar data.
const dayFormats: Partial<Record<keyof typeof DAY_STYLES, Intl.DateTimeFormat>> = {}

/** The day of a moment (a Date or an ISO text) in UTC; text that is not a date is returned as it is. */
export function formatDate(value: Date | string, style: keyof typeof DAY_STYLES = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : String(value)
  dayFormats[style] ??= new Intl.DateTimeFormat('en-US', { dateStyle: DAY_STYLES[style], timeZone: 'UTC' })
  return dayFormats[style].format(date)
}
