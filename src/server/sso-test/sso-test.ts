import type { SsoTestResult } from '@/isomorphic/contract/admin-settings'
import { beginAuthorization, completeAuthorization, OidcError, type OidcIdentity, type OidcSettings } from '../adapters/oidc'
import { ssoGroupClaim, ssoGroupMatch } from '../allowances/sso-groups'
import { recordAudit } from '../audit/audit-log'
import { defineAdminQuery } from '../kernel/admin-definition'
import { type Database, getDb } from '../db/client'
import { type CoreContext, coreContext, type Staff } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { CONSOLE_SIGN_IN_REQUIRED, requireStaff, staffMay } from '../kernel/permissions'
import { staffActorForSessionId } from '../staff/staff-sessions'
import {
  completeSsoSignIn,
  openFromBrowser,
  openSsoFlow,
  savedSsoSettings,
  sealForBrowser,
  sealSsoFlow,
  SSO_CALLBACK_PATH,
  SSO_EXPIRED,
  ssoCallbackOf,
  type SsoFlow,
  type SsoSignIn,
} from '../accounts/sso-service'

// The console's "Test sign-in" for single sign-on (issue 16). A member who may change the store's
// settings starts the same OpenID Connect flow as a shopper (authorization code + PKCE, the saved
// settings, the store's own /sso-login as the redirect URI), with the sealed flow marked as a test
// by them and their console session. The provider returns to the normal callback, which for a test
// signs nobody in and creates no account: it records the outcome — the claims that came back and
// the customer group the store's mapping gives them, or the step that failed and what to fix — in
// the audit log, and seals it for the member's browser (a Path=/admin cookie, ten minutes). Only
// the member and console session that started the test can read it. Tokens and the client secret
// are never part of it, nor logged.
//
// The provider's return carries no admin cookie (SameSite=Strict, and the return comes from the
// provider's site): the flow names the console session, which must still be live.

export const SSO_TEST_RESULT_PATH = '/admin/settings/sso-test'
export const SSO_TEST_RESULT_TTL_SECONDS = 10 * 60

export const SSO_TEST_INCOMPLETE = 'Save the provider’s issuer address, client id and client secret first, then test the sign-in.'
export const SSO_TEST_ELSEWHERE = 'The test sign-in returns to the store’s own address: open the console at that store’s address to test its single sign-on.'
export const SSO_TEST_SESSION_ENDED = 'The console session that started this test has ended. Sign in to the console and test again.'

const resultSeal = (websiteId: number) => ({ purpose: 'webstore sso test result v1', audience: `sso-test-result:website:${websiteId}` })

/** The result page of a store's test. */
export const ssoTestResultPath = (websiteId: number) => `${SSO_TEST_RESULT_PATH}?store=${websiteId}`

// ---------------------------------------------------------------------------------------------
// Starting.

/** Where to send the browser (the provider, or straight to the result when the provider cannot be reached), and the cookie to set. */
export type SsoTestStart = { location: string; flowToken: string | null; resultToken: string | null }

/**
 * Starts a test sign-in with the store's saved settings (whether or not single sign-on is turned
 * on). Refuses (403/404) a member who may not change the store's settings, and (400) a store other
 * than the one this server serves or settings without an issuer, client id and secret. A provider
 * that cannot be discovered is the test's result (step "discovery"), not an error.
 */
export async function beginSsoTest(ctx: CoreContext, { websiteId, origin }: { websiteId: number; origin: string }): Promise<SsoTestStart> {
  const member = await requireStaff(ctx, 'store.manage', websiteId)
  if (!member.sessionId) throw new DomainError('unauthorized', 'a test sign-in needs a console session', CONSOLE_SIGN_IN_REQUIRED)
  if (websiteId !== ctx.store.websiteId) throw new DomainError('invalid', `store ${websiteId} is not the store ${ctx.store.websiteId} this server serves`, SSO_TEST_ELSEWHERE)
  const db = await getDb()
  const saved = await savedSsoSettings(db, websiteId, { requireLabel: false })
  if ('problem' in saved) throw new DomainError('invalid', saved.problem, SSO_TEST_INCOMPLETE)
  const { settings } = saved
  const redirectUri = `${origin}${SSO_CALLBACK_PATH}`
  const returnTo = ssoTestResultPath(websiteId)
  try {
    const request = await beginAuthorization(settings, { redirectUri, fresh: true })
    const flow: SsoFlow = {
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      issuer: settings.issuer,
      redirectUri,
      returnTo,
      test: { staffId: member.staffId, sessionId: member.sessionId },
    }
    return { location: request.url.href, flowToken: await sealSsoFlow(db, websiteId, flow), resultToken: null }
  } catch (error) {
    if (!(error instanceof OidcError)) throw error
    const result = failedResult({ websiteId, settings, redirectUri }, explain(error, settings, redirectUri))
    await recordTest(db, ctx, result)
    return { location: returnTo, flowToken: null, resultToken: await sealResult(db, member, result) }
  }
}

// ---------------------------------------------------------------------------------------------
// The provider's answer.

export type SsoCallbackOutcome = { kind: 'signedIn'; signIn: SsoSignIn } | { kind: 'test'; returnTo: string; resultToken: string }

type CallbackInput = Parameters<typeof completeSsoSignIn>[1]

/** The /sso-login answer: a shopper's sign-in (completeSsoSignIn), or a console member's test, which signs nobody in. */
export async function completeSsoCallback(db: Database, input: CallbackInput): Promise<SsoCallbackOutcome> {
  const flow = await openSsoFlow(db, input.websiteId, input.flowToken)
  if (!flow?.test) return { kind: 'signedIn', signIn: await completeSsoSignIn(db, input) }
  return { kind: 'test', ...(await completeSsoTest(db, { ...input, flow: { ...flow, test: flow.test } })) }
}

/**
 * Finishes a test: never a session, an account or a group change. The answer must be to this very
 * test (its state) and the console session that started it must still be live with the right to
 * change the settings; then whatever happened is the result, recorded in the audit log.
 */
export async function completeSsoTest(
  db: Database,
  input: CallbackInput & { flow: SsoFlow & { test: NonNullable<SsoFlow['test']> } },
): Promise<{ returnTo: string; resultToken: string }> {
  const { flow, websiteId } = input
  const answer = ssoCallbackOf(input.callbackUrl, input.origin)
  if (answer.searchParams.get('state') !== flow.state) throw new DomainError('invalid', 'the state does not match the test flow cookie', SSO_EXPIRED)
  const actor = await staffActorForSessionId(db, flow.test.sessionId)
  if (actor.kind !== 'staff' || actor.staffId !== flow.test.staffId || !staffMay(actor, 'store.manage', websiteId)) {
    throw new DomainError('unauthorized', 'the console session of the test is no longer live or allowed', SSO_TEST_SESSION_ENDED)
  }
  const ctx = coreContext({ websiteId, actor, clientKey: input.ip, userAgent: input.userAgent })
  const base = { websiteId, redirectUri: flow.redirectUri }

  let result: SsoTestResult
  const saved = await savedSsoSettings(db, websiteId, { requireLabel: false })
  if ('problem' in saved || saved.settings.issuer !== flow.issuer) {
    const settings = 'settings' in saved ? saved.settings : null
    result = failedResult({ ...base, settings, issuer: flow.issuer }, {
      step: 'settings',
      message: 'The single sign-on settings were changed while the test ran. Test again with the saved settings.',
      detail: null,
    })
  } else {
    const { settings } = saved
    // Re-based on the redirect URI the flow started with (the page may carry a locale prefix).
    const current = new URL(flow.redirectUri)
    current.search = answer.search
    try {
      const groupClaim = await ssoGroupClaim(db, websiteId)
      const identity = await completeAuthorization(settings, current, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier }, groupClaim ? [groupClaim] : [])
      result = await identityResult(db, { ...base, settings }, identity)
    } catch (error) {
      if (!(error instanceof OidcError)) throw error
      result = failedResult({ ...base, settings }, explain(error, settings, flow.redirectUri))
    }
  }
  await recordTest(db, ctx, result)
  return { returnTo: flow.returnTo, resultToken: await sealResult(db, actor, result) }
}

// ---------------------------------------------------------------------------------------------
// Reading it back.

/** The test result sealed for this member's browser: null when there is none, it expired, or another member or session started it. */
export async function ssoTestResult(ctx: CoreContext, { websiteId, result }: { websiteId: number; result: string }): Promise<SsoTestResult | null> {
  const member = await requireStaff(ctx, 'store.manage', websiteId)
  if (!result || !member.sessionId) return null
  const payload = await openFromBrowser(await getDb(), resultSeal(websiteId), result)
  if (!payload || payload.staffId !== member.staffId || payload.sessionId !== member.sessionId) return null
  const opened = payload.result as SsoTestResult | undefined
  return opened && opened.websiteId === websiteId ? opened : null
}

// ---------------------------------------------------------------------------------------------
// The result.

/** Claims of the protocol itself, not about the person: left out of the table. */
const PROTOCOL_CLAIMS = new Set(['iss', 'aud', 'exp', 'iat', 'nbf', 'nonce', 'at_hash', 'c_hash', 's_hash', 'auth_time', 'sid', 'azp', 'jti', 'acr', 'amr'])
const FIRST_CLAIMS = ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'preferred_username']
const MAX_VALUE = 200
const MAX_CLAIMS = 30
const MAX_GROUP_VALUES = 25
/** The sealed result must fit a cookie (4 kB with its name and attributes). */
const MAX_SEALED = 3600

const shorten = (value: string, max = MAX_VALUE) => (value.length > max ? `${[...value].slice(0, max - 1).join('')}…` : value)

function claimText(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ')
  return JSON.stringify(value) ?? String(value)
}

function claimRows(claims: Record<string, unknown>, groupClaim: string | null): { name: string; value: string }[] {
  const order = [...FIRST_CLAIMS, ...(groupClaim ? [groupClaim] : [])]
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  return Object.keys(claims)
    .filter((name) => !PROTOCOL_CLAIMS.has(name) && claims[name] !== undefined)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name: shorten(name, 80), value: shorten(claimText(claims[name])) }))
}

type ResultBase = { websiteId: number; redirectUri: string; settings: OidcSettings | null; issuer?: string }

function emptyResult({ websiteId, redirectUri, settings, issuer }: ResultBase): SsoTestResult {
  return {
    websiteId,
    testedAt: new Date().toISOString(),
    issuer: settings?.issuer ?? issuer ?? '',
    redirectUri,
    outcome: 'failed',
    failure: null,
    subject: null,
    email: null,
    emailVerified: false,
    name: null,
    claims: [],
    claimsLeftOut: 0,
    group: null,
  }
}

function failedResult(base: ResultBase, failure: NonNullable<SsoTestResult['failure']>): SsoTestResult {
  return { ...emptyResult(base), failure }
}

async function identityResult(db: Database, base: ResultBase, identity: OidcIdentity): Promise<SsoTestResult> {
  const match = await ssoGroupMatch(db, base.websiteId, identity.claims)
  const rows = claimRows(identity.claims, match?.claim ?? null)
  const result: SsoTestResult = {
    ...emptyResult(base),
    issuer: identity.issuer,
    outcome: 'succeeded',
    subject: shorten(identity.subject),
    email: identity.email ? shorten(identity.email) : null,
    emailVerified: identity.emailVerified,
    name: identity.name ? shorten(identity.name) : null,
    claims: rows.slice(0, MAX_CLAIMS),
    claimsLeftOut: Math.max(0, rows.length - MAX_CLAIMS),
    group: match && {
      claim: match.claim,
      values: match.values.slice(0, MAX_GROUP_VALUES).map((value) => shorten(value, 100)),
      matchedValue: match.matchedValue,
      groupName: match.groupName,
    },
  }
  // Shoppers are found by a verified email: without one the sign-in would be refused.
  if (!identity.email) {
    return {
      ...result,
      outcome: 'failed',
      failure: {
        step: 'email',
        message:
          'The provider sent no email claim. Add “email” to the scope, or release the email address to this app at the provider: shoppers are found by their email.',
        detail: null,
      },
    }
  }
  if (!identity.emailVerified) {
    return {
      ...result,
      outcome: 'failed',
      failure: {
        step: 'email',
        message: `The provider did not mark ${result.email} as verified (email_verified is not true), so this login would be refused. Mark the address verified at the provider, or have it send email_verified: true.`,
        detail: `email_verified: ${shorten(claimText(identity.claims.email_verified ?? 'missing'), 60)}`,
      },
    }
  }
  return result
}

/** What failed, in a sentence a store manager can act on, from the provider's error. */
function explain(error: OidcError, settings: OidcSettings, redirectUri: string): NonNullable<SsoTestResult['failure']> {
  const detail = shorten(error.message, 400)
  const code = error.providerError ? ` (${error.providerError})` : ''
  const status = error.status ? `HTTP ${error.status}` : null
  switch (error.step) {
    case 'discovery':
      return {
        step: 'discovery',
        message:
          error.failure === 'unreachable'
            ? `The provider’s discovery document (${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration) could not be read. Check the issuer address and that this server can reach the provider.`
            : `The provider’s discovery document does not fit the issuer address ${settings.issuer}. Set the issuer to exactly the one the provider publishes.`,
        detail,
      }
    case 'provider answer':
      return {
        step: 'provider sign-in',
        message:
          error.failure === 'denied'
            ? `The provider sent the sign-in back without signing in${code}. It was cancelled at the provider, or this account may not use the app: check who is assigned to it at the provider, and the scope.`
            : 'The provider’s answer does not belong to this test. Start the test again.',
        detail,
      }
    case 'token exchange':
      if (error.failure === 'unreachable') {
        return { step: 'token exchange', message: `The provider’s token endpoint could not be reached or failed${status ? ` (${status})` : ''}. Test again in a few minutes.`, detail }
      }
      if (error.status === 401 || error.providerError === 'invalid_client') {
        return {
          step: 'token exchange',
          message: `The provider refused the client id or client secret when the code was exchanged (${[status, error.providerError].filter(Boolean).join(', ')}). Check the client secret, and that the client authentication method (${settings.tokenAuthMethod}) is the one the provider expects.`,
          detail,
        }
      }
      if (error.providerError === 'invalid_grant') {
        return {
          step: 'token exchange',
          message: `The provider refused the sign-in code (invalid_grant): it was used or expired, or ${redirectUri} is not a redirect address registered for this client. Check the registration and test again.`,
          detail,
        }
      }
      return { step: 'token exchange', message: `The provider refused the code exchange${status || code ? ` (${[status, error.providerError].filter(Boolean).join(', ')})` : ''}.`, detail }
    case 'userinfo':
      return {
        step: 'userinfo',
        message: `The provider’s userinfo endpoint refused or failed${status ? ` (${status})` : ''}, so the email and group claims could not be read. Check that the scope allows reading them.`,
        detail,
      }
    case 'ID token':
    case undefined:
      return { step: 'ID token', message: idTokenMessage(error.message, settings), detail }
  }
}

function idTokenMessage(detail: string, settings: OidcSettings): string {
  if (/"iss"|issuer/i.test(detail)) return `The ID token names another issuer than the saved one (${settings.issuer}). Set the issuer to exactly the provider’s, as its discovery document gives it.`
  if (/"aud"|audience/i.test(detail)) return `The ID token is for another client than ${settings.clientId}. Check the client id.`
  if (/nonce/i.test(detail)) return 'The ID token does not belong to this test (its nonce does not match). Test again; if it happens again, the provider does not return the nonce it was sent.'
  if (/"exp"|"iat"|expired|timestamp|clock/i.test(detail)) return 'The ID token has expired or is not valid yet. Check the clocks of the provider and of this server.'
  if (/signature|alg|JWS|unsigned|none/i.test(detail)) return 'The ID token’s signature does not match the provider’s published keys (or it is not signed). Check that the issuer is the provider that signs the tokens.'
  return 'The ID token failed its checks. See the detail below.'
}

async function sealResult(db: Database, member: Staff, result: SsoTestResult): Promise<string> {
  const seal = async (value: SsoTestResult) =>
    sealForBrowser(db, { ...resultSeal(result.websiteId), ttlSeconds: SSO_TEST_RESULT_TTL_SECONDS }, { staffId: member.staffId, sessionId: member.sessionId, result: value })
  let current = result
  let sealed = await seal(current)
  // A directory that sends many long claims: the last ones are left out (counted) until it fits.
  while (sealed.length > MAX_SEALED && (current.claims.length > 0 || (current.group?.values.length ?? 0) > 0)) {
    current =
      current.claims.length > 0
        ? { ...current, claims: current.claims.slice(0, -1), claimsLeftOut: current.claimsLeftOut + 1 }
        : { ...current, group: current.group && { ...current.group, values: current.group.values.slice(0, -1) } }
    sealed = await seal(current)
  }
  return sealed
}

async function recordTest(db: Database, ctx: CoreContext, result: SsoTestResult): Promise<void> {
  await recordAudit(db, ctx, {
    websiteId: result.websiteId,
    action: 'store_settings.sso_test',
    entityType: 'store_settings',
    entityId: result.websiteId,
    after: {
      event: 'SSO test sign-in',
      outcome: result.outcome,
      issuer: result.issuer,
      ...(result.failure ? { step: result.failure.step, error: result.failure.message } : {}),
      ...(result.subject ? { subject: result.subject, email: result.email } : {}),
      ...(result.group ? { groupClaim: result.group.claim, mappedGroup: result.group.groupName } : {}),
    },
  })
  logger().info(
    { websiteId: result.websiteId, outcome: result.outcome, step: result.failure?.step ?? null, detail: result.failure?.detail ?? null },
    'single sign-on test sign-in finished',
  )
}

export const SSO_TEST_ADMIN_QUERIES = {
  // The test's result, for the member and console session that ran it.
  'settings.ssoTestResult': defineAdminQuery('settings.ssoTestResult', (value, ctx) => ssoTestResult(ctx, value)),
}
