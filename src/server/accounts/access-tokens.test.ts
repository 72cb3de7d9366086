import { createHmac, randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { describe, expect, test } from 'vitest'
import { audienceFor, signAccessToken, TOKEN_ISSUER, verifyAccessToken } from './access-tokens'

const key = new TextEncoder().encode('a signing key of the tests, long enough for HS256')
const websiteId = 7
const now = () => Math.floor(Date.now() / 1000)
const claims = () => ({ partnerUid: randomUUID(), sessionId: randomUUID(), websiteId, expiresAt: now() + 600 })
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')

/** A token with any header and payload, HMAC-signed with `hash` under `signingKey`. */
function forge(header: unknown, payload: unknown, { signingKey = key, hash = 'sha256' }: { signingKey?: Uint8Array; hash?: string } = {}) {
  const input = `${b64(header)}.${b64(payload)}`
  return `${input}.${createHmac(hash, signingKey).update(input).digest('base64url')}`
}

function payloadOf(issued: ReturnType<typeof claims>) {
  return { sid: issued.sessionId, sub: issued.partnerUid, iss: TOKEN_ISSUER, aud: audienceFor(websiteId), iat: now(), exp: issued.expiresAt }
}

describe('access tokens', () => {
  test('a token we sign verifies and gives back its claims', async () => {
    const issued = claims()
    expect(await verifyAccessToken(key, await signAccessToken(key, issued), websiteId)).toEqual(issued)
  })

  test('tokens are standard JWTs: jose verifies ours and we verify one jose signed', async () => {
    const issued = claims()
    const { payload, protectedHeader } = await jwtVerify(await signAccessToken(key, issued), key, { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: audienceFor(websiteId) })
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(payload).toMatchObject({ sub: issued.partnerUid, sid: issued.sessionId, exp: issued.expiresAt })

    const byJose = await new SignJWT({ sid: issued.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(issued.partnerUid)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audienceFor(websiteId))
      .setIssuedAt()
      .setExpirationTime(issued.expiresAt)
      .sign(key)
    expect(await verifyAccessToken(key, byJose, websiteId)).toEqual(issued)
  })

  test('forged, altered, mistyped, expired and premature tokens are refused', async () => {
    const issued = claims()
    const genuine = payloadOf(issued)
    const header = { alg: 'HS256', typ: 'JWT' }
    const real = await signAccessToken(key, issued)
    const [realHeader, realPayload, realSignature] = real.split('.') as [string, string, string]
    const refused: [string, string][] = [
      ['alg none without a signature', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(genuine)}.`],
      ['alg none with the genuine signature', `${b64({ alg: 'none', typ: 'JWT' })}.${realPayload}.${realSignature}`],
      ['HS512 under our key', forge({ alg: 'HS512', typ: 'JWT' }, genuine, { hash: 'sha512' })],
      ['HS256 under another key', forge(header, genuine, { signingKey: new TextEncoder().encode('another key, also long enough to sign') })],
      ['a critical header extension', forge({ ...header, crit: ['exp'] }, genuine)],
      ['another type', forge({ alg: 'HS256', typ: 'at+jwt' }, genuine)],
      ['payload altered, signature kept', `${realHeader}.${b64({ ...genuine, sub: randomUUID() })}.${realSignature}`],
      ['signature truncated', `${realHeader}.${realPayload}.${realSignature.slice(0, -2)}`],
      ['a fourth segment', `${real}.${realSignature}`],
      ['characters outside base64url', `${realHeader}.${realPayload}.${realSignature.slice(0, -1)}=`],
      ['expired', forge(header, { ...genuine, exp: now() - 1 })],
      ['expiring this very second', forge(header, { ...genuine, exp: now() })],
      ['not valid before tomorrow', forge(header, { ...genuine, nbf: now() + 86_400 })],
      ['another website', forge(header, { ...genuine, aud: audienceFor(websiteId + 1) })],
      ['an audience list', forge(header, { ...genuine, aud: [audienceFor(websiteId)] })],
      ['another issuer', forge(header, { ...genuine, iss: 'someone-else' })],
      ['no session', forge(header, { ...genuine, sid: undefined })],
      ['no issue time', forge(header, { ...genuine, iat: undefined })],
      ['an expiry that is text', forge(header, { ...genuine, exp: String(genuine.exp) })],
      ['a payload that is a list', forge(header, [genuine])],
      ['a payload that is not JSON', `${b64(header)}.${b64('{not json')}.${createHmac('sha256', key).update(`${b64(header)}.${b64('{not json')}`).digest('base64url')}`],
      ['a header that is not JSON', `${b64('[')}.${realPayload}.${realSignature}`],
      ['empty', ''],
      ['far too long', `${realHeader}.${b64({ ...genuine, pad: 'x'.repeat(5000) })}.${realSignature}`],
    ]
    for (const [what, token] of refused) {
      expect({ what, claims: await verifyAccessToken(key, token, websiteId) }).toEqual({ what, claims: null })
    }
    expect(await verifyAccessToken(key, forge(header, genuine), websiteId)).toEqual(issued)
  })
})
