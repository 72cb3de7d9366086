import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { env } from '@/server/env'
import { addShippingCountry, createCountry, createWebsite } from '../../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST } from './route'

function validate(body: unknown, headers: Record<string, string> = {}) {
  return POST(
    new Request('http://store.test/api/address/validation', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

describe.each(testDatabaseKinds())('the address validation route on %s', (kind) => {
  useTestDatabase(kind)
  let countryId: number
  let coloradoId: number

  beforeAll(async () => {
    const website = await createWebsite()
    expect(website.id).toBe(env().WEBSITE_ID)
    const us = await createCountry({ code: 'US', states: [{ code: 'CO' }] })
    countryId = us.id
    coloradoId = us.states[0]!.id
    await addShippingCountry({ websiteId: website.id, countryId })
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
  })

  const address = () => ({ id: 12, name: 'Jane Buyer', phone: '303-555-0100', street: '1600 Wynkoop St', city: 'Denver', zip: '80202', countryId, stateId: coloradoId })

  test('a good address is valid, answered with its normalized form', async () => {
    const response = await validate({ raw: { address: address() } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      data: {
        valid: true,
        messages: [],
        suggestions: [],
        checkedBy: 'builtin',
        address: { name: 'Jane Buyer', phone: '303-555-0100', street: '1600 Wynkoop St', street2: null, city: 'Denver', zip: '80202', countryId, countryCode: 'US', stateId: coloradoId, stateCode: 'CO' },
      },
    })
  })

  test('a bad address is a 200 with valid false and what to fix', async () => {
    const response = await validate({ raw: { address: { ...address(), city: '', zip: '1234' } } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      data: { valid: false, messages: ['Please enter the city.', 'Please enter a ZIP code of 5 digits, or ZIP+4 such as 80202-1234.'] },
    })
  })

  test.each([
    ['no raw', {}],
    ['no address', { raw: {} }],
    ['a number for the street', { raw: { address: { ...address(), street: 42 } } }],
    ['a text country id', { raw: { address: { ...address(), countryId: 'US' } } }],
    ['broken JSON', '{"raw": {'],
  ])('%s is a 400', async (_, body) => {
    const response = await validate(body)
    expect(response.status).toBe(400)
  })

  test('a request from another site is refused', async () => {
    expect((await validate({ raw: { address: address() } }, { origin: 'https://evil.example' })).status).toBe(403)
  })
})
