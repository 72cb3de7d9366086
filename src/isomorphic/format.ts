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

/** Formats a decimal dollar amount from the API ("12.5" → "$12.50"), or of another currency. */
export function formatPrice(amount: number, currency = 'USD'): string {
  return currencyFormat(currency).format(amount)
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

const dayFormats = {
  /** "Nov 21, 2026" */
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
  /** "November 21, 2026" */
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
}

/** The day of a moment (a Date or an ISO text) in UTC; text that is not a date is returned as it is. */
export function formatDate(value: Date | string, style: keyof typeof dayFormats = 'medium'): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : String(value)
  return dayFormats[style].format(date)
}
