import { env } from '../env'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'

// reCAPTCHA v3 verification (external-apis.md §5). On when the store has its own secret key (set in
// the console, issue 16) or else when RECAPTCHA_SECRET_KEY is set. A token
// passes when Google says success AND the action is the one expected AND the hostname is ours
// (when PUBLIC_ORIGIN names it) AND the score reaches RECAPTCHA_MIN_SCORE. Anything else — a
// missing, reused or expired token, a timeout, a malformed answer — fails closed.

export const HUMAN_CHECK_FAILED = 'We could not confirm that you are not a robot. Please reload the page and try again.'
const VERIFY_TIMEOUT_MS = 5000

type VerifyAnswer = { success?: unknown; score?: unknown; action?: unknown; hostname?: unknown; 'error-codes'?: unknown }

export function humanCheckEnabled(): boolean {
  return Boolean(env().RECAPTCHA_SECRET_KEY)
}

/**
 * Throws `forbidden` unless the token proves a human did `action`, verified with the store's secret
 * key (`storeSecret`) or else the install's. Does nothing when neither is set.
 */
export async function assertHuman(action: string, token: string | null | undefined, remoteIp: string | null, storeSecret: string | null = null): Promise<void> {
  const { RECAPTCHA_SECRET_KEY: installSecret, RECAPTCHA_VERIFY_URL: url, RECAPTCHA_MIN_SCORE: minScore, PUBLIC_ORIGIN } = env()
  const secret = storeSecret ?? installSecret
  if (!secret) return
  const refuse = (why: string, extra: Record<string, unknown> = {}): never => {
    logger().warn({ action, remoteIp, why, ...extra }, 'human verification refused')
    throw new DomainError('forbidden', `human verification failed: ${why}`, HUMAN_CHECK_FAILED)
  }
  if (!token || token.length > 4096) return refuse('no token')
  const form = new URLSearchParams({ secret, response: token })
  if (remoteIp) form.set('remoteip', remoteIp)
  let answer: VerifyAnswer
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    })
    if (!response.ok) return refuse(`verify answered ${response.status}`)
    answer = (await response.json()) as VerifyAnswer
  } catch (error) {
    return refuse('verify unreachable or malformed', { err: error instanceof Error ? error.message : String(error) })
  }
  if (answer.success !== true) return refuse('not a valid token', { codes: answer['error-codes'] })
  if (answer.action !== action) return refuse('wrong action', { got: answer.action })
  const expectedHost = PUBLIC_ORIGIN ? new URL(PUBLIC_ORIGIN).hostname : null
  if (expectedHost && answer.hostname !== expectedHost) return refuse('wrong hostname', { got: answer.hostname })
  if (typeof answer.score !== 'number' || answer.score < minScore) return refuse('low score', { score: answer.score })
}
