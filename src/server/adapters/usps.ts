import {
  CARRIER_NOT_CONFIGURED,
  CARRIER_UNAVAILABLE,
  CarrierError,
  type CarrierOptions,
  carrierAmount,
  carrierBaseUrl,
  carrierContext,
  carrierFetch,
  NOT_A_VALID_ADDRESS,
} from './carrier-http'
import { splitIntoPackages } from '../kernel/measures'
import { logger } from '../kernel/logger'
import { businessDaysBetween, isDay } from '@/isomorphic/business-days'
import type { CarrierRate } from './ups'

// USPS Web Tools RateV4 (spec 7, external-apis.md §3.2): an XML rate request for Priority Mail
// from the origin ZIP to the destination ZIP with pounds, ounces, container VARIABLE and the ship
// date. The API always answers 200; an <Error> in it is a failure. The request goes as a POST form
// (API=RateV4&XML=…) so the USERID stays out of URLs and access logs. Settings: the usps delivery
// method's url (e.g. https://secure.shippingapis.com/ShippingAPI.dll) and uspsUsername.

export type UspsSettings = { url: string | null; username: string | undefined }
export type UspsShipment = { originZip: string; destinationZip: string; weight: number; shipDate: Date }

/** RateV4 takes up to 70 lb per package and 25 packages per request. */
export const USPS_MAX_PACKAGE_LB = 70
export const USPS_MAX_PACKAGES = 25
export const USPS_TOO_HEAVY = 'This order is too heavy for USPS Priority Mail. Please choose another delivery method.'
export const USPS_DOMESTIC_ONLY = 'USPS Priority Mail is available for addresses in the United States only. Please choose another delivery method.'

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)
}

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')
}

/** A package weight as whole pounds and ounces (rounded up to a tenth of an ounce, at least 1 oz). */
export function poundsAndOunces(weight: number): { pounds: number; ounces: number } {
  const totalOunces = Math.max(1, Math.ceil(Math.round(Math.max(0, weight) * 16 * 1000) / 100) / 10)
  const pounds = Math.floor(totalOunces / 16)
  const ounces = Math.round((totalOunces - pounds * 16) * 10) / 10
  return { pounds, ounces }
}

const zip5 = (zip: string) => zip.trim().slice(0, 5)
const isoDate = (date: Date) => date.toISOString().slice(0, 10)

export function uspsRateRequestXml(username: string, shipment: UspsShipment): string {
  const packages = splitIntoPackages(shipment.weight, USPS_MAX_PACKAGE_LB)
  if (packages.length > USPS_MAX_PACKAGES) throw new CarrierError('order', USPS_TOO_HEAVY)
  const body = packages
    .map((pounds, index) => {
      const weight = poundsAndOunces(pounds)
      return (
        `<Package ID="${index}">` +
        '<Service>PRIORITY</Service>' +
        `<ZipOrigination>${escapeXml(zip5(shipment.originZip))}</ZipOrigination>` +
        `<ZipDestination>${escapeXml(zip5(shipment.destinationZip))}</ZipDestination>` +
        `<Pounds>${weight.pounds}</Pounds>` +
        `<Ounces>${weight.ounces}</Ounces>` +
        '<Container>VARIABLE</Container>' +
        '<Machinable>true</Machinable>' +
        `<ShipDate>${isoDate(shipment.shipDate)}</ShipDate>` +
        '</Package>'
      )
    })
    .join('')
  return `<RateV4Request USERID="${escapeXml(username)}"><Revision>2</Revision>${body}</RateV4Request>`
}

const element = (xml: string, name: string) => xml.match(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`))?.[1]

type ParsedAnswer = { kind: 'rates'; amounts: number[]; commitmentDates: (string | null)[] } | { kind: 'error'; number: string; description: string; packageLevel: boolean } | { kind: 'garbage' }

/** Reads a RateV4 answer: the Priority rate of each package, or the first error. */
export function parseRateV4Response(xml: string, expectedPackages: number): ParsedAnswer {
  const text = xml.replace(/^\uFEFF/, '').replace(/<\?xml[\s\S]*?\?>/, '').trim()
  if (text.startsWith('<Error>') || text.startsWith('<Error ')) {
    return { kind: 'error', number: element(text, 'Number') ?? '', description: unescapeXml(element(text, 'Description') ?? ''), packageLevel: false }
  }
  const root = element(text, 'RateV4Response')
  if (root === undefined) return { kind: 'garbage' }
  const packages = [...root.matchAll(/<Package(?:\s[^>]*)?>([\s\S]*?)<\/Package>/g)].map((match) => match[1]!)
  if (packages.length !== expectedPackages) return { kind: 'garbage' }
  const amounts: number[] = []
  const commitmentDates: (string | null)[] = []
  for (const pkg of packages) {
    const error = element(pkg, 'Error')
    if (error !== undefined) {
      return { kind: 'error', number: element(error, 'Number') ?? '', description: unescapeXml(element(error, 'Description') ?? ''), packageLevel: true }
    }
    const postage = element(pkg, 'Postage')
    const amount = postage === undefined ? null : carrierAmount(element(postage, 'Rate')?.trim())
    if (amount === null) return { kind: 'garbage' }
    amounts.push(amount)
    const commitment = element(postage!, 'CommitmentDate')?.trim() ?? ''
    commitmentDates.push(isDay(commitment) ? commitment : null)
  }
  return { kind: 'rates', amounts, commitmentDates }
}

/** The USPS Priority Mail price (unrounded cents) of one shipment. Throws CarrierError. */
export async function rateUspsShipment(settings: UspsSettings, shipment: UspsShipment, options: CarrierOptions = {}): Promise<number> {
  return (await quoteUspsShipment(settings, shipment, options)).amount
}

/**
 * The USPS Priority Mail price of one shipment and its business days in transit: from the ship
 * date to the latest package's CommitmentDate (null when USPS gives none).
 */
export async function quoteUspsShipment(settings: UspsSettings, shipment: UspsShipment, options: CarrierOptions = {}): Promise<CarrierRate> {
  const url = carrierBaseUrl('usps', settings.url)
  if (!settings.username) {
    logger().warn('USPS delivery method has no uspsUsername')
    throw new CarrierError('unavailable', CARRIER_NOT_CONFIGURED)
  }
  const { timeoutMs } = carrierContext(options)
  const xml = uspsRateRequestXml(settings.username, shipment)
  const expected = splitIntoPackages(shipment.weight, USPS_MAX_PACKAGE_LB).length
  const response = await carrierFetch(
    'usps',
    'rate',
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/xml, application/xml' },
      body: new URLSearchParams({ API: 'RateV4', XML: xml }).toString(),
    },
    timeoutMs,
  )
  if (!response) throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  if (response.status !== 200) {
    logger().warn({ carrier: 'usps', status: response.status }, 'USPS rate call failed')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  const answer = parseRateV4Response(response.text, expected)
  if (answer.kind === 'rates') {
    const dates = answer.commitmentDates
    const latest = dates.every((date): date is string => date !== null) && dates.length > 0 ? [...dates].sort().at(-1)! : null
    return {
      amount: answer.amounts.reduce((sum, amount) => sum + amount, 0),
      transitDays: latest === null ? null : businessDaysBetween(isoDate(shipment.shipDate), latest),
    }
  }
  if (answer.kind === 'garbage') {
    logger().warn({ carrier: 'usps' }, 'USPS answer is not a RateV4Response')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  // A document-level error (authorization, bad XML) names the USERID: log only its number.
  logger().warn(
    { carrier: 'usps', number: answer.number, ...(answer.packageLevel ? { description: answer.description.slice(0, 200) } : {}) },
    'USPS answered with an error',
  )
  if (answer.packageLevel && /zip/i.test(answer.description)) throw new CarrierError('address', NOT_A_VALID_ADDRESS)
  throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
}
