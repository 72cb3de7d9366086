import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { staff, staffDevices } from '../db/schema'
import { hashToken, newSessionToken } from './staff-sessions'

// Known devices (issue 24): a browser that finished a console sign-in keeps a device cookie with a
// random token (only its SHA-256 is stored). Guessing at one account from many addresses uses up
// the account's install-wide cap; a known device signs in under limits of its own instead, so that
// cap can never lock the member out of the browsers they already use (OWASP's "device cookies").

export const DEVICE_LIFETIME_MS = 90 * 24 * 60 * 60_000

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
