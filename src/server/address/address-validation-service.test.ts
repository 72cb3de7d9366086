import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createTokenCache, NOT_A_VALID_ADDRESS } from '../adapters/carrier-http'
import { createDeliveryMethod } from '../../../tests/factories/store-settings'
import { addShippingCountry, createCountry, createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { type FakeUps, startFakeUps } from '../../../tests/support/fake-carriers/ups'
import { ADDRESS_AMBIGUOUS, ADDRESS_CHECK_UNAVAILABLE, resolveDestination, validateAddress } from './address-validation-service'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

describe.each(testDatabaseKinds())('address validation on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let upsWebsiteId: number
  let ups: FakeUps
  let us: Awaited<ReturnType<typeof createCountry>>
  let gb: Awaited<ReturnType<typeof createCountry>>
  let fr: Awaited<ReturnType<typeof createCountry>>
  const state = (code: string) => us.states.find((s) => s.code === code)!.id
  // Generous: the first call of a busy test run (a cold connection) must not pass for UPS being down.
  const upsOptions = () => ({ ups: { timeoutMs: 3000, tokens: createTokenCache() } })

  beforeAll(async () => {
    ups = await startFakeUps()
    us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'CO' }, { code: 'NY' }, { code: 'GA' }] })
    gb = await createCountry({ code: 'GB', name: 'United Kingdom' })
    fr = await createCountry({ code: 'FR', name: 'France' })
    websiteId = (await createWebsite()).id
    upsWebsiteId = (await createWebsite()).id
    for (const id of [websiteId, upsWebsiteId]) {
      await addShippingCountry({ websiteId: id, countryId: us.id })
      await addShippingCountry({ websiteId: id, countryId: gb.id, sequence: 1 })
    }
    await createDeliveryMethod({
      websiteId: upsWebsiteId,
      name: 'UPS Ground',
      deliveryType: 'ups_rubikx',
      url: ups.url,
      credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret, upsAccountNumber: 'A1B2C3' },
    })
  })
  afterAll(() => ups.close())

  const denver = () => ({ name: ' Jane  Buyer ', street: '1600 Wynkoop St', street2: '', city: 'Denver', zip: '80202', countryId: us.id, stateId: state('CO') })

  test('a complete address in a shipped-to state is valid, tidied and with codes filled in', async () => {
    const result = await validateAddress(db(), { websiteId, address: { ...denver(), zip: '802021234' } })
    expect(result).toEqual({
      valid: true,
      messages: [],
      suggestions: [],
      checkedBy: 'builtin',
      address: { name: 'Jane Buyer', phone: null, street: '1600 Wynkoop St', street2: null, city: 'Denver', zip: '80202-1234', countryId: us.id, countryCode: 'US', stateId: state('CO'), stateCode: 'CO' },
    })
  })

  test('codes work as well as ids', async () => {
    const result = await validateAddress(db(), { websiteId, address: { street: '1 Main St', city: 'Albany', zip: '12207', countryCode: 'us', stateCode: 'ny' } })
    expect(result).toMatchObject({ valid: true, address: { countryId: us.id, stateId: state('NY'), stateCode: 'NY' } })
  })

  test('names every missing field', async () => {
    const result = await validateAddress(db(), { websiteId, address: { street: ' ', city: null } })
    expect(result.valid).toBe(false)
    expect(result.messages).toEqual(['Please enter the street address.', 'Please enter the city.', 'Please enter the ZIP or postal code.', 'Please choose a country.'])
  })

  test('refuses a country the website does not ship to, and a state of another country', async () => {
    expect((await validateAddress(db(), { websiteId, address: { ...denver(), countryId: fr.id, stateId: null } })).messages).toEqual([
      'We do not ship to that country. Please choose a country from the list.',
    ])
    expect((await validateAddress(db(), { websiteId, address: { ...denver(), stateId: 999_999 } })).messages).toEqual([
      'That state is not in the chosen country. Please choose the state again.',
    ])
    expect((await validateAddress(db(), { websiteId, address: { ...denver(), stateId: null } })).messages).toEqual(['Please choose a state.'])
  })

  test('a country without states takes no state and any postal code form', async () => {
    const london = { street: '10 Downing St', city: 'London', zip: 'SW1A 2AA', countryId: gb.id }
    expect(await validateAddress(db(), { websiteId, address: london })).toMatchObject({ valid: true, address: { countryCode: 'GB', stateId: null, zip: 'SW1A 2AA' } })
    expect((await validateAddress(db(), { websiteId, address: { ...london, stateCode: 'CO' } })).messages).toEqual(['The chosen country has no states: leave the state empty.'])
  })

  test('a US ZIP must be 5 digits or ZIP+4, and belong to the state', async () => {
    expect((await validateAddress(db(), { websiteId, address: { ...denver(), zip: '8020' } })).messages).toEqual([
      'Please enter a ZIP code of 5 digits, or ZIP+4 such as 80202-1234.',
    ])
    expect((await validateAddress(db(), { websiteId, address: { ...denver(), zip: '10001' } })).messages).toEqual([
      'The ZIP code 10001 is not in CO. Please check the ZIP code and the state.',
    ])
  })

  test('resolveDestination gives a postal address of codes, or the messages as an invalid error', async () => {
    expect(await resolveDestination(db(), websiteId, denver())).toEqual({ name: 'Jane Buyer', street: '1600 Wynkoop St', street2: null, city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80202' })
    await expect(resolveDestination(db(), websiteId, { ...denver(), zip: '10001' })).rejects.toMatchObject({ code: 'invalid', userMessage: 'The ZIP code 10001 is not in CO. Please check the ZIP code and the state.' })
  })

  describe('with UPS configured', () => {
    test('UPS confirming the address gives its spelling and ZIP+4', async () => {
      ups.mode.xav = 'valid'
      const result = await validateAddress(db(), { websiteId: upsWebsiteId, address: denver() }, upsOptions())
      expect(result).toMatchObject({ valid: true, checkedBy: 'ups', messages: [], address: { street: '1600 WYNKOOP ST', city: 'DENVER', zip: '80202-1234', stateId: state('CO'), name: 'Jane Buyer' } })
      const sent = JSON.parse(ups.requests.at(-1)!.body) as { XAVRequest: { AddressKeyFormat: Record<string, unknown> } }
      expect(sent.XAVRequest.AddressKeyFormat).toMatchObject({ AddressLine: ['1600 Wynkoop St'], PoliticalDivision1: 'CO', PostcodePrimaryLow: '80202', CountryCode: 'US' })
    })

    test('UPS finding nothing is the spec’s invalid-address message', async () => {
      ups.mode.xav = 'none'
      expect(await validateAddress(db(), { websiteId: upsWebsiteId, address: denver() }, upsOptions())).toMatchObject({ valid: false, messages: [NOT_A_VALID_ADDRESS], checkedBy: 'ups' })
    })

    test('UPS finding several gives suggestions to choose from', async () => {
      ups.mode.xav = 'ambiguous'
      const result = await validateAddress(db(), { websiteId: upsWebsiteId, address: denver() }, upsOptions())
      expect(result).toMatchObject({ valid: false, messages: [ADDRESS_AMBIGUOUS] })
      expect(result.suggestions.map((s) => s.zip)).toEqual(['80202-1234', '80202-5678'])
    })

    test('UPS being down is an error to retry, not a valid address', async () => {
      ups.mode.xav = 'server-error'
      await expect(validateAddress(db(), { websiteId: upsWebsiteId, address: denver() }, upsOptions())).rejects.toMatchObject({ code: 'unavailable', userMessage: ADDRESS_CHECK_UNAVAILABLE })
    })

    test('an address failing the built-in checks never reaches UPS', async () => {
      const before = ups.requests.length
      expect((await validateAddress(db(), { websiteId: upsWebsiteId, address: { ...denver(), zip: '10001' } }, upsOptions())).valid).toBe(false)
      expect(ups.requests).toHaveLength(before)
    })

    test('addresses outside the US are not sent to UPS street validation', async () => {
      const before = ups.requests.length
      expect(await validateAddress(db(), { websiteId: upsWebsiteId, address: { street: '10 Downing St', city: 'London', zip: 'SW1A 2AA', countryId: gb.id } }, upsOptions())).toMatchObject({ valid: true, checkedBy: 'builtin' })
      expect(ups.requests).toHaveLength(before)
    })
  })
})
