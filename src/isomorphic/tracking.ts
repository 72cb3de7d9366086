// Carriers a shipment can go with, and the public page where the shopper follows a parcel
// (issue 15). Pure: the console, the shopper's order page and the shipped mail all link the same way.

export const CARRIERS = ['ups', 'fedex', 'usps', 'other'] as const
export type Carrier = (typeof CARRIERS)[number]

export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', other: 'Other carrier' }

/** Tracking numbers are letters and digits; people type them with spaces or dashes, which are dropped. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

const TRACKING_NUMBER = /^[A-Z0-9]{6,40}$/

const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, (number: string) => string> = {
  ups: (number) => `https://www.ups.com/track?loc=en_US&tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
}

/**
 * The carrier's tracking page for a parcel, or null for a carrier we do not know ('other') or a
 * number that is not one (only letters and digits, 6 to 40 of them, after normalizing).
 */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  if (carrier === 'other' || !Object.hasOwn(TRACKING_PAGES, carrier)) return null
  const number = normalizeTrackingNumber(trackingNumber)
  if (!TRACKING_NUMBER.test(number)) return null
  return TRACKING_PAGES[carrier](encodeURIComponent(number))
}
