import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { startFakeUps, type FakeUps } from '../../../tests/support/fake-carriers/ups'
import {
  CARRIER_NOT_CONFIGURED,
  CARRIER_UNAVAILABLE,
  type CarrierOptions,
  createTokenCache,
  FAILED_UPS_TOKEN,
  INVALID_TOKEN_RESPONSE,
  NOT_A_VALID_ADDRESS,
} from './carrier-http'
import type { PostalAddress } from '../kernel/pricing-types'
import { logger } from '../kernel/logger'
import { quoteUpsShipment, rateUpsShipment, type UpsSettings, validateAddressWithUps, warmUpsToken } from './ups'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const origin: PostalAddress = { name: 'Front Range Embroidery', street: '2100 Blake St', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80205' }
const destination: PostalAddress = { name: 'Jane Buyer', street: '55 Oak Ave', street2: 'Apt 2', city: 'Alpharetta', stateCode: 'GA', countryCode: 'US', zip: '30005' }

let ups: FakeUps
let clock: number
let options: CarrierOptions
let settings: UpsSettings

beforeAll(async () => {
  ups = await startFakeUps()
})
afterAll(() => ups.close())

beforeEach(() => {
  clock = Date.parse('2026-03-02T10:00:00Z')
  options = { timeoutMs: 3000, tokens: createTokenCache(() => clock), now: () => clock }
  settings = { url: ups.url, clientId: ups.clientId, clientSecret: ups.clientSecret, accountNumber: 'A1B2C3' }
  Object.assign(ups.mode, { token: 'ok', tokenFailuresFirst: 0, rate: 'ok', xav: 'valid', expiresIn: '14399' })
  ups.requests.length = 0
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('UPS rating', () => {
  test('answers the business days in transit UPS gives with the rate (Ratetimeintransit)', async () => {
    const quote = await quoteUpsShipment(settings, { origin, destination, weight: 3.5 }, options)
    expect(quote.amount).toBeCloseTo(ups.priceFor(3.5, '80205') * 100, 6)
    expect(quote.transitDays).toBe(ups.transitDaysFor('80205', '30005'))
    const shipment = (JSON.parse(ups.rateCalls()[0]!.body) as { RateRequest: { Shipment: Record<string, unknown> } }).RateRequest.Shipment
    expect(shipment).toMatchObject({ ShipmentTotalWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '3.5' }, DeliveryTimeInformation: { PackageBillType: '03' } })
  })

  test('prices a shipment with a Bearer token and a v2409 Rate request, in cents', async () => {
    const amount = await rateUpsShipment(settings, { origin, destination, weight: 3.5 }, options)
    expect(amount).toBeCloseTo(ups.priceFor(3.5, '80205') * 100, 6)

    const [token] = ups.tokenCalls()
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from('ups-client-id:ups-client-secret').toString('base64')}`)
    expect(token!.headers['x-merchant-id']).toBe('A1B2C3')
    expect(token!.body).toBe('grant_type=client_credentials')

    const [rate] = ups.rateCalls()
    expect(rate!.path).toBe('/api/rating/v2409/Ratetimeintransit')
    expect(rate!.headers.authorization).toMatch(/^Bearer ups-/)
    const shipment = (JSON.parse(rate!.body) as { RateRequest: { Shipment: Record<string, unknown> } }).RateRequest.Shipment
    expect(shipment).toMatchObject({
      Shipper: { ShipperNumber: 'A1B2C3', Address: { AddressLine: ['2100 Blake St'], City: 'Denver', StateProvinceCode: 'CO', PostalCode: '80205', CountryCode: 'US' } },
      ShipTo: { Address: { AddressLine: ['55 Oak Ave', 'Apt 2'], PostalCode: '30005', CountryCode: 'US', ResidentialAddressIndicator: '' } },
      Service: { Code: '03' },
      Package: [{ PackagingType: { Code: '02' }, PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: '3.5' } }],
    })
  })

  test('splits a heavy shipment into packages of at most 150 lb', async () => {
    await rateUpsShipment(settings, { origin, destination, weight: 320 }, options)
    const shipment = (JSON.parse(ups.rateCalls()[0]!.body) as { RateRequest: { Shipment: { Package: { PackageWeight: { Weight: string } }[]; NumOfPieces: string } } }).RateRequest.Shipment
    expect(shipment.Package.map((pkg) => pkg.PackageWeight.Weight)).toEqual(['150.0', '150.0', '20.0'])
    expect(shipment.NumOfPieces).toBe('3')
  })

  test('a UPS error about the request means the address is not valid', async () => {
    await expect(rateUpsShipment(settings, { origin, destination: { ...destination, zip: '99999' }, weight: 1 }, options)).rejects.toThrow(NOT_A_VALID_ADDRESS)
  })

  test('an error_message in the charge response means the address is not valid (spec 5)', async () => {
    ups.mode.rate = 'error_message'
    await expect(rateUpsShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(NOT_A_VALID_ADDRESS)
  })

  test.each([
    ['server-error', 'a 5xx'],
    ['garbage', 'a body that is not JSON'],
    ['blocked', 'a 403 Blocked Merchant'],
    ['other-currency', 'a total in another currency'],
  ] as const)('%s (%s) fails the quote without a price', async (mode, _what) => {
    ups.mode.rate = mode
    await expect(rateUpsShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })

  test('a rating call that does not answer in time fails after the timeout', async () => {
    ups.mode.rate = 'hang'
    options.timeoutMs = 250
    await expect(rateUpsShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })

  test('refuses an API base that is not https (plain http only to a private receiver), one of cloud metadata, and missing credentials', async () => {
    await expect(rateUpsShipment({ ...settings, url: 'http://93.184.215.14' }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    await expect(rateUpsShipment({ ...settings, url: 'https://169.254.169.254' }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    await expect(rateUpsShipment({ ...settings, url: null }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    await expect(rateUpsShipment({ ...settings, clientSecret: undefined }, { origin, destination, weight: 1 }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    expect(ups.requests).toHaveLength(0)
  })
})

describe('UPS tokens', () => {
  test('one token serves many quotes until expires_in has passed, then a new one is fetched', async () => {
    await rateUpsShipment(settings, { origin, destination, weight: 1 }, options)
    await rateUpsShipment(settings, { origin, destination, weight: 2 }, options)
    expect(ups.tokenCalls()).toHaveLength(1)

    clock += 14_398_000
    await rateUpsShipment(settings, { origin, destination, weight: 1 }, options)
    expect(ups.tokenCalls()).toHaveLength(1)

    clock += 1_000 // 14399 s have passed
    await rateUpsShipment(settings, { origin, destination, weight: 1 }, options)
    expect(ups.tokenCalls()).toHaveLength(2)
    const [first, second] = ups.rateCalls().map((call) => call.headers.authorization)
    expect(ups.rateCalls().at(-1)!.headers.authorization).not.toBe(first)
    expect(second).toBe(first)
  })

  test('quotes asked at the same time share one token request', async () => {
    await Promise.all([1, 2, 3].map((weight) => rateUpsShipment(settings, { origin, destination, weight }, options)))
    expect(ups.tokenCalls()).toHaveLength(1)
  })

  test('tokens are kept per API base and client id', async () => {
    await warmUpsToken(settings, options)
    await expect(warmUpsToken({ ...settings, clientId: 'another-client' }, options)).rejects.toThrow(FAILED_UPS_TOKEN)
    // A different client id is a different cache entry: UPS is asked (and refuses it, once — a 401 is not retried).
    expect(ups.tokenCalls()).toHaveLength(2)
  })

  test('a token UPS revoked before it expired is replaced once, and the quote still succeeds', async () => {
    await warmUpsToken(settings, options)
    ups.revokeTokens()
    await expect(rateUpsShipment(settings, { origin, destination, weight: 1 }, options)).resolves.toBeGreaterThan(0)
    expect(ups.tokenCalls()).toHaveLength(2)
  })

  test('warming answers when the token expires, never the token', async () => {
    const warmed = await warmUpsToken(settings, options)
    expect(warmed).toEqual({ expiresAt: new Date(clock + 14_399_000) })
  })

  test('refused credentials: Failed to fetch UPS token', async () => {
    ups.mode.token = 'refuse'
    await expect(rateUpsShipment(settings, { origin, destination, weight: 1 }, options)).rejects.toThrow(FAILED_UPS_TOKEN)
    expect(ups.rateCalls()).toHaveLength(0)
  })

  test.each(['garbage', 'no-access-token'] as const)('a 200 token answer that is %s: Invalid token response', async (mode) => {
    ups.mode.token = mode
    await expect(warmUpsToken(settings, options)).rejects.toThrow(INVALID_TOKEN_RESPONSE)
  })

  test('a non-numeric expires_in is an invalid token response', async () => {
    ups.mode.expiresIn = 'soon'
    await expect(warmUpsToken(settings, options)).rejects.toThrow(INVALID_TOKEN_RESPONSE)
  })

  test('a token endpoint 5xx is retried once', async () => {
    ups.mode.tokenFailuresFirst = 1
    await expect(warmUpsToken(settings, options)).resolves.toBeDefined()
    expect(ups.tokenCalls()).toHaveLength(2)
  })

  test('a token endpoint that keeps failing gives up after the retry', async () => {
    ups.mode.token = 'server-error'
    await expect(warmUpsToken(settings, options)).rejects.toThrow(FAILED_UPS_TOKEN)
    expect(ups.tokenCalls()).toHaveLength(2)
  })

  test('a token endpoint that hangs is not retried and fails after the timeout', async () => {
    ups.mode.token = 'hang'
    options.timeoutMs = 250
    await expect(warmUpsToken(settings, options)).rejects.toThrow(FAILED_UPS_TOKEN)
    expect(ups.tokenCalls()).toHaveLength(1)
  })

  test('neither the secret nor the token appears in logs or errors', async () => {
    const lines: string[] = []
    vi.spyOn(logger(), 'warn').mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)))
    ups.mode.rate = 'server-error'
    const error = await rateUpsShipment(settings, { origin, destination, weight: 1 }, options).catch((e: unknown) => e)
    ups.mode.token = 'refuse'
    clock += 20_000_000
    const tokenError = await warmUpsToken(settings, options).catch((e: unknown) => e)
    const issued = ups.rateCalls()[0]!.headers.authorization!.replace('Bearer ', '')
    const seen = [...lines, String(error), String(tokenError)].join('\n')
    expect(lines.length).toBeGreaterThan(0)
    expect(seen).not.toContain(ups.clientSecret)
    expect(seen).not.toContain(issued)
  })
})

describe('UPS address validation (XAV)', () => {
  test('a valid address comes back with its classification and the UPS spelling', async () => {
    const result = await validateAddressWithUps(settings, destination, options)
    expect(result).toEqual({
      status: 'valid',
      classification: 'residential',
      candidates: [{ street: '55 OAK AVE', street2: 'APT 2', city: 'ALPHARETTA', stateCode: 'GA', countryCode: 'US', zip: '30005-1234' }],
    })
    const call = ups.requests.find((r) => r.path.startsWith('/api/addressvalidation/'))!
    expect(call.path).toBe('/api/addressvalidation/v2/3?maximumcandidatelistsize=5')
    expect(JSON.parse(call.body)).toEqual({
      XAVRequest: {
        AddressKeyFormat: {
          ConsigneeName: 'Jane Buyer',
          AddressLine: ['55 Oak Ave', 'Apt 2'],
          PoliticalDivision2: 'Alpharetta',
          PoliticalDivision1: 'GA',
          PostcodePrimaryLow: '30005',
          CountryCode: 'US',
        },
      },
    })
  })

  test('an ambiguous address lists the candidates; an unknown one has none', async () => {
    ups.mode.xav = 'ambiguous'
    const ambiguous = await validateAddressWithUps(settings, destination, options)
    expect(ambiguous.status).toBe('ambiguous')
    expect(ambiguous.candidates.map((c) => c.zip)).toEqual(['30005-1234', '30005-5678'])

    ups.mode.xav = 'none'
    expect(await validateAddressWithUps(settings, destination, options)).toEqual({ status: 'none', classification: null, candidates: [] })
  })

  test('UPS failing fails the validation (never a silent pass)', async () => {
    ups.mode.xav = 'server-error'
    await expect(validateAddressWithUps(settings, destination, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })
})
