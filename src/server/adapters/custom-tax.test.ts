import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type FakeCustomTax, startFakeCustomTax } from '../../../tests/support/fake-tax/fake-custom-tax'
import { TaxServiceError } from './tax-http'
import { fetchCustomTaxRates } from './custom-tax'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

describe('the custom tax adapter over HTTP', () => {
  let service: FakeCustomTax
  const config = () => ({ url: `${service.url}/tax/rates`, token: 'store-token-123', timeoutMs: 10_000 })

  beforeAll(async () => {
    service = await startFakeCustomTax({ token: 'store-token-123' })
  })
  afterAll(() => service.close())

  const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (error: unknown) => error as TaxServiceError)

  test('posts the address list with ZIPs cut to five characters and reads each ZIP’s rate', async () => {
    const rates = await fetchCustomTaxRates(config(), [{ zip: '80202-1234', city: 'Denver', state: 'CO', country: 'US' }, { zip: '841011111' }])
    expect(rates).toEqual([
      { zip: '80202', tax_percentage: 8.81, ShippingTaxable: false },
      { zip: '84101', tax_percentage: 7.75, ShippingTaxable: true },
    ])
    const request = service.requests.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/tax/rates')
    expect(request.headers.authorization).toBe('Bearer store-token-123')
    expect(request.body).toEqual({ address_list: [{ zip: '80202', city: 'Denver', state: 'CO', country: 'US' }, { zip: '84101' }] })
  })

  test('success:false is a refusal carrying the service’s own message', async () => {
    const error = await failure(fetchCustomTaxRates(config(), [{ zip: '99999' }]))
    expect(error).toBeInstanceOf(TaxServiceError)
    expect(error).toMatchObject({ kind: 'rejected', serviceMessage: 'No tax rate found for ZIP 99999' })
  })

  test('success:false without a message is a refusal without one (the spec’s sentence is shown)', async () => {
    service.failNext({ kind: 'status', status: 200, json: { result: { success: false } } })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'rejected', serviceMessage: null })
  })

  test('a 5xx is a failure even with a body, never a rate of 0', async () => {
    service.failNext({ kind: 'status', status: 500, json: { message: 'database down' } })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'bad_status', status: 500, serviceMessage: null })
  })

  test('a 5xx saying success:false with a message is still the service’s failure, not a message for the shopper', async () => {
    service.failNext({ kind: 'status', status: 500, json: { result: { success: false, message: 'SQLSTATE[HY000] connection refused' } } })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'bad_status', status: 500, serviceMessage: null })
  })

  test('an HTML error page is a failure', async () => {
    service.failNext({ kind: 'html', status: 502 })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'bad_status', status: 502 })
  })

  test('broken JSON in a 200 is malformed', async () => {
    service.failNext({ kind: 'malformed-json' })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'malformed' })
  })

  test.each([
    ['a missing tax_percentage', { zip: '80202', ShippingTaxable: false }],
    ['a non-numeric tax_percentage', { zip: '80202', tax_percentage: 'eight', ShippingTaxable: false }],
    ['a percentage over 100', { zip: '80202', tax_percentage: 880, ShippingTaxable: false }],
    ['a missing ShippingTaxable', { zip: '80202', tax_percentage: 8.81 }],
  ])('%s is malformed', async (_, entry) => {
    service.failNext({ kind: 'status', status: 200, json: { result: { success: true, data: [entry] } } })
    expect(await failure(fetchCustomTaxRates(config(), [{ zip: '80202' }]))).toMatchObject({ kind: 'malformed' })
  })

  test('accepts numeric strings and 0/1 flags as such services send them', async () => {
    service.failNext({ kind: 'status', status: 200, json: { result: { success: true, data: [{ zip: 80202, tax_percentage: '8.81', ShippingTaxable: 1 }] } } })
    expect(await fetchCustomTaxRates(config(), [{ zip: '80202' }])).toEqual([{ zip: '80202', tax_percentage: 8.81, ShippingTaxable: true }])
  })

  test('a service that does not answer in time is a timeout', async () => {
    service.failNext({ kind: 'hang' })
    expect(await failure(fetchCustomTaxRates({ ...config(), timeoutMs: 300 }, [{ zip: '80202' }]))).toMatchObject({ kind: 'timeout' })
  })

  test('our own token being refused is a failure of the store, not a message for the shopper', async () => {
    expect(await failure(fetchCustomTaxRates({ ...config(), token: 'wrong' }, [{ zip: '80202' }]))).toMatchObject({ kind: 'bad_status', status: 401, serviceMessage: null })
  })

  test('a service nobody listens on is unreachable', async () => {
    const closed = await startFakeCustomTax()
    const url = closed.url
    await closed.close()
    expect(await failure(fetchCustomTaxRates({ url, timeoutMs: 1000 }, [{ zip: '80202' }]))).toMatchObject({ kind: 'unreachable' })
  })

  test.each([null, '', 'not a url', 'file:///etc/passwd', 'http://user:pass@127.0.0.1/'])('refuses to call the configured URL %j', async (url) => {
    expect(await failure(fetchCustomTaxRates({ url }, [{ zip: '80202' }]))).toMatchObject({ kind: 'not_configured' })
  })
})
