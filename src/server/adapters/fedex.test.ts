import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { startFakeFedex, type FakeFedex } from '../../../tests/support/fake-carriers/fedex'
import {
  CARRIER_NOT_CONFIGURED,
  CARRIER_UNAVAILABLE,
  type CarrierOptions,
  createTokenCache,
  FAILED_FEDEX_TOKEN,
  INVALID_TOKEN_RESPONSE,
  NOT_A_VALID_ADDRESS,
} from './carrier-http'
import type { PostalAddress } from '../kernel/pricing-types'
import { type FedexSettings, fedexTransitDays, quoteFedexShipment, rateFedexShipment, warmFedexToken } from './fedex'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const origin: PostalAddress = { street: '2100 Blake St', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80205' }
const destination: PostalAddress = { street: '55 Oak Ave', city: 'Alpharetta', stateCode: 'GA', countryCode: 'US', zip: '30005' }

let fedex: FakeFedex
let clock: number
let options: CarrierOptions
let settings: FedexSettings

beforeAll(async () => {
  fedex = await startFakeFedex()
})
afterAll(() => fedex.close())

beforeEach(() => {
  clock = Date.parse('2026-03-02T10:00:00Z')
  options = { timeoutMs: 3000, tokens: createTokenCache(() => clock), now: () => clock }
  settings = { url: fedex.url, clientId: 'fedex-api-key', clientSecret: 'fedex-secret-key', accountNumber: '740561073' }
  Object.assign(fedex.mode, { token: 'ok', rate: 'ok', expiresIn: 3599 })
  fedex.requests.length = 0
})

describe('FedEx rating', () => {
  test('asks for transit times and answers FedEx\'s business days in transit with the rate', async () => {
    const quote = await quoteFedexShipment(settings, { origin, destination, weight: 3.5 }, options)
    expect(quote).toEqual({ amount: expect.closeTo(fedex.priceFor(3.5) * 100, 6), transitDays: fedex.transitDays })
    expect(JSON.parse(fedex.rateCalls()[0]!.body)).toMatchObject({ rateRequestControlParameters: { returnTransitTimes: true } })
  })

  test('reads FedEx transit words and knows when FedEx gives none', () => {
    expect(fedexTransitDays({ operationalDetail: { transitTime: 'ONE_DAY' } })).toBe(1)
    expect(fedexTransitDays({ commit: { transitDays: { minimumTransitTime: 'SEVEN_DAYS' } } })).toBe(7)
    expect(fedexTransitDays({ operationalDetail: { transitTime: 'UNKNOWN' } })).toBeNull()
    expect(fedexTransitDays({})).toBeNull()
  })

  test('prices a shipment at the account rate, credentials in the token form body', async () => {
    const amount = await rateFedexShipment(settings, { origin, destination, weight: 3.5 }, options)
    expect(amount).toBeCloseTo(fedex.priceFor(3.5) * 100, 6)

    const form = new URLSearchParams(fedex.tokenCalls()[0]!.body)
    expect(Object.fromEntries(form)).toEqual({ grant_type: 'client_credentials', client_id: 'fedex-api-key', client_secret: 'fedex-secret-key' })
    expect(fedex.tokenCalls()[0]!.headers.authorization).toBeUndefined()

    const rate = fedex.rateCalls()[0]!
    expect(rate.headers.authorization).toMatch(/^Bearer fedex-/)
    expect(JSON.parse(rate.body)).toMatchObject({
      accountNumber: { value: '740561073' },
      requestedShipment: {
        shipper: { address: { postalCode: '80205', countryCode: 'US', stateOrProvinceCode: 'CO' } },
        recipient: { address: { postalCode: '30005', countryCode: 'US', stateOrProvinceCode: 'GA', residential: true } },
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        serviceType: 'FEDEX_GROUND',
        rateRequestType: ['ACCOUNT', 'LIST'],
        requestedPackageLineItems: [{ weight: { units: 'LB', value: 3.5 } }],
      },
    })
  })

  test('uses the list rate when FedEx gives no account rate', async () => {
    fedex.mode.rate = 'list-only'
    expect(await rateFedexShipment(settings, { origin, destination, weight: 2 }, options)).toBeCloseTo((fedex.priceFor(2) + 2) * 100, 6)
  })

  test('a recipient postal code FedEx refuses means the address is not valid', async () => {
    await expect(rateFedexShipment(settings, { origin, destination: { ...destination, zip: '00000' }, weight: 1 }, options)).rejects.toThrow(NOT_A_VALID_ADDRESS)
  })

  test('an account error is not blamed on the shopper address', async () => {
    fedex.mode.rate = 'account-mismatch'
    await expect(rateFedexShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })

  test.each(['server-error', 'garbage', 'hang'] as const)('a rating call answering %s fails without a price', async (mode) => {
    if (mode === 'hang') options.timeoutMs = 250
    fedex.mode.rate = mode
    await expect(rateFedexShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })

  test('needs the API base, client id, secret and account number', async () => {
    await expect(rateFedexShipment({ ...settings, accountNumber: undefined }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    await expect(rateFedexShipment({ ...settings, url: 'ftp://apis.fedex.com' }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    expect(fedex.requests).toHaveLength(0)
  })
})

describe('FedEx tokens', () => {
  test('reused until expires_in (a number) has passed, then fetched again', async () => {
    const first = await warmFedexToken(settings, options)
    expect(first.expiresAt).toEqual(new Date(clock + 3_599_000))
    await rateFedexShipment(settings, { origin, destination, weight: 1 }, options)
    clock += 3_598_999
    await rateFedexShipment(settings, { origin, destination, weight: 1 }, options)
    expect(fedex.tokenCalls()).toHaveLength(1)
    clock += 1
    await rateFedexShipment(settings, { origin, destination, weight: 1 }, options)
    expect(fedex.tokenCalls()).toHaveLength(2)
  })

  test('an expired-token 401 on rating fetches a new token once and succeeds', async () => {
    await warmFedexToken(settings, options)
    fedex.revokeTokens()
    await expect(rateFedexShipment(settings, { origin, destination, weight: 1 }, options)).resolves.toBeGreaterThan(0)
    expect(fedex.tokenCalls()).toHaveLength(2)
    expect(fedex.rateCalls()).toHaveLength(2)
  })

  test('refused credentials, a 5xx and a timeout: Failed to fetch FedEx token', async () => {
    fedex.mode.token = 'refuse'
    await expect(warmFedexToken(settings, options)).rejects.toThrow(FAILED_FEDEX_TOKEN)
    fedex.mode.token = 'server-error'
    await expect(warmFedexToken(settings, options)).rejects.toThrow(FAILED_FEDEX_TOKEN)
    fedex.mode.token = 'hang'
    options.timeoutMs = 250
    await expect(rateFedexShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(FAILED_FEDEX_TOKEN)
    // refused: 1 call; 5xx: 1 + 1 retry; hang: 1 (no retry after a timeout)
    expect(fedex.tokenCalls()).toHaveLength(4)
    expect(fedex.rateCalls()).toHaveLength(0)
  })

  test('a malformed token answer: Invalid token response', async () => {
    fedex.mode.token = 'garbage'
    await expect(warmFedexToken(settings, options)).rejects.toThrow(INVALID_TOKEN_RESPONSE)
  })
})
