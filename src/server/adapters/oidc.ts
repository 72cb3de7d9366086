import * as client from 'openid-client'
import { logger } from '../kernel/logger'
import { checkOutboundUrl, OUTBOUND_UNREACHABLE, OutboundError, outboundFetch, type OutboundPolicy, outboundPolicy, outboundUrlProblem } from './outbound'

// OpenID Connect relying party (openid-client v6): discovery, the authorization request (PKCE S256,
// state, nonce) and the code exchange. Discovered configurations are kept per provider for an
// hour, so a sign-in costs no discovery round trip; a failed discovery is kept for 15 seconds.
// Every request to the provider has a timeout (10 s) and goes through the outbound policy
// (adapters/outbound.ts): the issuer must be a public https address (plain http and private or
// loopback providers only with ALLOW_PRIVATE_OUTBOUND), and every call — discovery, token, keys,
// userinfo, whatever address the discovery document names — resolves its host, refuses one that is
// not allowed and connects to the address it checked. A provider that cannot be reached reads the
// same whatever listens on its port (the detail goes to the log).
//
// The ID token's signature is checked against the provider's published keys (jwks_uri) too:
// openid-client checks it for a token from the token endpoint only with enableNonRepudiationChecks,
// trusting TLS instead, and without it a forged ID token in that answer (a plain-HTTP issuer, a
// proxy that ends TLS) would sign in whoever it names.

export const OIDC_TIMEOUT_SECONDS = 10
const CONFIGURATION_TTL_MS = 60 * 60_000
const FAILED_DISCOVERY_TTL_MS = 15_000

export type TokenAuthMethod = 'client_secret_basic' | 'client_secret_post'

export type OidcSettings = {
  issuer: string
  clientId: string
  clientSecret: string
  /** Space-separated scopes; always includes `openid`. */
  scope: string
  tokenAuthMethod: TokenAuthMethod
}

/** Who the provider says signed in. `emailVerified` is true only when the provider says so, as a boolean. */
export type OidcIdentity = {
  issuer: string
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
  /** Every claim of the ID token and userinfo (the store's group mapping reads one, e.g. "groups"). */
  claims: Record<string, unknown>
}

/** The authorization request and the secrets the callback must be checked against. */
export type AuthorizationRequest = { url: URL; state: string; nonce: string; codeVerifier: string }

/**
 * Why talking to the provider failed:
 * - `unreachable`: discovery or a request failed, timed out or answered 5xx / not JSON;
 * - `denied`: the provider sent the visitor back with an error (`error=access_denied`, …);
 * - `rejected`: the provider refused the code exchange (used or expired code, wrong client);
 * - `invalid`: an answer failed validation (signature, nonce, issuer, state).
 */
export type OidcFailure = 'unreachable' | 'denied' | 'rejected' | 'invalid'

/** Where in the flow it failed (the console's test sign-in names it). */
export type OidcStep = 'discovery' | 'provider answer' | 'token exchange' | 'ID token' | 'userinfo'

export class OidcError extends Error {
  override readonly name = 'OidcError'
  constructor(
    readonly failure: OidcFailure,
    message: string,
    /** The provider's OAuth error code (`access_denied`, `invalid_grant`), when it sent one. */
    readonly providerError?: string,
    readonly step?: OidcStep,
    /** The HTTP status of the provider's error answer (401 for a refused client secret). */
    readonly status?: number,
  ) {
    super(message)
  }
}

/** The issuer as a URL, if the outbound policy lets it be called. Throws OidcError('invalid') otherwise. */
export function issuerUrl(issuer: string, policy: OutboundPolicy = outboundPolicy()): URL {
  const checked = outboundUrlProblem(issuer, policy)
  if ('problem' in checked) throw new OidcError('invalid', `the issuer is refused by the outbound policy (${checked.problem})`)
  return checked.url
}

export const SSO_ISSUER_LABEL = 'the single sign-on issuer'

/** The issuer as it is saved, or a 400 saying what to change (the outbound policy, at save). */
export function checkSsoIssuer(issuer: string, policy?: OutboundPolicy): string {
  return checkOutboundUrl(issuer, { label: SSO_ISSUER_LABEL, example: 'https://login.example.com', ...(policy ? { policy } : {}) })
}

/** openid-client's fetch: every request to the provider through the outbound policy. */
const providerFetch: client.CustomFetch = (url, options) =>
  outboundFetch(url, { method: options.method, headers: options.headers, body: options.body as string | URLSearchParams | null | undefined, signal: options.signal ?? null }, { timeoutMs: OIDC_TIMEOUT_SECONDS * 1000 })

type Cached = { expiresAt: number; promise: Promise<client.Configuration> }
const GLOBAL_KEY = Symbol.for('webstore.oidc-configurations')
type GlobalWithConfigurations = typeof globalThis & { [GLOBAL_KEY]?: Map<string, Cached> }

function configurations(): Map<string, Cached> {
  const holder = globalThis as GlobalWithConfigurations
  holder[GLOBAL_KEY] ??= new Map()
  return holder[GLOBAL_KEY]
}

/** Forgets every discovered provider (tests; a provider whose keys or endpoints moved). */
export function forgetOidcConfigurations(): void {
  configurations().clear()
}

function clientAuthentication(settings: OidcSettings): client.ClientAuth {
  return settings.tokenAuthMethod === 'client_secret_post'
    ? client.ClientSecretPost(settings.clientSecret)
    : client.ClientSecretBasic(settings.clientSecret)
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const server = issuerUrl(settings.issuer)
  try {
    return await client.discovery(server, settings.clientId, { client_secret: settings.clientSecret }, clientAuthentication(settings), {
      timeout: OIDC_TIMEOUT_SECONDS,
      [client.customFetch]: providerFetch,
      execute: server.protocol === 'http:' ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks],
    })
  } catch (error) {
    throw asOidcError(error, 'discovery')
  }
}

/**
 * The provider's configuration, discovered once per hour per issuer and client; `fresh`: discovered
 * now (the console's test sign-in), which also renews what the sign-ins use.
 */
export function providerConfiguration(settings: OidcSettings, { fresh = false }: { fresh?: boolean } = {}): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret, settings.tokenAuthMethod])
  const cache = configurations()
  const cached = cache.get(key)
  if (!fresh && cached && cached.expiresAt > Date.now()) return cached.promise
  const promise = discover(settings)
  const entry = { expiresAt: Date.now() + CONFIGURATION_TTL_MS, promise }
  cache.set(key, entry)
  // A failed discovery is remembered briefly, so a provider that is down is not asked again by
  // every visitor who clicks the button (each attempt may wait for the whole timeout).
  promise.catch(() => {
    entry.expiresAt = Math.min(entry.expiresAt, Date.now() + FAILED_DISCOVERY_TTL_MS)
  })
  return promise
}

/** The provider's authorization URL for a new sign-in, with fresh state, nonce and PKCE verifier. */
export async function beginAuthorization(settings: OidcSettings, { redirectUri, fresh = false }: { redirectUri: string; fresh?: boolean }): Promise<AuthorizationRequest> {
  const config = await providerConfiguration(settings, { fresh })
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: settings.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  })
  return { url, state, nonce, codeVerifier }
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

function displayName(claims: Record<string, unknown>): string | null {
  const full = stringClaim(claims.name)
  if (full) return full
  const parts = [stringClaim(claims.given_name), stringClaim(claims.family_name)].filter(Boolean)
  return parts.length > 0 ? parts.join(' ') : null
}

/**
 * Exchanges the code in `callbackUrl` (the redirect URI with the provider's answer) and returns who
 * signed in. The state is compared before anything is sent; the ID token's signature (with the
 * provider's keys), issuer, audience, nonce and expiry are checked by openid-client. When the ID
 * token lacks the email claims (or a wanted one), they are read from the userinfo endpoint (for the same subject).
 */
export async function completeAuthorization(
  settings: OidcSettings,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
  /** Claims the store reads besides email and name (its group claim): fetched from userinfo when the ID token lacks them. */
  wantedClaims: readonly string[] = [],
): Promise<OidcIdentity> {
  const providerError = callbackUrl.searchParams.get('error')
  if (providerError) {
    const description = callbackUrl.searchParams.get('error_description')
    throw new OidcError('denied', `the provider answered ${providerError}${description ? `: ${description}` : ''}`, providerError, 'provider answer')
  }
  if (callbackUrl.searchParams.get('state') !== checks.state) throw new OidcError('invalid', 'the state does not match the sign-in that was started', undefined, 'provider answer')
  const config = await providerConfiguration(settings)
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    })
  } catch (error) {
    // The provider's refusal or silence is the exchange's; an answer that fails its checks (the ID
    // token's signature, issuer, audience, nonce, expiry) is the ID token's.
    throw asOidcError(error, exchangeFailed(error) ? 'token exchange' : 'ID token')
  }
  const idToken = tokens.claims()
  if (!idToken) throw new OidcError('invalid', 'the provider sent no ID token', undefined, 'ID token')
  let claims: Record<string, unknown> = { ...idToken }
  const missing = claims.email === undefined || claims.email_verified === undefined || wantedClaims.some((name) => claims[name] === undefined)
  if (missing && tokens.access_token) {
    try {
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
      // The ID token's own claims win; userinfo fills in what it left out (same subject, checked).
      claims = { ...userInfo, ...claims }
    } catch (error) {
      throw asOidcError(error, 'userinfo')
    }
  }
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: stringClaim(claims.email),
    emailVerified: claims.email_verified === true,
    name: displayName(claims),
    claims,
  }
}

/** Whether an error of the code grant is the token endpoint's answer (or its absence) rather than the ID token's checks. */
function exchangeFailed(error: unknown): boolean {
  return (
    error instanceof client.ResponseBodyError ||
    error instanceof client.WWWAuthenticateChallengeError ||
    error instanceof TypeError ||
    error instanceof OutboundError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
    (error instanceof client.ClientError && error.code !== undefined && UNREACHABLE_CODES.has(error.code))
  )
}

const UNREACHABLE_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_PARSE_ERROR'])

/** Sorts whatever openid-client or fetch threw into the failures above (logged with their detail). */
export function asOidcError(error: unknown, step: OidcStep): OidcError {
  if (error instanceof OidcError) return error
  // The outbound policy already logged the detail; what is kept is its one sentence, the same for a
  // refused port, a silent one and one that does not speak HTTP.
  if (error instanceof OutboundError) {
    logger().warn({ step, failure: 'unreachable', kind: error.kind }, 'single sign-on provider call failed')
    return new OidcError('unreachable', `${step} failed: ${error.kind === 'refused' ? error.message : OUTBOUND_UNREACHABLE}`, undefined, step)
  }
  const detail = error instanceof Error ? error.message : String(error)
  let failure: OidcFailure
  let providerError: string | undefined
  let status: number | undefined
  if (error instanceof client.AuthorizationResponseError) {
    failure = 'denied'
    providerError = error.error
  } else if (error instanceof client.ResponseBodyError) {
    failure = error.status >= 500 ? 'unreachable' : 'rejected'
    providerError = error.error
    status = error.status
  } else if (error instanceof client.WWWAuthenticateChallengeError) {
    // A 401 with a challenge (a refused client secret): the challenge's error names why.
    failure = error.status >= 500 ? 'unreachable' : 'rejected'
    providerError = error.cause.find((challenge) => challenge.parameters.error)?.parameters.error
    status = error.status
  } else if (error instanceof TypeError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    failure = 'unreachable'
  } else if (error instanceof client.ClientError && error.code && UNREACHABLE_CODES.has(error.code)) {
    failure = 'unreachable'
  } else {
    failure = 'invalid'
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
  logger().warn({ step, failure, providerError, detail, cause }, 'single sign-on provider call failed')
  return new OidcError(failure, `${step} failed: ${detail}${cause ? ` (${cause})` : ''}`, providerError, step, status)
}
