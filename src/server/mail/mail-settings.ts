import { env } from '../env'
import { storeAddress } from '../website/store-directory'

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

/**
 * The settings for a mail of one store (decision 025): its links lead to the store's own address —
 * the install's origin when that is one of the store's host names, else its primary host name, else
 * its address under the platform domain — with the scheme and port of the install's origin; a store
 * with none keeps the install's origin. The address
 * comes from the store directory (the database), never from a request.
 */
export async function mailSettingsOfStore(settings: MailSettings, websiteId: number): Promise<MailSettings> {
  const origin = new URL(settings.origin)
  const host = await storeAddress(websiteId, origin.hostname)
  if (!host || host === origin.hostname) return settings
  origin.hostname = host
  return { ...settings, origin: origin.origin }
}

/** An absolute link to a page of the store, e.g. publicLink('/signup', { token }). */
export function publicLink(path: string, params: Record<string, string> = {}, settings: MailSettings = mailSettings()): string {
  if (!/^\/(?![/\\])/.test(path)) throw new Error(`publicLink needs a path on this site, got ${path}`)
  const url = new URL(path, `${settings.origin}/`)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

/** An absolute link to a page of one store, on the store's own address (see mailSettingsOfStore). */
export async function storeLink(websiteId: number, path: string, params: Record<string, string> = {}, settings: MailSettings = mailSettings()): Promise<string> {
  return publicLink(path, params, await mailSettingsOfStore(settings, websiteId))
}

/** An absolute link to a console page: on CONSOLE_HOST when it is set (decision 025), else the install's origin. */
export function consoleLink(path: string, params: Record<string, string> = {}, settings: MailSettings = mailSettings()): string {
  const consoleHost = env().CONSOLE_HOST
  if (!consoleHost) return publicLink(path, params, settings)
  const origin = new URL(settings.origin)
  origin.hostname = consoleHost
  return publicLink(path, params, { ...settings, origin: origin.origin })
}
