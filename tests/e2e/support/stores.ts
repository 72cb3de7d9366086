import { rememberSecret } from './server-logs.mjs'

// The stores the browser tests run against (playwright.config.ts starts them).
export const STORES = {
  main: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`,
  shortSessions: 'http://127.0.0.1:3101',
  locked: 'http://127.0.0.1:3102',
}

/** The mail catcher's API (tests/e2e/support/mail-catcher.mjs). */
export const MAILBOX = 'http://127.0.0.1:3126'

/** The locked store's single sign-on (tests/e2e/support/oidc-provider.mjs, tests/e2e/serve.mjs). */
export const LOCKED_STORE_SSO_LABEL = 'Granite Ridge SSO'
export const TEST_PROVIDER = 'http://127.0.0.1:3130'

export type CaughtMail = { id: number; from: string; to: string[]; subject: string; text: string | null; html: string | null; receivedAt: string }

/** The messages the catcher holds for `to`, oldest first. */
export async function mailTo(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`)
  const mails = (await response.json()) as CaughtMail[]
  // The links' tokens (sign-up, password reset, order access) must never reach a server log.
  for (const mail of mails) {
    for (const [, token] of `${mail.text ?? ''} ${mail.html ?? ''}`.matchAll(/[?&](?:amp;)?(?:token|access_token)=([A-Za-z0-9_-]+)/g)) rememberSecret('the token of a mailed link', token)
  }
  return mails
}

/** Waits until a message for `to` arrives (mail is sent after the answer, asynchronously). */
export async function waitForMail(to: string, { timeoutMs = 15_000, subject }: { timeoutMs?: number; subject?: RegExp } = {}): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await mailTo(to)).filter((mail) => !subject || subject.test(mail.subject)).at(-1)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function clearMailbox(): Promise<void> {
  await fetch(`${MAILBOX}/messages`, { method: 'DELETE' })
}
