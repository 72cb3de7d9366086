import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { startFakeUsps, type FakeUsps } from '../../../tests/support/fake-carriers/usps'
import { CARRIER_NOT_CONFIGURED, CARRIER_UNAVAILABLE, NOT_A_VALID_ADDRESS } from './carrier-http'
import { logger } from '../kernel/logger'
import { parseRateV4Response, poundsAndOunces, quoteUspsShipment, rateUspsShipment, USPS_TOO_HEAVY, type UspsSettings, uspsRateRequestXml } from './usps'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

let usps: FakeUsps
let settings: UspsSettings
let options: { timeoutMs: number }
const shipDate = new Date('2026-03-02T15:00:00Z')

beforeAll(async () => {
  usps = await startFakeUsps()
})
afterAll(() => usps.close())
beforeEach(() => {
  settings = { url: usps.apiUrl, username: '123ACME456' }
  options = { timeoutMs: 3000 }
  usps.mode = 'ok'
  usps.requests.length = 0
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('USPS RateV4 request', () => {
  test('is the XML of spec 7: Priority, origin and destination ZIP, pounds, ounces, container VARIABLE, ship date', () => {
    expect(uspsRateRequestXml('123ACME456', { originZip: '80205-1234', destinationZip: '30005', weight: 3.5, shipDate })).toBe(
      '<RateV4Request USERID="123ACME456"><Revision>2</Revision><Package ID="0"><Service>PRIORITY</Service>' +
        '<ZipOrigination>80205</ZipOrigination><ZipDestination>30005</ZipDestination><Pounds>3</Pounds><Ounces>8</Ounces>' +
        '<Container>VARIABLE</Container><Machinable>true</Machinable><ShipDate>2026-03-02</ShipDate></Package></RateV4Request>',
    )
  })

  test('escapes what goes into the XML', () => {
    expect(uspsRateRequestXml('a"b<c', { originZip: '<x>', destinationZip: '30005', weight: 1, shipDate })).toContain('USERID="a&quot;b&lt;c"')
    expect(uspsRateRequestXml('u', { originZip: '<x>&', destinationZip: '30005', weight: 1, shipDate })).toContain('<ZipOrigination>&lt;x&gt;&amp;</ZipOrigination>')
  })

  test('weights become whole pounds and ounces, at least one ounce', () => {
    expect(poundsAndOunces(3.5)).toEqual({ pounds: 3, ounces: 8 })
    expect(poundsAndOunces(0.3)).toEqual({ pounds: 0, ounces: 4.8 })
    expect(poundsAndOunces(0)).toEqual({ pounds: 0, ounces: 1 })
    expect(poundsAndOunces(2 - 1e-9)).toEqual({ pounds: 2, ounces: 0 })
  })
})

describe('USPS pricing over HTTP', () => {
  test('reads the business days in transit from the ship date to the CommitmentDate', async () => {
    // Monday 2 March ships, the fake commits to 2 business days: Wednesday 4 March.
    const quote = await quoteUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 3.5, shipDate }, options)
    expect(quote.transitDays).toBe(2)
    expect(quote.amount).toBeCloseTo(usps.priceFor(3, 8) * 100, 6)
    // Shipped on a Friday, the commitment falls on Tuesday: still 2 business days.
    const friday = await quoteUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 1, shipDate: new Date('2026-03-06T15:00:00Z') }, options)
    expect(friday.transitDays).toBe(2)
  })

  test('answers the Priority rate in cents, the user id in a POST form (not in the URL)', async () => {
    const amount = await rateUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 3.5, shipDate }, options)
    expect(amount).toBeCloseTo(usps.priceFor(3, 8) * 100, 6)
    const [call] = usps.rateCalls()
    expect(call!.method).toBe('POST')
    expect(call!.path).toBe('/ShippingAPI.dll')
    expect(usps.lastPackages()).toEqual([
      { id: '0', service: 'PRIORITY', zipOrigination: '80205', zipDestination: '30005', pounds: 3, ounces: 8, container: 'VARIABLE', shipDate: '2026-03-02' },
    ])
  })

  test('a shipment over 70 lb goes as several packages and their rates are added', async () => {
    const amount = await rateUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 150, shipDate }, options)
    expect(usps.lastPackages().map((p) => [p.pounds, p.ounces])).toEqual([
      [70, 0],
      [70, 0],
      [10, 0],
    ])
    expect(amount).toBeCloseTo((usps.priceFor(70, 0) * 2 + usps.priceFor(10, 0)) * 100, 6)
  })

  test('more than 25 packages is too heavy for USPS, without calling it', async () => {
    await expect(rateUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 70 * 25 + 1, shipDate }, options)).rejects.toThrow(USPS_TOO_HEAVY)
    expect(usps.requests).toHaveLength(0)
  })

  test('an <Error> about the recipient ZIP in a 200 answer is an invalid address', async () => {
    await expect(rateUspsShipment(settings, { originZip: '80205', destinationZip: '00000', weight: 1, shipDate }, options)).rejects.toThrow(NOT_A_VALID_ADDRESS)
  })

  test('an authorization <Error> document fails the quote and keeps the user id out of the log', async () => {
    const lines: string[] = []
    vi.spyOn(logger(), 'warn').mockImplementation((...args: unknown[]) => void lines.push(JSON.stringify(args)))
    await expect(rateUspsShipment({ ...settings, username: 'SOMEONE' }, { originZip: '80205', destinationZip: '30005', weight: 1, shipDate }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
    expect(lines.join('\n')).toContain('80040B1A')
    expect(lines.join('\n')).not.toContain('SOMEONE')
  })

  test.each(['server-error', 'garbage', 'hang'] as const)('an answer that is %s fails without a price', async (mode) => {
    if (mode === 'hang') options.timeoutMs = 250
    usps.mode = mode
    await expect(rateUspsShipment(settings, { originZip: '80205', destinationZip: '30005', weight: 1, shipDate }, options)).rejects.toThrow(CARRIER_UNAVAILABLE)
  })

  test('needs a user id and an https API address (plain http only to a private receiver)', async () => {
    await expect(rateUspsShipment({ ...settings, username: '' }, { originZip: '80205', destinationZip: '30005', weight: 1, shipDate }, options)).rejects.toThrow(CARRIER_NOT_CONFIGURED)
    await expect(rateUspsShipment({ ...settings, url: 'http://56.0.34.10/ShippingAPI.dll' }, { originZip: '80205', destinationZip: '30005', weight: 1, shipDate }, options)).rejects.toThrow(
      CARRIER_NOT_CONFIGURED,
    )
  })
})

describe('reading RateV4 answers', () => {
  test('a package count that does not match the request is not trusted', () => {
    const xml = '<RateV4Response><Package ID="0"><Postage CLASSID="1"><Rate>9.80</Rate></Postage></Package></RateV4Response>'
    expect(parseRateV4Response(xml, 1)).toEqual({ kind: 'rates', amounts: [980], commitmentDates: [null] })
    expect(parseRateV4Response(xml, 2)).toEqual({ kind: 'garbage' })
  })

  test('a package without a numeric rate is garbage, not 0', () => {
    expect(parseRateV4Response('<RateV4Response><Package ID="0"><Postage><Rate>free</Rate></Postage></Package></RateV4Response>', 1)).toEqual({ kind: 'garbage' })
    expect(parseRateV4Response('<RateV4Response><Package ID="0"></Package></RateV4Response>', 1)).toEqual({ kind: 'garbage' })
  })
})
