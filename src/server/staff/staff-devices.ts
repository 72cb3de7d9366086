import { and, eq, gt, sql } from 'drizzle-orm'
import { type RateLimit, rateLimiter } from '../cache/rate-limiter'
import type { Database, Executor } from '../db/client'
import { staff, staffDevices, staffStores } from '../db/schema'
import { env } from '../env'
import { logger } from '../kernel/logger'
import { inBackground } from '../mail/background-mail'
import { composeMail } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { consoleLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import { hashToken, newSessionToken } from './staff-sessions'

// Known devices (issue 24): a browser that finished a console sign-in keeps a device cookie with a
// random token (only its SHA-256 is stored). Guessing at one account from many addresses uses up
// the account's install-wide cap; a known device signs in under limits of its own instead, so that
// cap can never lock the member out of the browsers they already use (OWASP's "device cookies").

export const DEVICE_LIFETIME_MS = 90 * 24 * 60 * 60_000
/** A device link sent by mail works this long (the browser that opens it is known from then on once it signs in). */
export const DEVICE_LINK_LIFETIME_MS = 60 * 60_000
/** One device link per member in a quarter of an hour, however many refused sign-ins ask for one. */
export const DEVICE_LINK_LIMIT: RateLimit = { max: 1, windowMs: 15 * 60_000 }
export const DEVICE_LINK_PATH = '/api/known-device'

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export type KnownDevice = { deviceId: number; staffId: number }

/** The live device behind `token` when it belongs to the member with this email (or this id); otherwise null. */
export async function knownDevice(db: Executor, token: string | null | undefined, member: { email: string } | { staffId: number }, now: Date = new Date()): Promise<KnownDevice | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null
  const whose = 'email' in member ? eq(sql`lower(${staff.email})`, member.email) : eq(staff.id, member.staffId)
  const [row] = await db
    .select({ deviceId: staffDevices.id, staffId: staffDevices.staffId })
    .from(staffDevices)
    .innerJoin(staff, eq(staff.id, staffDevices.staffId))
    .where(and(eq(staffDevices.tokenHash, hashToken(token)), gt(staffDevices.expiresAt, now), whose))
  return row ?? null
}

export type RememberedDevice = { token: string; expiresAt: Date }

/**
 * Marks the browser that just finished a sign-in as known: the device it already had (its lifetime
 * starts again) or a new one. Returns the cookie's token and expiry.
 */
export async function rememberDevice(db: Executor, staffId: number, presented: string | null | undefined, now: Date = new Date()): Promise<RememberedDevice> {
  const expiresAt = new Date(now.getTime() + DEVICE_LIFETIME_MS)
  const current = await knownDevice(db, presented, { staffId }, now)
  if (current && presented) {
    await db.update(staffDevices).set({ lastUsedAt: now, expiresAt }).where(eq(staffDevices.id, current.deviceId))
    return { token: presented, expiresAt }
  }
  const token = newSessionToken()
  await db.insert(staffDevices).values({ staffId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt })
  return { token, expiresAt }
}

/** The live device behind a token alone (a device link being opened), or null. */
export async function deviceByToken(db: Executor, token: string | null | undefined, now: Date = new Date()): Promise<{ deviceId: number; expiresAt: Date } | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null
  const [row] = await db
    .select({ deviceId: staffDevices.id, expiresAt: staffDevices.expiresAt })
    .from(staffDevices)
    .innerJoin(staff, eq(staff.id, staffDevices.staffId))
    .where(and(eq(staffDevices.tokenHash, hashToken(token)), gt(staffDevices.expiresAt, now), eq(staff.isActive, true)))
  return row ?? null
}

/**
 * When guesses from many addresses have used up an account's cap for unknown browsers, its member
 * is mailed a link that makes the browser opening it a known device (issue 24): whoever reads the
 * member's mail can sign in from a new browser during the attack; nobody else can. Sent in the
 * background (the refusal takes as long for an unknown email), at most once per quarter hour.
 */
export function offerDeviceLink(db: Database, email: string, now: Date = new Date()): void {
  inBackground('console device link mail', async () => {
    const [member] = await db
      .select({ id: staff.id, name: staff.name, email: staff.email })
      .from(staff)
      .where(and(eq(sql`lower(${staff.email})`, email), eq(staff.isActive, true)))
    if (!member) return
    if (!(await rateLimiter().take(`staff-device-link:${member.id}`, DEVICE_LINK_LIMIT)).allowed) return
    const token = newSessionToken()
    await db.insert(staffDevices).values({ staffId: member.id, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + DEVICE_LINK_LIFETIME_MS) })
    // store-scope: staff are install-wide: the mail names the member first store
    const [firstStore] = await db.select({ websiteId: staffStores.websiteId }).from(staffStores).where(eq(staffStores.staffId, member.id)).limit(1)
    const websiteId = firstStore?.websiteId ?? env().WEBSITE_ID
    const store = await storeName(db, websiteId)
    const mail = composeMail({
      storeName: store,
      subject: `Sign-in attempts on your ${store} console account`,
      blocks: [
        { text: `Hello ${member.name},` },
        { text: 'Someone has tried many passwords on your console account from several places, so sign-in from browsers the account does not know is paused for 15 minutes. Browsers you have signed in on before are not affected.' },
        { text: 'If you want to sign in from a new browser now, open this link in it (it works for an hour); you will still need your password and your code:' },
        { link: consoleLink(`${DEVICE_LINK_PATH}/${token}`), label: 'Let this browser sign in' },
        { text: 'If the attempts were not yours, consider changing your password once you are signed in.' },
      ],
    })
    await sendMail({ websiteId, to: member.email, ...mail, secrets: [token] }, { db })
    logger().warn({ staffId: member.id }, 'console sign-in held for unknown browsers: device link mailed')
  })
}
