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
  FAILED_FEDEX_TOKEN,
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
import type { CarrierRate } from './ups'

// FedEx over its REST APIs (external-apis.md §2): OAuth (credentials in the form body) and the
// Rates and Transit Times API. Settings come from the fedex_rubikx delivery method (url = API base
// such as https://apis.fedex.com, credentials fedexClientid / fedexClientsecret / fedexAccountNumber).

export type FedexSettings = {
  url: string | null
  clientId: string | undefined
  clientSecret: string | undefined
  accountNumber: string | undefined
}

export const FEDEX_SERVICE_TYPE = 'FEDEX_GROUND'
export const FEDEX_MAX_PACKAGE_LB = 150

type ReadySettings = { baseUrl: string; clientId: string; clientSecret: string; accountNumber: string }

function ready(settings: FedexSettings): ReadySettings {
  const baseUrl = carrierBaseUrl('fedex', settings.url)
  if (!settings.clientId || !settings.clientSecret || !settings.accountNumber) {
    logger().warn('FedEx delivery method lacks a client id, secret or account number')
    throw new CarrierError('unavailable', CARRIER_NOT_CONFIGURED)
  }
  return { baseUrl, clientId: settings.clientId, clientSecret: settings.clientSecret, accountNumber: settings.accountNumber }
}

function fedexErrors(body: unknown): { code: string; message: string }[] {
  const errors = isRecord(body) && Array.isArray(body.errors) ? body.errors : []
  return errors.filter(isRecord).map((error) => ({ code: String(error.code ?? ''), message: String(error.message ?? '').slice(0, 200) }))
}

async function requestToken(settings: ReadySettings, context: CarrierContext) {
  const response = await fetchTokenWithRetry(
    'fedex',
    `${settings.baseUrl}/oauth/token`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret }).toString(),
    },
    context.timeoutMs,
  )
  if (!response || response.status !== 200) {
    const errors = response ? fedexErrors(parseJsonBody(response.text)).map(({ code }) => code) : []
    logger().warn({ carrier: 'fedex', status: response?.status ?? null, errors }, 'FedEx token refused')
    throw new CarrierError('token', FAILED_FEDEX_TOKEN)
  }
  return readTokenAnswer('fedex', response.text)
}

function tokenFor(settings: ReadySettings, context: CarrierContext): Promise<CachedToken> {
  return context.tokens.get(tokenCacheKey(settings.baseUrl, settings.clientId), () => requestToken(settings, context))
}

/** Fetches (or reuses) the FedEx token; answers only when it expires, never the token. */
export async function warmFedexToken(settings: FedexSettings, options: CarrierOptions = {}): Promise<{ expiresAt: Date }> {
  const token = await tokenFor(ready(settings), carrierContext(options))
  return { expiresAt: new Date(token.expiresAt) }
}

export type FedexShipment = { origin: PostalAddress; destination: PostalAddress; weight: number }

function fedexAddress(address: PostalAddress, residential: boolean) {
  return {
    postalCode: address.zip.trim(),
    countryCode: address.countryCode,
    ...(address.stateCode && ['US', 'CA', 'PR'].includes(address.countryCode) ? { stateOrProvinceCode: address.stateCode } : {}),
    ...(address.city ? { city: address.city.slice(0, 35) } : {}),
    ...(residential ? { residential: true } : {}),
  }
}

export function fedexRateRequest(settings: { accountNumber: string }, shipment: FedexShipment) {
  const packages = splitIntoPackages(shipment.weight, FEDEX_MAX_PACKAGE_LB)
  return {
    accountNumber: { value: settings.accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true },
    requestedShipment: {
      shipper: { address: fedexAddress(shipment.origin, false) },
      recipient: { address: fedexAddress(shipment.destination, true) },
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      serviceType: FEDEX_SERVICE_TYPE,
      packagingType: 'YOUR_PACKAGING',
      rateRequestType: ['ACCOUNT', 'LIST'],
      preferredCurrency: 'USD',
      totalPackageCount: packages.length,
      requestedPackageLineItems: packages.map((pounds) => ({
        weight: { units: 'LB', value: Math.ceil(Math.max(pounds, 0.1) * 10) / 10 },
      })),
    },
  }
}

// FedEx error codes about the addresses (as opposed to the account, the token or FedEx itself).
const ADDRESS_ERROR = /POSTAL|ZIP|ADDRESS|STATE|COUNTRY|CITY|DESTINATION|RECIPIENT|ORIGIN|SHIPPER\.ADDRESS/i

/** The FedEx Ground price (unrounded cents) of one shipment: the account rate, else the list rate. */
export async function rateFedexShipment(settings: FedexSettings, shipment: FedexShipment, options: CarrierOptions = {}): Promise<number> {
  return (await quoteFedexShipment(settings, shipment, options)).amount
}

const TRANSIT_WORDS = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN', 'ELEVEN', 'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN', 'NINETEEN', 'TWENTY']

/** FedEx says transit as "THREE_DAYS" (operationalDetail.transitTime or commit.transitDays.minimumTransitTime). */
export function fedexTransitDays(reply: Record<string, unknown> | undefined): number | null {
  if (!reply) return null
  const commit = isRecord(reply.commit) && isRecord(reply.commit.transitDays) ? reply.commit.transitDays.minimumTransitTime : undefined
  const operational = isRecord(reply.operationalDetail) ? reply.operationalDetail.transitTime : undefined
  for (const value of [operational, commit]) {
    const match = typeof value === 'string' ? /^([A-Z]+)_DAYS?$/.exec(value) : null
    const days = match ? TRANSIT_WORDS.indexOf(match[1]!) : -1
    if (days >= 0) return days
  }
  return null
}

/** The FedEx Ground price of one shipment and its business days in transit (null when FedEx does not say). */
export async function quoteFedexShipment(settings: FedexSettings, shipment: FedexShipment, options: CarrierOptions = {}): Promise<CarrierRate> {
  const fedexSettings = ready(settings)
  const context = carrierContext(options)
  const payload = JSON.stringify(fedexRateRequest(fedexSettings, shipment))
  let response: { status: number; text: string } | null = null
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await tokenFor(fedexSettings, context)
    response = await carrierFetch(
      'fedex',
      'rate',
      `${fedexSettings.baseUrl}/rate/v1/rates/quotes`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token.accessToken}`, 'content-type': 'application/json', 'x-locale': 'en_US' },
        body: payload,
      },
      context.timeoutMs,
    )
    if (response?.status !== 401) break
    context.tokens.forget(tokenCacheKey(fedexSettings.baseUrl, fedexSettings.clientId), token.accessToken)
  }
  if (!response) throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  const body = parseJsonBody(response.text)
  if (response.status !== 200) {
    const errors = fedexErrors(body)
    logger().warn({ carrier: 'fedex', status: response.status, errors }, 'FedEx rate refused')
    if (response.status === 400 && errors.some(({ code }) => ADDRESS_ERROR.test(code))) throw new CarrierError('address', NOT_A_VALID_ADDRESS)
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  const output = isRecord(body) && isRecord(body.output) ? body.output : null
  const details = output && Array.isArray(output.rateReplyDetails) ? output.rateReplyDetails.filter(isRecord) : []
  const reply = details.find((detail) => detail.serviceType === FEDEX_SERVICE_TYPE) ?? details[0]
  const rated = reply && Array.isArray(reply.ratedShipmentDetails) ? reply.ratedShipmentDetails.filter(isRecord) : []
  const chosen = rated.find((detail) => detail.rateType === 'ACCOUNT') ?? rated.find((detail) => detail.rateType === 'LIST') ?? rated[0]
  const amount = chosen ? carrierAmount(chosen.totalNetCharge) : null
  const currency = chosen ? (isRecord(chosen.shipmentRateDetail) ? chosen.shipmentRateDetail.currency : undefined) ?? chosen.currency : undefined
  if (!chosen || amount === null || (currency !== undefined && currency !== 'USD')) {
    logger().warn({ carrier: 'fedex', currency }, 'FedEx rate answer without a USD net charge')
    throw new CarrierError('unavailable', CARRIER_UNAVAILABLE)
  }
  return { amount, transitDays: fedexTransitDays(reply) }
}
