import { expect, test } from 'vitest'
import { mayBuyForResale } from './resale'

const now = new Date('2026-05-01T12:00:00Z')

test('for resale is offered only with a certificate on file that has not expired', () => {
  expect(mayBuyForResale(undefined, now)).toBe(false)
  expect(mayBuyForResale(null, now)).toBe(false)
  expect(mayBuyForResale({ last4: '0417', expiresAt: null }, now)).toBe(true)
  expect(mayBuyForResale({ last4: '0417', expiresAt: '2030-12-31T00:00:00.000Z' }, now)).toBe(true)
  expect(mayBuyForResale({ last4: '0417', expiresAt: '2026-05-01T11:59:59.000Z' }, now)).toBe(false)
})
