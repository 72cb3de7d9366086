import { errors, jwtVerify, SignJWT } from 'jose'

// Access tokens (decision 009): HS256 only, fixed issuer and audience, `exp` in seconds. The
// algorithm is never taken from the token: jose is told the one it may accept, so `none`, RS/HS
// confusion and header-supplied keys (`jwk`, `jku`) all fail verification.

export const TOKEN_ALGORITHM = 'HS256'
export const TOKEN_ISSUER = 'webstore'
export const audienceFor = (websiteId: number) => `website:${websiteId}`

export type AccessClaims = { partnerUid: string; sessionId: string; websiteId: number; expiresAt: number }

export async function signAccessToken(key: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(claims.partnerUid)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audienceFor(claims.websiteId))
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(key)
}

/** The token's claims when its signature, algorithm, issuer, audience and expiry hold; else null. */
export async function verifyAccessToken(key: Uint8Array, token: string, websiteId: number): Promise<AccessClaims | null> {
  if (token.length > 4096) return null
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: audienceFor(websiteId),
      typ: 'JWT',
      requiredClaims: ['exp', 'sub', 'sid', 'iat'],
    })
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    return { partnerUid: payload.sub, sessionId: payload.sid, websiteId, expiresAt: payload.exp }
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
}
