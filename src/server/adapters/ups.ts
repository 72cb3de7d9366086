import {
  CARRIER_NOT_CONFIGURED,
  CARRIER_UNAVAILABLE,
  type CarrierContext,
  CarrierError,
  type CarrierOptions,
  carrierAmount,
  carrierBaseUrl,
  carrierContext,
  carrierFetch,
  type CachedToken,
  FAILED_UPS_TOKEN,
  fetchTokenWithRetry,
  readTokenAnswer,
  isRecord,
  NOT_A_VALID_ADDRESS,
  parseJsonBody,
  tokenCacheKey,
} from './carrier-http'
import { splitIntoPackages } from '../kernel/measures'
import type { PostalAddress } from '../kernel/pricing-types'
import { logger } from '../kernel/logger'

// UPS over its REST APIs (external-apis.md §1): OAuth client credentials, Rating and Address
// Validation (XAV). Settings come from the ups_rubikx delivery method (url = API base such as
// https://onlinetools.ups.com, credentials upsClientId / upsClientSecret / upsAccountNumber).

export type UpsSettings = {
  url: string | null
  clientId: string | undefined
  clientSecret: string | undefined
  accountNumber?: string | undefined
}

export const UPS_RATING_VERSION = 'v2409'
/** UPS Ground. */
export const UPS_SERVICE_CODE = '03'
/** UPS takes up to 150 lb per package. */
export const UPS_MAX_PACKAGE_LB = 150

type ReadySettings = { baseUrl: string; clientId: string; clientSecret: string; accountNumber: string | null }

function ready(settings: UpsSettings): ReadySettings {
  const baseUrl = carrierBaseUrl('ups', settings.url)
  if (!settings.clientId || !settings.clientSecret) {
    logger().warn('UPS delivery method has no client id or secret')
    throw new CarrierError('unavailable', CARRIER_NOT_CONFIGURED)
  }
  return { baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret, accountNumber: settings.accountNumber || null }
}

async function requestToken(settings: ReadySettings, context: CarrierContext) {
  const headers: Record<string, string> = {
    Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  }
  if (settings.accountNumber) headers['x-merchant-id'] = settings.accountNumber
  const response = await fetchTokenWithRetry(
    'ups',
    `${settings.baseUrl}/security/v1/oauth/token`,
    { method: 'POST', headers, body: new URLSearchParams({ grant_type: 'client_credentials' }).toString() },
    context.timeoutMs,
  )
  if (!response || response.status !== 200) {
    const body = response ? parseJsonBody(response.text) : undefined
    logger().warn({ carrier: 'ups', status: response?.status ?? null, errors: upsErrors(body) }, 'UPS token refused')
    throw new CarrierError('token', FAILED_UPS_TOKEN)
  }
  return readTokenAnswer('ups', response.text)
}

function tokenFor(settings: ReadySettings, context: CarrierContext): Promise<CachedToken> {
  return context.tokens.get(tokenCacheKey(settings.baseUrl, settings.clientId), () => requestToken(settings, context))
}

/** Fetches (or reuses) the UPS token; answers only when it expires, never the token. */
export async function warmUpsToken(settings: UpsSettings, options: CarrierOptions = {}): Promise<{ expiresAt: Date }> {
  const token = await tokenFor(ready(settings), carrierContext(options))
  return { expiresAt: new Date(token.expiresAt) }
}

/** `{ response: { errors: [{ code, message }] } }` as a short list for the log. */
function upsErrors(body: unknown): { code: string; message: string }[] {
  const errors = isRecord(body) && isRecord(body.response) && Array.isArray(body.response.errors) ? body.response.errors : []
  return errors.filter(isRecord).map((error) => ({ code: String(error.code ?? ''), message: String(error.message ?? '').slice(0, 200) }))
}

/** A UPS API call with the Bearer token; a 401 drops the token and tries once more with a fresh one. */
async function authorizedPost(settings: ReadySettings, context: CarrierContext, what: string, path: string, payload: unknown) {
  for (let attempt = 0; ; attempt++) {
    const token = await tokenFor(settings, context)
    const response = await carrierFetch(
      'ups',
      what,
      `${settings.baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.accessToken}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          transactionSrc: 'webstore',
        },
        body: JSON.stringify(payload),
      },
      context.timeoutMs,
    )
    if (response?.status === 401 && attempt === 0) {
      context.tokens.forget(tokenCacheKey(settings.baseUrl, settings.clientId), token.accessToken)
      continue
    }
    return response
  }
}

/**
 * Maps a UPS failure answer: an error message about the request (4xx with `errors` or an
 * `error_message`) means UPS refused the address (spec 5); anything else is UPS being unavailable.
 */
function failure(what: string, response: { status: number; text: string } | null): CarrierError {
  if (!response) return new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  const body = parseJsonBody(response.text)
  const errors = upsErrors(body)
  const errorMessage = isRecord(body) && typeof body.error_message === 'string' ? body.error_message : null
  logger().warn({ carrier: 'ups', what, status: response.status, errors, errorMessage }, 'UPS call failed')
  const refusedRequest = response.status === 400 || response.status === 404 || response.status === 422
  if ((refusedRequest && errors.length > 0) || errorMessage) return new CarrierError('address', NOT_A_VALID_ADDRESS)
  return new CarrierError('unavailable', CARRIER_UNAVAILABLE)
}

function upsAddress(address: PostalAddress) {
  const lines = [address.street, address.street2].filter((line): line is string => Boolean(line && line.trim())).map((line) => line.trim().slice(0, 35))
  return {
    AddressLine: lines.length > 0 ? lines : [''],
    City: address.city.slice(0, 30),
    ...(address.stateCode ? { StateProvinceCode: address.stateCode } : {}),
    PostalCode: address.zip.trim(),
    CountryCode: address.countryCode,
  }
}

/** UPS wants weights as strings of at most 6 characters, at least 0.1 lb. */
function packageWeight(pounds: number): string {
  return (Math.ceil(Math.max(pounds, 0.1) * 10) / 10).toFixed(1)
}

export type UpsShipment = { origin: PostalAddress; destination: PostalAddress; weight: number }

/** A carrier's price (unrounded cents) and, when it says, its business days in transit. */
export type CarrierRate = { amount: number; transitDays: number | null }

export function upsRateRequest(settings: { accountNumber: string | null }, shipment: UpsShipment) {
  const packages = splitIntoPackages(shipment.weight, UPS_MAX_PACKAGE_LB)
  const shipper = upsAddress(shipment.origin)
  return {
    RateRequest: {
      Request: { TransactionReference: { CustomerContext: 'webstore rate' } },
      Shipment: {
        Shipper: {
          Name: (shipment.origin.name ?? 'Shipper').slice(0, 35),
          ...(settings.accountNumber ? { ShipperNumber: settings.accountNumber } : {}),
          Address: shipper,
        },
        ShipTo: {
          Name: (shipment.destination.name ?? 'Customer').slice(0, 35),
          Address: { ...upsAddress(shipment.destination), ResidentialAddressIndicator: '' },
        },
        ShipFrom: { Name: (shipment.origin.name ?? 'Shipper').slice(0, 35), Address: shipper },
        ...(settings.accountNumber
          ? { PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: settings.accountNumber } }] } }
          : {}),
        Service: { Code: UPS_SERVICE_CODE, Description: 'Ground' },
        NumOfPieces: String(packages.length),
        // Ratetimeintransit answers the transit time with the rate (issue 17): it needs the total
        // weight and the bill type ("03": non-document).
        ShipmentTotalWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: packageWeight(shipment.weight) },
        DeliveryTimeInformation: { PackageBillType: '03' },
        Package: packages.map((pounds) => ({
          PackagingType: { Code: '02', Description: 'Package' },
          PackageWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: packageWeight(pounds) },
        })),
      },
    },
  }
}

/** The UPS Ground price (unrounded cents) of one shipment. Throws CarrierError. */
export async function rateUpsShipment(settings: UpsSettings, shipment: UpsShipment, options: CarrierOptions = {}): Promise<number> {
  return (await quoteUpsShipment(settings, shipment, options)).amount
}

/** `TimeInTransit.ServiceSummary.EstimatedArrival.BusinessDaysInTransit` (a string), else null. */
function upsTransitDays(rated: unknown): number | null {
  const inTransit = isRecord(rated) && isRecord(rated.TimeInTransit) ? rated.TimeInTransit : null
  const summaries = inTransit ? (Array.isArray(inTransit.ServiceSummary) ? inTransit.ServiceSummary : [inTransit.ServiceSummary]) : []
  for (const summary of summaries) {
    const arrival = isRecord(summary) && isRecord(summary.EstimatedArrival) ? summary.EstimatedArrival : null
    const days = arrival ? Number(arrival.BusinessDaysInTransit) : NaN
    if (Number.isInteger(days) && days >= 0 && days <= 60) return days
  }
  const guaranteed = isRecord(rated) && isRecord(rated.GuaranteedDelivery) ? Number(rated.GuaranteedDelivery.BusinessDaysInTransit) : NaN
  return Number.isInteger(guaranteed) && guaranteed >= 0 && guaranteed <= 60 ? guaranteed : null
}

/** The UPS Ground price of one shipment and its business days in transit (null when UPS does not say). Throws CarrierError. */
export async function quoteUpsShipment(settings: UpsSettings, shipment: UpsShipment, options: CarrierOptions = {}): Promise<CarrierRate> {
  const upsSettings = ready(settings)
  const context = carrierContext(options)
  const response = await authorizedPost(
    upsSettings,
    context,
    'rate',
    `/api/rating/${UPS_RATING_VERSION}/Ratetimeintransit`,
    upsRateRequest(upsSettings, shipment),
  )
  if (!response || response.status !== 200) throw failure('rate', response)
  const body = parseJsonBody(response.text)
  if (isRecord(body) && (typeof body.error_message === 'string' || upsErrors(body).length > 0)) throw failure('rate', response)
  const rateResponse = isRecord(body) && isRecord(body.RateResponse) ? body.RateResponse : null
  const rated = rateResponse ? (Array.isArray(rateResponse.RatedShipment) ? rateResponse.RatedShipment[0] : rateResponse.RatedShipment) : null
  const total = isRecord(rated) && isRecord(rated.TotalCharges) ? rated.TotalCharges : null
  const amount = total ? carrierAmount(total.MonetaryValue) : null
  if (!total || amount === null || (total.CurrencyCode !== undefined && total.CurrencyCode !== 'USD')) {
    logger().warn({ carrier: 'ups', currency: total?.CurrencyCode }, 'UPS rate answer without a USD total')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  return { amount, transitDays: upsTransitDays(rated) }
}

// ---------------------------------------------------------------------------------------------
// Address validation (XAV, external-apis.md §1.3)

export type UpsAddressValidation = {
  /** valid: UPS knows the address; ambiguous: it offers candidates; none: no such address. */
  status: 'valid' | 'ambiguous' | 'none'
  classification: 'commercial' | 'residential' | 'unclassified' | null
  /** The addresses UPS suggests (its spelling), best first. */
  candidates: PostalAddress[]
}

const CLASSIFICATIONS = { '0': 'unclassified', '1': 'commercial', '2': 'residential' } as const

function classification(value: unknown): UpsAddressValidation['classification'] {
  if (!isRecord(value)) return null
  const code = String(value.Code ?? '')
  return code in CLASSIFICATIONS ? CLASSIFICATIONS[code as keyof typeof CLASSIFICATIONS] : null
}

function candidateAddress(candidate: unknown, fallbackCountry: string): PostalAddress | null {
  const format = isRecord(candidate) && isRecord(candidate.AddressKeyFormat) ? candidate.AddressKeyFormat : null
  if (!format) return null
  const lines = (Array.isArray(format.AddressLine) ? format.AddressLine : [format.AddressLine]).filter((line): line is string => typeof line === 'string')
  const zip = typeof format.PostcodePrimaryLow === 'string' ? format.PostcodePrimaryLow : ''
  const extended = typeof format.PostcodeExtendedLow === 'string' && format.PostcodeExtendedLow ? `-${format.PostcodeExtendedLow}` : ''
  return {
    street: lines[0] ?? '',
    street2: lines[1] ?? null,
    city: typeof format.PoliticalDivision2 === 'string' ? format.PoliticalDivision2 : '',
    stateCode: typeof format.PoliticalDivision1 === 'string' ? format.PoliticalDivision1 : null,
    countryCode: typeof format.CountryCode === 'string' ? format.CountryCode : fallbackCountry,
    zip: `${zip}${extended}`,
  }
}

/**
 * Asks UPS whether an address exists (street level in the US and PR) and how it is classified.
 * Throws CarrierError: 'token' (token failures), 'address' (UPS refused the request as invalid),
 * 'unavailable' (down, slow, garbage).
 */
export async function validateAddressWithUps(
  settings: UpsSettings,
  address: PostalAddress,
  options: CarrierOptions = {},
): Promise<UpsAddressValidation> {
  const upsSettings = ready(settings)
  const context = carrierContext(options)
  const lines = [address.street, address.street2].filter((line): line is string => Boolean(line && line.trim()))
  const payload = {
    XAVRequest: {
      AddressKeyFormat: {
        ...(address.name ? { ConsigneeName: address.name.slice(0, 40) } : {}),
        AddressLine: lines.map((line) => line.trim().slice(0, 35)),
        PoliticalDivision2: address.city.slice(0, 30),
        ...(address.stateCode ? { PoliticalDivision1: address.stateCode } : {}),
        PostcodePrimaryLow: address.zip.trim().slice(0, 5),
        ...(address.zip.trim().length > 5 ? { PostcodeExtendedLow: address.zip.trim().slice(-4) } : {}),
        CountryCode: address.countryCode,
      },
    },
  }
  const response = await authorizedPost(upsSettings, context, 'address validation', '/api/addressvalidation/v2/3?maximumcandidatelistsize=5', payload)
  if (!response || response.status !== 200) throw failure('address validation', response)
  const body = parseJsonBody(response.text)
  const xav = isRecord(body) && isRecord(body.XAVResponse) ? body.XAVResponse : null
  if (!xav) {
    logger().warn({ carrier: 'ups' }, 'UPS address validation answer is not an XAVResponse')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  const status = 'ValidAddressIndicator' in xav ? 'valid' : 'AmbiguousAddressIndicator' in xav ? 'ambiguous' : 'NoCandidatesIndicator' in xav ? 'none' : null
  if (!status) {
    logger().warn({ carrier: 'ups' }, 'UPS address validation answer has no indicator')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  const rawCandidates = Array.isArray(xav.Candidate) ? xav.Candidate : xav.Candidate === undefined ? [] : [xav.Candidate]
  return {
    status,
    classification: classification(xav.AddressClassification),
    candidates: rawCandidates.map((candidate) => candidateAddress(candidate, address.countryCode)).filter((c): c is PostalAddress => c !== null),
  }
}
