import { hkdfSync } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { errors as joseErrors, EncryptJWT, jwtDecrypt } from 'jose'
import { z } from 'zod'
import { LOGIN_FAILED } from '@/isomorphic/account-types'
import { resolveNavigation } from '@/isomorphic/url-safety'
import { beginAuthorization, completeAuthorization, issuerUrl, OidcError, type OidcIdentity, type OidcSettings } from '../adapters/oidc'
import { applySsoGroup, ssoGroupClaim } from '../allowances/sso-groups'
import { namedCache } from '../cache/named-cache'
import type { Database, Executor } from '../db/client'
import { partners, websites } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { normalizeEmail } from './partner-service'
import { type IssuedToken, startSession } from './session-service'
import { signingKey } from './signing-key'

// Single sign-on with the store's OpenID Connect provider (decision 009, spec 4).
//
// GET /api/user/sso/start: the browser is sent to the provider with a fresh state, nonce and PKCE
// verifier. Those three, the issuer, the redirect URI and where to go afterwards travel in a
// short-lived HttpOnly cookie, encrypted (A256GCM) with a key derived from the token signing key,
// so the browser can neither read nor change them and nothing is kept on the server.
//
// POST /api/user/sso/callback {callbackUrl}: the /sso-login page hands over the URL the provider
// sent the browser back to. It must be our own /sso-login, its state must match the cookie's, and
// the provider must vouch for a verified email. The partner is found by (issuer, subject), else by
// email (and linked), else created; a disabled partner is refused like a wrong password.

export const SSO_NOT_CONFIGURED = 'Single sign-on is not set up for this store.'
export const SSO_FAILED = 'Single sign-on was cancelled or failed. Please try again.'
export const SSO_EXPIRED = 'Your single sign-on attempt expired or was started in another browser. Please try again.'
export const SSO_WRONG_CALLBACK = 'This single sign-on answer is not for this store. Please start the sign-in again from this store.'
export const SSO_UNREACHABLE = 'The single sign-on service could not be reached. Please try again in a few minutes.'
export const SSO_NO_VERIFIED_EMAIL = 'Your single sign-on account has no verified email address.'
export const SSO_ACCOUNT_LINKED_ELSEWHERE =
  'An account with this email address is already linked to another single sign-on login. Please contact the store.'

/** The provider could not be reached or failed on its side: the route answers 502. */
export class SsoProviderUnavailable extends DomainError {
  constructor(message: string) {
    super('unavailable', message, SSO_UNREACHABLE)
  }
}

export const SSO_CALLBACK_PATH = '/sso-login'
export const SSO_FLOW_TTL_SECONDS = 10 * 60
const MAX_RETURN_TO = 1000

// ---------------------------------------------------------------------------------------------
// Settings: website.ssologin (public label) + website.ssoConfig (server-only provider settings).

const SsoConfigSchema = z.object({
  issuer: z.string().url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scope: z.string().optional(),
  tokenAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
})

function scopeWithOpenId(scope: string | undefined): string {
  const scopes = new Set((scope ?? 'openid email profile').split(/\s+/).filter(Boolean))
  scopes.add('openid')
  return [...scopes].join(' ')
}

/**
 * The store's saved provider settings, or why they cannot be used. `requireLabel`: single sign-on
 * must also be turned on (its button label); the console's test sign-in runs without it.
 */
export async function savedSsoSettings(db: Executor, websiteId: number, { requireLabel }: { requireLabel: boolean }): Promise<{ settings: OidcSettings } | { problem: string }> {
  const [row] = await db.select({ ssologin: websites.ssologin, ssoConfig: websites.ssoConfig }).from(websites).where(eq(websites.id, websiteId))
  if (!row || (requireLabel && !row.ssologin) || !row.ssoConfig) return { problem: 'single sign-on is not configured' }
  const parsed = SsoConfigSchema.safeParse(row.ssoConfig)
  if (!parsed.success) {
    return { problem: `website.ssoConfig is incomplete: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}` }
  }
  const { issuer, clientId, clientSecret, scope, tokenAuthMethod = 'client_secret_basic' } = parsed.data
  try {
    issuerUrl(issuer)
  } catch (error) {
    return { problem: `website.ssoConfig.issuer is refused: ${error instanceof Error ? error.message : String(error)}` }
  }
  return { settings: { issuer, clientId, clientSecret, scope: scopeWithOpenId(scope), tokenAuthMethod } }
}

async function loadSsoSettings(db: Executor, websiteId: number): Promise<OidcSettings | null> {
  const saved = await savedSsoSettings(db, websiteId, { requireLabel: true })
  if ('settings' in saved) return saved.settings
  if (saved.problem !== 'single sign-on is not configured') logger().error({ websiteId, problem: saved.problem }, 'single sign-on is off')
  return null
}

/** The store's provider settings, or null when single sign-on is not configured. Cached with the Website. */
export function ssoSettings(db: Executor, websiteId: number): Promise<OidcSettings | null> {
  return namedCache().getOrLoad('Website', `${websiteId}:sso-settings`, () => loadSsoSettings(db, websiteId))
}

async function requireSettings(db: Executor, websiteId: number): Promise<OidcSettings> {
  const settings = await ssoSettings(db, websiteId)
  if (!settings) throw new DomainError('not_found', `website ${websiteId} has no single sign-on configured`, SSO_NOT_CONFIGURED)
  return settings
}

// ---------------------------------------------------------------------------------------------
// Where to go afterwards: a same-origin relative path only (security.md 4.10), else '/'.

const UNSAFE = /[\u0000-\u001f\u007f\\]/
const SIGN_IN_PAGES = /^\/(?:[a-z]{2}\/)?(?:login|signup|sso-login|password\/(?:reset|create))(?:[/?#]|$)/

export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > MAX_RETURN_TO || !value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return '/'
  const navigation = resolveNavigation(value)
  if (navigation.kind !== 'internal' || !navigation.path.startsWith('/') || navigation.path.startsWith('//')) return '/'
  return SIGN_IN_PAGES.test(navigation.path) ? '/' : navigation.path
}

// ---------------------------------------------------------------------------------------------
// The sealed flow (src/web/sso-cookie.ts carries it in a cookie).

const FlowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43).max(128),
  issuer: z.string(),
  redirectUri: z.string(),
  returnTo: z.string(),
  /** A console member's test of the settings (sso-test.ts): it signs nobody in. */
  test: z.object({ staffId: z.number().int().positive(), sessionId: z.string().min(1) }).optional(),
})

export type SsoFlow = z.infer<typeof FlowSchema>

const FLOW_KEY_INFO = 'webstore sso flow cookie v1'

async function sealingKey(db: Database, info: string): Promise<Uint8Array> {
  return new Uint8Array(hkdfSync('sha256', await signingKey(db), new Uint8Array(0), info, 32))
}

/**
 * Encrypts (A256GCM, a key derived from the token signing key for `purpose`) a payload that only
 * this server can read back, for `audience`, for `ttlSeconds`.
 */
export async function sealForBrowser(db: Database, { purpose, audience, ttlSeconds }: { purpose: string; audience: string; ttlSeconds: number }, payload: Record<string, unknown>): Promise<string> {
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .encrypt(await sealingKey(db, purpose))
}

/** What sealForBrowser sealed, or null when it is not ours, not for `audience`, expired or not a token at all. */
export async function openFromBrowser(db: Database, { purpose, audience }: { purpose: string; audience: string }, token: string | null): Promise<Record<string, unknown> | null> {
  if (!token || token.length > 8192) return null
  try {
    const { payload } = await jwtDecrypt(token, await sealingKey(db, purpose), {
      audience,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    })
    return payload
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null
    throw error
  }
}

const flowSeal = (websiteId: number) => ({ purpose: FLOW_KEY_INFO, audience: `sso-flow:website:${websiteId}` })

export async function sealSsoFlow(db: Database, websiteId: number, flow: SsoFlow): Promise<string> {
  return sealForBrowser(db, { ...flowSeal(websiteId), ttlSeconds: SSO_FLOW_TTL_SECONDS }, { ...flow })
}

/** The flow in the cookie, or null (none, tampered with, expired, another store's). */
export async function openSsoFlow(db: Database, websiteId: number, token: string | null): Promise<SsoFlow | null> {
  const flow = FlowSchema.safeParse(await openFromBrowser(db, flowSeal(websiteId), token))
  return flow.success ? flow.data : null
}

// ---------------------------------------------------------------------------------------------
// Provider failures in words a person can act on.

function toDomainError(error: unknown): unknown {
  if (!(error instanceof OidcError)) return error
  switch (error.failure) {
    case 'unreachable':
      return new SsoProviderUnavailable(error.message)
    case 'denied':
    case 'rejected':
    case 'invalid':
      return new DomainError('invalid', error.message, SSO_FAILED)
  }
}

// ---------------------------------------------------------------------------------------------
// The two steps.

export type SsoStart = { location: string; flowToken: string }

/**
 * Starts a sign-in: the provider's authorization URL to send the browser to and the sealed flow
 * for the cookie. `origin` is the store's public origin (the redirect URI is `${origin}/sso-login`).
 * Throws not_found (no single sign-on) or SsoProviderUnavailable (discovery failed).
 */
export async function beginSsoSignIn(db: Database, input: { websiteId: number; origin: string; returnTo: string | null }): Promise<SsoStart> {
  const settings = await requireSettings(db, input.websiteId)
  const redirectUri = `${input.origin}${SSO_CALLBACK_PATH}`
  try {
    const request = await beginAuthorization(settings, { redirectUri })
    const flowToken = await sealSsoFlow(db, input.websiteId, {
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      issuer: settings.issuer,
      redirectUri,
      returnTo: safeReturnPath(input.returnTo),
    })
    return { location: request.url.href, flowToken }
  } catch (error) {
    throw toDomainError(error)
  }
}

const LOCALE_PREFIX = /^\/[a-z]{2}(?=\/)/

/** The provider's answer as sent to our redirect URI, or a 400 when the URL is not our /sso-login. */
export function ssoCallbackOf(callbackUrl: string, origin: string): URL {
  let url: URL
  try {
    url = new URL(callbackUrl)
  } catch {
    throw new DomainError('invalid', 'the callback URL is not a URL', SSO_WRONG_CALLBACK)
  }
  const path = url.pathname.replace(LOCALE_PREFIX, '').replace(/\/+$/, '')
  if (url.origin !== origin || path !== SSO_CALLBACK_PATH) {
    throw new DomainError('invalid', `the callback URL ${url.origin}${url.pathname} is not ${origin}${SSO_CALLBACK_PATH}`, SSO_WRONG_CALLBACK)
  }
  return url
}

export type SsoSignIn = { issued: IssuedToken; returnTo: string; partnerId: number; created: boolean; linked: boolean }

/**
 * Finishes a sign-in from the URL the provider sent the browser back to and the flow cookie.
 * Throws `invalid` (wrong URL, expired flow, cancelled or refused sign-in, no verified email),
 * `unauthorized` (disabled account), `conflict` (email linked to another login),
 * SsoProviderUnavailable, or `not_found` (no single sign-on).
 */
export async function completeSsoSignIn(
  db: Database,
  input: { websiteId: number; origin: string; callbackUrl: string; flowToken: string | null; ip: string | null; userAgent: string | null },
): Promise<SsoSignIn> {
  const answer = ssoCallbackOf(input.callbackUrl, input.origin)
  const settings = await requireSettings(db, input.websiteId)
  const providerError = answer.searchParams.get('error')
  if (providerError) {
    logger().info({ websiteId: input.websiteId, ip: input.ip, providerError }, 'single sign-on cancelled or refused by the provider')
    throw new DomainError('invalid', `the provider answered ${providerError.slice(0, 100)}`, SSO_FAILED)
  }
  const flow = await openSsoFlow(db, input.websiteId, input.flowToken)
  // A console member's test (sso-test.ts finishes it) never signs anybody in.
  if (flow?.test) throw new DomainError('invalid', 'a test sign-in flow reached the sign-in', SSO_EXPIRED)
  if (!flow || flow.issuer !== settings.issuer) {
    throw new DomainError('invalid', flow ? 'the provider changed since the sign-in started' : 'no valid single sign-on flow cookie', SSO_EXPIRED)
  }
  if (answer.searchParams.get('state') !== flow.state) {
    logger().warn({ websiteId: input.websiteId, ip: input.ip }, 'single sign-on answer with a state that does not match the flow')
    throw new DomainError('invalid', 'the state does not match the flow cookie', SSO_EXPIRED)
  }

  // The provider checks the redirect URI of the code exchange against the one the sign-in started
  // with; the page may have been reached under the locale prefix, so the answer is re-based on it.
  const current = new URL(flow.redirectUri)
  current.search = answer.search

  let identity: OidcIdentity
  try {
    const groupClaim = await ssoGroupClaim(db, input.websiteId)
    identity = await completeAuthorization(settings, current, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier }, groupClaim ? [groupClaim] : [])
  } catch (error) {
    throw toDomainError(error)
  }
  if (!identity.email || !identity.emailVerified) {
    logger().info({ websiteId: input.websiteId, issuer: identity.issuer, hasEmail: Boolean(identity.email) }, 'single sign-on without a verified email refused')
    throw new DomainError('invalid', 'the provider did not vouch for an email address', SSO_NO_VERIFIED_EMAIL)
  }

  const found = await findOrCreatePartner(db, input.websiteId, { ...identity, email: normalizeEmail(identity.email) })
  if (!found.isActive) {
    logger().info({ websiteId: input.websiteId, partnerId: found.id, ip: input.ip }, 'single sign-on of a disabled account refused')
    throw new DomainError('unauthorized', 'the partner is disabled', LOGIN_FAILED)
  }
  // The member's customer group follows the directory's (issue 16): their allowance program with it.
  const groupId = await applySsoGroup(db, { websiteId: input.websiteId, partnerId: found.id, claims: identity.claims })
  if (groupId !== null) logger().info({ websiteId: input.websiteId, partnerId: found.id, groupId }, 'single sign-on set the customer group')
  const issued = await startSession(db, { partnerId: found.id, websiteId: input.websiteId, method: 'sso', ip: input.ip, userAgent: input.userAgent })
  logger().info({ websiteId: input.websiteId, partnerId: found.id, created: found.created, linked: found.linked }, 'single sign-on completed')
  return { issued, returnTo: safeReturnPath(flow.returnTo), partnerId: found.id, created: found.created, linked: found.linked }
}

type FoundPartner = { id: number; isActive: boolean; created: boolean; linked: boolean }

const MAX_NAME = 200

function nameFor(identity: { name: string | null; email: string }): string {
  const name = identity.name ?? identity.email.split('@')[0] ?? identity.email
  return [...name].slice(0, MAX_NAME).join('')
}

/** The partner behind an identity: by (issuer, subject), else by email (then linked), else a new one without a password. */
async function findOrCreatePartner(db: Database, websiteId: number, identity: OidcIdentity & { email: string }): Promise<FoundPartner> {
  return db.transaction(async (tx) => {
    const columns = { id: partners.id, isActive: partners.isActive, ssoIssuer: partners.ssoIssuer, ssoSubject: partners.ssoSubject }
    const [bySubject] = await tx
      .select(columns)
      .from(partners)
      .where(and(eq(partners.websiteId, websiteId), eq(partners.ssoIssuer, identity.issuer), eq(partners.ssoSubject, identity.subject)))
    if (bySubject) return { id: bySubject.id, isActive: bySubject.isActive, created: false, linked: false }

    const [byEmail] = await tx
      .select(columns)
      .from(partners)
      .where(and(eq(partners.websiteId, websiteId), eq(partners.email, identity.email)))
      .for('update')
    if (byEmail) {
      if (byEmail.ssoIssuer === identity.issuer && byEmail.ssoSubject && byEmail.ssoSubject !== identity.subject) {
        logger().warn({ websiteId, partnerId: byEmail.id }, 'single sign-on email already linked to another subject')
        throw new DomainError('conflict', 'the email is linked to another subject of the same provider', SSO_ACCOUNT_LINKED_ELSEWHERE)
      }
      if (!byEmail.isActive) return { id: byEmail.id, isActive: false, created: false, linked: false }
      // store-scope: byEmail was read above with this store in its where
      await tx.update(partners).set({ ssoIssuer: identity.issuer, ssoSubject: identity.subject }).where(eq(partners.id, byEmail.id))
      return { id: byEmail.id, isActive: true, created: false, linked: true }
    }

    const [created] = await tx
      .insert(partners)
      .values({ websiteId, email: identity.email, name: nameFor(identity), passwordHash: null, ssoIssuer: identity.issuer, ssoSubject: identity.subject })
      .onConflictDoNothing()
      .returning({ id: partners.id })
    if (created) return { id: created.id, isActive: true, created: true, linked: false }
    // Two first sign-ins raced: the other one created the row.
    const [raced] = await tx
      .select(columns)
      .from(partners)
      .where(and(eq(partners.websiteId, websiteId), eq(partners.email, identity.email)))
    if (!raced) throw new Error('the partner created by a concurrent sign-in vanished')
    return { id: raced.id, isActive: raced.isActive, created: false, linked: false }
  })
}
