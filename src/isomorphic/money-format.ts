const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Formats a decimal dollar amount from the API ("12.5" → "$12.50"). */
export function formatPrice(amount: number): string {
  return usd.format(amount)
}

/** "$12.00" or "$12.00 – $18.50" when a product's variants differ in price. */
export function formatPriceRange(price: number, maxPrice: number | null | undefined): string {
  if (maxPrice == null || maxPrice <= price) return formatPrice(price)
  return `${formatPrice(price)} – ${formatPrice(maxPrice)}`
}
