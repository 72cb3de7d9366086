import { describe, expect, test } from 'vitest'
import { tokenExpiresAt } from './token-expiry'

function jwt(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part(header)}.${part(payload)}.c2lnbmF0dXJl`
}

describe('reading the expiry of an access token', () => {
  test('gives the exp claim of the payload, in seconds', () => {
    expect(tokenExpiresAt(jwt({ sub: 'p-1', exp: 1_900_000_000 }))).toBe(1_900_000_000)
  })

  test('reads payloads whose base64url uses - and _ and has no padding', () => {
    // Characters chosen so the encoded payload contains '-' or '_' and needs padding.
    const token = jwt({ name: 'Zoë ~~~ ???>>>', exp: 1_800_000_001 })
    expect(token.split('.')[1]).toMatch(/[-_]/)
    expect(tokenExpiresAt(token)).toBe(1_800_000_001)
  })

  test('gives null for anything that is not a JWT with a positive numeric exp', () => {
    expect(tokenExpiresAt(undefined)).toBeNull()
    expect(tokenExpiresAt(null)).toBeNull()
    expect(tokenExpiresAt('')).toBeNull()
    expect(tokenExpiresAt('opaque-session-id')).toBeNull()
    expect(tokenExpiresAt('a.b')).toBeNull()
    expect(tokenExpiresAt('a.%%%.c')).toBeNull()
    expect(tokenExpiresAt(`x.${Buffer.from('not json').toString('base64url')}.y`)).toBeNull()
    expect(tokenExpiresAt(jwt({ sub: 'p-1' }))).toBeNull()
    expect(tokenExpiresAt(jwt({ exp: '1900000000' }))).toBeNull()
    expect(tokenExpiresAt(jwt({ exp: -5 }))).toBeNull()
    expect(tokenExpiresAt(jwt([1, 2, 3]))).toBeNull()
    expect(tokenExpiresAt(jwt(null))).toBeNull()
  })
})
