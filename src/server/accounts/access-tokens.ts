import { createHmac, timingSafeEqual } from 'node:crypto'

// Access tokens (decision 009): compact JWTs, HS256 only, fixed issuer and audience, `exp` in
// seconds. The algorithm is never taken from the token: a header that is not exactly HS256 + JWT
// (`none`, HS512, RS/HS confusion) or that carries `crit` is refused, and header-supplied keys
// (`jwk`, `jku`, `kid`) are never looked at — there is one key.
//
// Signed and verified with node:crypto's HMAC rather than a JOSE library: every signed-in API call
// verifies a token, and WebCrypto (what jose uses) imports the key and hops to the thread pool on
// each call — measurable at P3's load (decision 016) for a check that is one HMAC and a few
// comparisons. tests/e2e/security/access.spec.ts and src/app/api/user/sessions.test.ts forge tokens
// against it; access-tokens.test.ts proves tokens made by jose (RFC 7519) verify and the reverse.

export const TOKEN_ALGORITHM = 'HS256'
export const TOKEN_ISSUER = 'webstore'
export const audienceFor = (websiteId: number) => `website:${websiteId}`

export type AccessClaims = { partnerUid: string; sessionId: string; websiteId: number; expiresAt: number }

/** No token we issue comes near this; a longer one is refused before any work. */
const MAX_TOKEN_LENGTH = 4096
const SEGMENT = /^[A-Za-z0-9_-]+$/
const SIGNATURE_BYTES = 32

const encodeSegment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const signature = (key: Uint8Array, signingInput: string) => createHmac('sha256', key).update(signingInput).digest()

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  const signingInput = `${encodeSegment({ alg: TOKEN_ALGORITHM, typ: 'JWT' })}.${encodeSegment({
    sid: claims.sessionId,
    sub: claims.partnerUid,
    iss: TOKEN_ISSUER,
    aud: audienceFor(claims.websiteId),
    iat: Math.floor(Date.now() / 1000),
    exp: claims.expiresAt,
  })}`
  return `${signingInput}.${signature(key, signingInput).toString('base64url')}`
}

/** The JSON object in a base64url segment, or null. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The token's claims when its signature, algorithm, issuer, audience and times hold; else null. */
export async function verifyAccessToken(key: Uint8Array, token: string, websiteId: number): Promise<AccessClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string]

  const header = decodeSegment(encodedHeader)
  if (!header || header.alg !== TOKEN_ALGORITHM || header.typ !== 'JWT' || 'crit' in header) return null
  const given = Buffer.from(encodedSignature, 'base64url')
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, signature(key, `${encodedHeader}.${encodedPayload}`))) return null

  const payload = decodeSegment(encodedPayload)
  if (!payload) return null
  const { sid, sub, iss, aud, iat, exp, nbf } = payload
  const now = Math.floor(Date.now() / 1000)
  if (iss !== TOKEN_ISSUER || aud !== audienceFor(websiteId)) return null
  if (typeof sid !== 'string' || typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null
  if (!Number.isFinite(exp) || exp <= now) return null
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null
  return { partnerUid: sub, sessionId: sid, websiteId, expiresAt: exp }
}
