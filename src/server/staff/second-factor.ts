import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import type { Executor } from '../db/client'
import { staff, staffRecoveryCodes } from '../db/schema'

// The console's second factor (issue 15, decision 021): a TOTP (RFC 6238: SHA-1, 6 digits, 30 s,
// what every authenticator app speaks) and ten single-use recovery codes, kept as SHA-256 hashes
// (each holds 50 random bits, so a fast hash is enough: nobody can try 2^50 guesses through a
// rate-limited sign-in, and the table alone gives none of them back).

export const TOTP_ISSUER = 'Webstore console'
export const RECOVERY_CODE_COUNT = 10
/** A code one step early or late is still taken (clocks drift; people type slowly). */
const TOTP_WINDOW = 1

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
}

/** The otpauth:// address an authenticator app reads (as text or from the QR code). */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString()
}

const TOTP_PERIOD_MS = 30_000

/** The 30-second step `code` belongs to when it is the TOTP of `secret` at `now` (or one step either side); otherwise null. */
export function totpStep(secret: string, code: string, now: Date = new Date()): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpFor(secret, 'check').validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW })
  return delta === null ? null : Math.floor(now.getTime() / TOTP_PERIOD_MS) + delta
}

/** True when `code` is the TOTP of `secret` at `now` (or one step either side). */
export function totpMatches(secret: string, code: string, now: Date = new Date()): boolean {
  return totpStep(secret, code, now) !== null
}

/**
 * Takes a member's TOTP code once (RFC 6238 §5.2): true when it matches and its step is later than
 * the last one taken, which it then becomes — a code seen over a shoulder or replayed within its
 * window is refused, however many callers race with it.
 */
export async function takeTotpCode(tx: Executor, staffId: number, secret: string, code: string, now: Date = new Date()): Promise<boolean> {
  const step = totpStep(secret, code, now)
  if (step === null) return false
  const taken = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id })
  return taken.length > 0
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/** `xxxxx-xxxxx`: ten characters of an alphabet without look-alikes (no l, o, 0, 1). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]!)
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '')
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex')
}

export function looksLikeRecoveryCode(code: string): boolean {
  return normalizeRecoveryCode(code).length === 10
}

/** Replaces a member's recovery codes with ten new ones and returns them (shown once, never stored in clear). */
export async function replaceRecoveryCodes(tx: Executor, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })))
  return codes
}

/** Uses up one recovery code of a member: true once per code, however many callers race for it. */
export async function spendRecoveryCode(tx: Executor, staffId: number, code: string, now: Date = new Date()): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false
  const used = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id })
  return used.length > 0
}
