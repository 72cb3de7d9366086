import { env } from '../env'

// Where mail goes and what its links point at. Links are built from PUBLIC_ORIGIN (else the local
// server's own address), never from a request's Host header: a forged Host must not be able to
// send a victim a reset link that leads to another site (security.md 4.8).

export type MailSettings = {
  /** smtp:// or smtps:// URL; undefined: mails are queued in mail_outbox and written to the log. */
  smtpUrl: string | undefined
  /** The From header. */
  from: string
  /** The origin links in mails start with, e.g. https://shop.example.com (no trailing slash). */
  origin: string
}

const GLOBAL_KEY = Symbol.for('webstore.mail-settings')
type GlobalWithSettings = typeof globalThis & { [GLOBAL_KEY]?: Partial<MailSettings> }

function localOrigin(): string {
  return `http://localhost:${env().PORT}`
}

/** The mail settings in force: the environment, with any overrides from useMailSettings. */
export function mailSettings(): MailSettings {
  const { SMTP_URL, MAIL_FROM, PUBLIC_ORIGIN } = env()
  const configured: MailSettings = { smtpUrl: SMTP_URL, from: MAIL_FROM, origin: PUBLIC_ORIGIN ?? localOrigin() }
  const overrides = (globalThis as GlobalWithSettings)[GLOBAL_KEY]
  return overrides ? { ...configured, ...overrides } : configured
}

/**
 * Replaces some settings for this process (tests point mail at a local SMTP server this way, since
 * env() is read once). `null` goes back to the environment.
 */
export function useMailSettings(overrides: Partial<MailSettings> | null): void {
  ;(globalThis as GlobalWithSettings)[GLOBAL_KEY] = overrides ?? undefined
}

/** An absolute link to a page of the store, e.g. publicLink('/signup', { token }). */
export function publicLink(path: string, params: Record<string, string> = {}, settings: MailSettings = mailSettings()): string {
  if (!/^\/(?![/\\])/.test(path)) throw new Error(`publicLink needs a path on this site, got ${path}`)
  const url = new URL(path, `${settings.origin}/`)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}
