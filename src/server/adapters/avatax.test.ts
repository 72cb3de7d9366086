import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type FakeAvatax, startFakeAvatax } from '../../../tests/support/fake-tax/fake-avatax'
import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import type { TaxServiceError } from './tax-http'
import { type AvataxConfig, buildCreateTransaction, createAvataxTransaction } from './avatax'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const denver: PostalAddress = { name: 'Jane Buyer', street: '1600 Wynkoop St', street2: 'Suite 400', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80202-1234' }
const atlanta: PostalAddress = { street: '55 Oak Ave', city: 'Alpharetta', stateCode: 'GA', countryCode: 'US', zip: '30005' }
const timonium: PostalAddress = { street: '100 Main St', city: 'Timonium', stateCode: 'MD', countryCode: 'US', zip: '21093' }

function line(overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    key: '1:2:3',
    productId: 1,
    name: 'Crew T-shirt',
    templateSkuCode: 'PC54',
    taxCode: 'PC040100',
    quantity: { M: 2 },
    totalQuantity: 2,
    amount: 5998,
    weight: 1,
    origin: timonium,
    ...overrides,
  }
}

const fixedClock = () => new Date('2026-03-04T15:00:00Z')

describe('the CreateTransaction body', () => {
  test('is an uncommitted SalesOrder in USD with the product and shipping tax codes', () => {
    const model = buildCreateTransaction({ companyCode: null, now: fixedClock }, { customerCode: 'partner-7', destination: denver, lines: [line(), line({ key: '4:5:6', taxCode: '', templateSkuCode: 'G500', name: 'Hoodie', totalQuantity: 1, amount: 3500, origin: null })], shipping: 1248 })
    expect(model).toMatchObject({ type: 'SalesOrder', companyCode: 'DEFAULT', date: '2026-03-04', customerCode: 'partner-7', currencyCode: 'USD', commit: false })
    expect(model.lines).toEqual([
      { number: '1', quantity: 2, amount: 59.98, taxCode: 'PC040100', itemCode: 'PC54', description: 'Crew T-shirt', addresses: { shipFrom: expect.objectContaining({ postalCode: '21093', region: 'MD' }), shipTo: expect.objectContaining({ postalCode: '80202' }) } },
      { number: '2', quantity: 1, amount: 35, taxCode: 'PC040100', itemCode: 'G500', description: 'Hoodie' },
      { number: 'shipping', quantity: 1, amount: 12.48, taxCode: 'FR030000', itemCode: 'SHIPPING', description: 'Shipping' },
    ])
    expect(model.addresses).toEqual({
      shipFrom: { line1: '100 Main St', city: 'Timonium', region: 'MD', country: 'US', postalCode: '21093' },
      shipTo: { line1: '1600 Wynkoop St', line2: 'Suite 400', city: 'Denver', region: 'CO', country: 'US', postalCode: '80202' },
    })
    expect(model).not.toHaveProperty('entityUseCode')
  })

  test('uses the credential’s company code, leaves out a free shipping line, and carries a resale exemption', () => {
    const model = buildCreateTransaction({ companyCode: 'ACME', now: fixedClock }, { customerCode: 'c', destination: denver, lines: [line()], shipping: 0, exemption: { exemptionNo: 'RESALE-0042' } })
    expect(model.companyCode).toBe('ACME')
    expect(model.lines.map((l) => l.number)).toEqual(['1'])
    expect(model).toMatchObject({ entityUseCode: 'G', exemptionNo: 'RESALE-0042' })
  })

  test('without any origin the goods ship from the destination itself', () => {
    const model = buildCreateTransaction({ now: fixedClock }, { customerCode: 'c', destination: atlanta, lines: [line({ origin: null })], shipping: 0 })
    expect(model.addresses.shipFrom).toEqual(model.addresses.shipTo)
  })
})

describe('the AvaTax adapter over HTTP', () => {
  let avatax: FakeAvatax
  const config = (overrides: Partial<AvataxConfig> = {}): AvataxConfig => ({
    url: avatax.url,
    accountId: avatax.accountId,
    licenseKey: avatax.licenseKey,
    companyCode: 'DEFAULT',
    timeoutMs: 10_000,
    now: fixedClock,
    ...overrides,
  })
  const request = { customerCode: 'partner-7', destination: atlanta, lines: [line()], shipping: 1248 }
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (error: unknown) => error as TaxServiceError)

  beforeAll(async () => {
    avatax = await startFakeAvatax()
  })
  afterAll(() => avatax.close())

  test('creates the transaction with Basic auth and reads the total and the shipping tax', async () => {
    const result = await createAvataxTransaction(config(), request)
    // GA 7 %, shipping taxable: 59.98 → 4.20, 12.48 → 0.87
    expect(result).toEqual({ totalTax: 507, shippingTax: 87, lines: [{ number: '1', tax: 420 }, { number: 'shipping', tax: 87 }] })
    const sent = avatax.requests.at(-1)!
    expect(sent.path).toBe('/api/v2/transactions/create')
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${avatax.accountId}:${avatax.licenseKey}`).toString('base64')}`)
    expect(sent.headers['x-avalara-client']).toContain('webstore')
  })

  test('accepts the full create URL as the credential’s url', async () => {
    expect((await createAvataxTransaction(config({ url: `${avatax.url}/api/v2/transactions/create` }), request)).totalTax).toBe(507)
  })

  test('an exemption makes Avalara answer no tax', async () => {
    expect((await createAvataxTransaction(config(), { ...request, exemption: {} })).totalTax).toBe(0)
  })

  test('an address Avalara cannot place is a refusal with Avalara’s message', async () => {
    const error = await failure(createAvataxTransaction(config(), { ...request, destination: { ...atlanta, zip: '99999' } }))
    expect(error).toMatchObject({ kind: 'rejected', status: 400, serviceMessage: 'The address value was incomplete.' })
  })

  test('a wrong license key is the store’s failure: no Avalara message for the shopper', async () => {
    const error = await failure(createAvataxTransaction(config({ licenseKey: 'wrong' }), request))
    expect(error).toMatchObject({ kind: 'bad_status', status: 401, serviceMessage: null })
  })

  test('a credential without key or token is not configured and calls nobody', async () => {
    const before = avatax.requests.length
    expect(await failure(createAvataxTransaction(config({ licenseKey: null }), request))).toMatchObject({ kind: 'not_configured' })
    expect(avatax.requests).toHaveLength(before)
  })

  test('a 500 is a failure', async () => {
    avatax.failNext({ kind: 'status', status: 500, json: { error: { code: 'ServerError', message: 'Internal error' } } })
    expect(await failure(createAvataxTransaction(config(), request))).toMatchObject({ kind: 'bad_status', status: 500, serviceMessage: null })
  })

  test('an HTML page from a proxy is a failure', async () => {
    avatax.failNext({ kind: 'html', status: 503 })
    expect(await failure(createAvataxTransaction(config(), request))).toMatchObject({ kind: 'bad_status', status: 503 })
  })

  test('broken JSON is malformed', async () => {
    avatax.failNext({ kind: 'malformed-json' })
    expect(await failure(createAvataxTransaction(config(), request))).toMatchObject({ kind: 'malformed' })
  })

  test('a 200 without a numeric totalTax is malformed, never a tax of 0', async () => {
    avatax.failNext({ kind: 'status', status: 200, json: { id: 0, status: 'Temporary', totalTax: null } })
    expect(await failure(createAvataxTransaction(config(), request))).toMatchObject({ kind: 'malformed' })
  })

  test('no answer in time is a timeout', async () => {
    avatax.failNext({ kind: 'hang' })
    expect(await failure(createAvataxTransaction(config({ timeoutMs: 300 }), request))).toMatchObject({ kind: 'timeout' })
  })
})
