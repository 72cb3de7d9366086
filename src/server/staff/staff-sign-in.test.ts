import { eq } from 'drizzle-orm'
import { TOTP, Secret } from 'otpauth'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createStaffMember, STAFF_PASSWORD, STAFF_TOTP_SECRET } from '../../../tests/factories/staff'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, mailOutbox, staff, staffSessions } from '../db/schema'
import { backgroundMailSettled } from '../mail/background-mail'
import { coreContext } from '../kernel/context'
import { ENROL_SECOND_FACTOR_FIRST } from './enrolment-gate'
import { hashRecoveryCode, replaceRecoveryCodes } from './second-factor'
import { DEVICE_LINK_PATH, deviceByToken } from './staff-devices'
import { finishSecondFactor, SECOND_FACTOR_FAILED, signInStaff, signOutStaff, STAFF_SIGN_IN_FAILED, STAFF_SIGN_IN_HELD, STAFF_SIGN_IN_LIMITS, STAFF_TOO_MANY_ATTEMPTS } from './staff-sign-in'
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, staffActorFor } from './staff-sessions'

const caller = { ip: '203.0.113.40', userAgent: 'vitest' }
const codeAt = (at: Date, secret = STAFF_TOTP_SECRET) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })
const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000)

describe.each(testDatabaseKinds())('console sign-in and sessions on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  beforeAll(async () => {
    websiteId = (await createWebsite()).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const contextFor = (token: string, now?: Date) => coreContext({ websiteId, actor: () => staffActorFor(db(), token, now), clientKey: caller.ip })

  test('the right password signs a member without two-factor in; the cookie token then acts as them with their stores', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const signedIn = await signInStaff(db(), { email: member.email.toUpperCase(), password: STAFF_PASSWORD }, caller)
    expect(signedIn.next).toBe('done')
    const actor = await staffActorFor(db(), signedIn.token)
    expect(actor).toMatchObject({ kind: 'staff', staffId: member.id, role: 'fulfilment', storeIds: [websiteId] })
    const [row] = await db().select().from(staffSessions).where(eq(staffSessions.staffId, member.id))
    expect(row!.tokenHash).not.toContain(signedIn.token)
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a wrong password, an unknown email and an inactive member get the same refusal and no session', async () => {
    const member = await createStaffMember({ role: 'store_manager', storeIds: [websiteId] })
    const inactive = await createStaffMember({ role: 'store_manager', storeIds: [websiteId], isActive: false })
    for (const attempt of [
      { email: member.email, password: 'not the password' },
      { email: 'nobody@example.test', password: STAFF_PASSWORD },
      { email: inactive.email, password: STAFF_PASSWORD },
    ]) {
      const error = await refusal(signInStaff(db(), attempt, caller))
      expect([error.code, error.userMessage]).toEqual(['unauthorized', STAFF_SIGN_IN_FAILED])
    }
    expect(await db().select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).toHaveLength(0)
  })

  test('sign-in attempts are limited per email and per client address, with a 429 sentence', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const attacker = { ip: '198.51.100.66', userAgent: null }
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmail.max; attempt += 1) {
      await refusal(signInStaff(db(), { email: member.email, password: `guess ${attempt}` }, attacker))
    }
    const throttled = await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, attacker))
    expect([throttled.code, throttled.userMessage]).toEqual(['rate_limited', STAFF_TOO_MANY_ATTEMPTS])
    // The member, from their own address, is not locked out by the attacker.
    expect((await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: '198.51.100.5', userAgent: null })).next).toBe('done')

    // Guessing one account from many addresses meets the account's overall cap.
    useRateLimiter(createMemoryRateLimiter())
    const spread = async (attempt: number) => refusal(signInStaff(db(), { email: member.email, password: `spread ${attempt}` }, { ip: `203.0.113.${attempt % 250}`, userAgent: null }))
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max; attempt += 1) expect((await spread(attempt)).code).toBe('unauthorized')
    expect((await spread(STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max)).code).toBe('rate_limited')

    useRateLimiter(createMemoryRateLimiter())
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perAddress.max; attempt += 1) {
      await refusal(signInStaff(db(), { email: `sprayed-${attempt}@example.test`, password: 'spray' }, { ip: '198.51.100.77', userAgent: null }))
    }
    expect((await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: '198.51.100.77', userAgent: null }))).code).toBe('rate_limited')
  })

  test('successful console sign-ins do not count: a member signs in more times than the limits allow, guesses are still refused after', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const office = { ip: '198.51.100.90', userAgent: null }
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmail.max + 1; attempt += 1) {
      expect((await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, office)).next).toBe('done')
    }
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmail.max; attempt += 1) {
      expect((await refusal(signInStaff(db(), { email: member.email, password: `guess ${attempt}` }, office))).code).toBe('unauthorized')
    }
    expect((await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, office))).code).toBe('rate_limited')
  })

  test('a session ends after 30 idle minutes, lives on while used, and ends 12 hours after sign-in whatever happens', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const start = new Date(Date.now() + 60_000)
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, start)
    expect((await staffActorFor(db(), token, minutes(start, 29))).kind).toBe('staff')
    // Used at minute 29: alive again until minute 59.
    expect((await staffActorFor(db(), token, minutes(start, 58))).kind).toBe('staff')
    expect((await staffActorFor(db(), token, minutes(start, 58 + IDLE_TIMEOUT_MS / 60_000))).kind).toBe('guest')

    const busy = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, start)
    for (let minute = 20; minute < ABSOLUTE_LIFETIME_MS / 60_000; minute += 20) expect((await staffActorFor(db(), busy.token, minutes(start, minute))).kind).toBe('staff')
    expect((await staffActorFor(db(), busy.token, minutes(start, ABSOLUTE_LIFETIME_MS / 60_000))).kind).toBe('guest')
  })

  test('the session is touched at most once a minute', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const start = new Date(Date.now() + 60_000)
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, start)
    const lastSeen = async () => (await db().select({ at: staffSessions.lastSeenAt }).from(staffSessions).where(eq(staffSessions.staffId, member.id)))[0]!.at.getTime()
    await staffActorFor(db(), token, new Date(start.getTime() + 30_000))
    expect(await lastSeen()).toBe(start.getTime())
    await staffActorFor(db(), token, minutes(start, 2))
    expect(await lastSeen()).toBe(minutes(start, 2).getTime())
  })

  test('signing out ends the session: its token acts as a guest', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    await signOutStaff(db(), token)
    expect(await staffActorFor(db(), token)).toEqual({ kind: 'guest' })
  })

  test('changing the password ends every other session of the member, not the one that changed it', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const here = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    const elsewhere = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    const answer = await executeAdminMutation('changeOwnPassword', { currentPassword: STAFF_PASSWORD, newPassword: 'a brand new passphrase' }, contextFor(here.token))
    expect(answer).toEqual({ otherSessionsEnded: 1 })
    expect((await staffActorFor(db(), elsewhere.token)).kind).toBe('guest')
    expect((await staffActorFor(db(), here.token)).kind).toBe('staff')
    expect((await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller))).code).toBe('unauthorized')
    const rows = await db().select().from(auditLog).where(eq(auditLog.staffId, member.id))
    expect(rows.map((row) => row.action)).toEqual(['staff.password_change'])
  })

  test('a wrong current password changes nothing and writes no audit row', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const here = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    await refusal(executeAdminMutation('changeOwnPassword', { currentPassword: 'wrong one', newPassword: 'a brand new passphrase' }, contextFor(here.token)))
    expect(await db().select().from(auditLog).where(eq(auditLog.staffId, member.id))).toHaveLength(0)
    expect((await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)).next).toBe('done')
  })

  test('a deactivated member acts as a guest at once', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    await db().update(staff).set({ isActive: false }).where(eq(staff.id, member.id))
    expect((await staffActorFor(db(), token)).kind).toBe('guest')
  })

  test('with two-factor on, the password alone gives a session that acts as nobody until the code is given', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    const pending = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, now)
    expect(pending.next).toBe('second_factor')
    expect(await staffActorFor(db(), pending.token, now)).toEqual({ kind: 'guest' })
    expect((await refusal(executeAdminQuery('consoleMe', {}, contextFor(pending.token, now)))).code).toBe('unauthorized')

    const wrong = await refusal(finishSecondFactor(db(), pending.token, '000000' === codeAt(now) ? '111111' : '000000', caller, now))
    expect(wrong.userMessage).toBe(SECOND_FACTOR_FAILED)
    const done = await finishSecondFactor(db(), pending.token, codeAt(now), caller, now)
    expect(done.next).toBe('done')
    // The token that only proved the password is gone; the new one acts as the owner.
    expect((await staffActorFor(db(), pending.token, now)).kind).toBe('guest')
    expect(await staffActorFor(db(), done.token, now)).toMatchObject({ kind: 'staff', role: 'owner', staffId: member.id })
  })

  test('the code step is limited per pending sign-in', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    const pending = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, now)
    const wrongCode = codeAt(now) === '123456' ? '654321' : '123456'
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perSession.max; attempt += 1) await refusal(finishSecondFactor(db(), pending.token, wrongCode, caller, now))
    expect((await refusal(finishSecondFactor(db(), pending.token, codeAt(now), caller, now))).code).toBe('rate_limited')
  })

  test('a recovery code finishes a sign-in once; the same code is refused the second time', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const [code] = await replaceRecoveryCodes(db(), member.id)
    const first = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    expect((await finishSecondFactor(db(), first.token, code!.toUpperCase(), caller)).next).toBe('done')
    const second = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    expect((await refusal(finishSecondFactor(db(), second.token, code!, caller))).userMessage).toBe(SECOND_FACTOR_FAILED)
    expect(hashRecoveryCode(code!)).not.toContain(code!.replace('-', ''))
  })

  test('an owner without a second factor may only turn it on: every other console call is a 403 saying so', async () => {
    const member = await createStaffMember({ role: 'owner' })
    const signedIn = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    expect(signedIn.next).toBe('enrol')
    const ctx = contextFor(signedIn.token)
    expect(await executeAdminQuery('consoleMe', {}, ctx)).toMatchObject({ mustEnrolSecondFactor: true, secondFactor: false })
    const refused = await refusal(executeAdminMutation('setOwnNotifications', { notifyNewOrders: false }, ctx))
    expect([refused.code, refused.userMessage]).toEqual(['forbidden', ENROL_SECOND_FACTOR_FIRST])

    const { secret } = (await executeAdminMutation('startTotpEnrolment', {}, ctx)) as { secret: string }
    const wrong = await refusal(executeAdminMutation('confirmTotpEnrolment', { code: codeAt(new Date(), secret) === '000000' ? '111111' : '000000' }, ctx))
    expect(wrong.code).toBe('invalid')
    const enrolmentCode = codeAt(new Date(), secret)
    const { recoveryCodes } = (await executeAdminMutation('confirmTotpEnrolment', { code: enrolmentCode }, ctx)) as { recoveryCodes: string[] }
    expect(new Set(recoveryCodes).size).toBe(10)
    expect(await executeAdminMutation('setOwnNotifications', { notifyNewOrders: false }, ctx)).toEqual({ notifyNewOrders: false })
    const actions = (await db().select().from(auditLog).where(eq(auditLog.staffId, member.id)).orderBy(auditLog.id)).map((row) => row.action)
    expect(actions).toEqual(['staff.second_factor_on', 'staff.notifications'])

    // From now on the password alone does not sign the owner in.
    const next = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    expect(next.next).toBe('second_factor')
    expect((await staffActorFor(db(), next.token)).kind).toBe('guest')
    // The code that turned two-factor on was taken then: it does not finish this sign-in.
    expect((await refusal(finishSecondFactor(db(), next.token, enrolmentCode, caller))).userMessage).toBe(SECOND_FACTOR_FAILED)
  })

  test('a TOTP code is taken once: the code that finished one sign-in cannot finish another, even in its own 30 seconds', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    const first = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, now)
    const second = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, now)
    expect((await finishSecondFactor(db(), first.token, codeAt(now), caller, now)).next).toBe('done')
    expect((await refusal(finishSecondFactor(db(), second.token, codeAt(now), caller, now))).userMessage).toBe(SECOND_FACTOR_FAILED)
    // A code of an earlier step is refused too; the next step's code is taken.
    const later = new Date(now.getTime() + 30_000)
    expect((await refusal(finishSecondFactor(db(), second.token, codeAt(new Date(now.getTime() - 30_000)), caller, later))).code).toBe('unauthorized')
    expect((await finishSecondFactor(db(), second.token, codeAt(later), caller, later)).next).toBe('done')
  })

  test('two sign-ins racing with the same code: exactly one is finished', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    const pending = await Promise.all([0, 1, 2].map(() => signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller, now)))
    const outcomes = await Promise.allSettled(pending.map((signIn) => finishSecondFactor(db(), signIn.token, codeAt(now), caller, now)))
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
  })

  test('guesses spread over many addresses cannot lock a member out of a browser they signed in on before; an unknown browser stays capped', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    // The owner signs in once at the office: that browser becomes a known device (its cookie).
    const office = { ip: '198.51.100.10', userAgent: null }
    const first = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, office, now)
    expect(first.device).toBeUndefined()
    const finished = await finishSecondFactor(db(), first.token, codeAt(now), office, now)
    const deviceToken = finished.device!.token
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // Ten wrong passwords from each of ten addresses, each address under its own limit.
    const addresses = STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max / STAFF_SIGN_IN_LIMITS.perEmail.max
    for (let address = 0; address < addresses; address += 1) {
      for (let guess = 0; guess < STAFF_SIGN_IN_LIMITS.perEmail.max; guess += 1) {
        const wrong = await refusal(signInStaff(db(), { email: member.email, password: `guess ${address}-${guess}` }, { ip: `203.0.113.${address + 1}`, userAgent: null }, now))
        expect(wrong.code).toBe('unauthorized')
      }
    }
    // Guessing stays bounded: a browser the account does not know, from any address, is refused now, right password or not.
    const unknown = await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: '192.0.2.50', userAgent: null }, now))
    expect([unknown.code, unknown.userMessage]).toEqual(['rate_limited', STAFF_SIGN_IN_HELD])
    // The owner's own browser, on the road at a new address, signs in with the password and a code.
    const later = new Date(now.getTime() + 30_000)
    const road = { ip: '192.0.2.77', userAgent: null, deviceToken }
    const again = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, road, later)
    expect(again.next).toBe('second_factor')
    const done = await finishSecondFactor(db(), again.token, codeAt(later), road, later)
    expect(done.next).toBe('done')
    expect(done.device!.token).toBe(deviceToken)
    expect(await staffActorFor(db(), done.token, later)).toMatchObject({ kind: 'staff', staffId: member.id })
  })

  test('an unknown browser held by the account cap is told a link was mailed; the link lets a new browser of the member sign in, once a quarter hour', async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max; attempt += 1) {
      await refusal(signInStaff(db(), { email: member.email, password: `spread ${attempt}` }, { ip: `203.0.113.${attempt % 250}`, userAgent: null }))
    }
    const laptop = { ip: '192.0.2.61', userAgent: null }
    const held = await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, laptop))
    expect([held.code, held.userMessage]).toEqual(['rate_limited', STAFF_SIGN_IN_HELD])
    // An email nobody has gets the same words (and no mail), so the refusal tells nothing about accounts.
    const nobody = 'nobody-held@example.test'
    for (let attempt = 0; attempt <= STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max; attempt += 1) {
      await refusal(signInStaff(db(), { email: nobody, password: `spread ${attempt}` }, { ip: `198.18.3.${attempt % 250}`, userAgent: null }))
    }
    expect((await refusal(signInStaff(db(), { email: nobody, password: 'x' }, { ip: '198.18.4.1', userAgent: null }))).userMessage).toBe(STAFF_SIGN_IN_HELD)
    // Asked again, the member gets no second mail within the quarter hour.
    await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: '192.0.2.62', userAgent: null }))
    await backgroundMailSettled()
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, member.email))
    expect(mails).toHaveLength(1)
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, nobody))).toHaveLength(0)
    const token = new RegExp(`${DEVICE_LINK_PATH}/([A-Za-z0-9_-]{43})`).exec(mails[0]!.text)![1]!
    // The browser that opens the link is known: it signs in with the password, from a new address.
    expect(await deviceByToken(db(), token)).not.toBeNull()
    const signedIn = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ...laptop, deviceToken: token })
    expect(signedIn.next).toBe('done')
    expect(signedIn.device!.token).toBe(token)
    // The link alone signs nobody in: a wrong password from that browser is still refused.
    expect((await refusal(signInStaff(db(), { email: member.email, password: 'not it' }, { ...laptop, deviceToken: token }))).code).toBe('unauthorized')
  })

  test("a known device's cookie proves nothing alone: its wrong passwords meet a cap of their own, and it is another member's cookie on any other account", async () => {
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const other = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const { device } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    const deviceToken = device!.token
    for (let guess = 0; guess < STAFF_SIGN_IN_LIMITS.perDevice.max; guess += 1) {
      expect((await refusal(signInStaff(db(), { email: member.email, password: `guess ${guess}` }, { ip: `198.18.0.${guess + 1}`, userAgent: null, deviceToken }))).code).toBe('unauthorized')
    }
    const stolen = await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: '198.18.1.1', userAgent: null, deviceToken }))
    expect(stolen.code).toBe('rate_limited')
    // The cookie belongs to one member: on another account it is an unknown browser under the account's cap.
    useRateLimiter(createMemoryRateLimiter())
    const spread = (attempt: number) => refusal(signInStaff(db(), { email: other.email, password: `spread ${attempt}` }, { ip: `203.0.113.${attempt % 250}`, userAgent: null, deviceToken }))
    for (let attempt = 0; attempt < STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max; attempt += 1) expect((await spread(attempt)).code).toBe('unauthorized')
    expect((await spread(STAFF_SIGN_IN_LIMITS.perEmailEverywhere.max)).code).toBe('rate_limited')
  })

  test('wrong codes over fresh sign-ins meet a cap per account; the member still finishes on a known device', async () => {
    const member = await createStaffMember({ role: 'owner', totp: true })
    const now = new Date()
    const home = { ip: '198.51.100.11', userAgent: null }
    const { device } = await finishSecondFactor(db(), (await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, home, now)).token, codeAt(now), home, now)
    const wrongCode = (at: Date) => ([-1, 0, 1].map((step) => codeAt(new Date(at.getTime() + step * 30_000))).includes('123456') ? '654321' : '123456')
    // Someone who has the password opens fresh sign-ins from fresh addresses, a few codes each.
    let guesses = 0
    for (let session = 0; guesses < STAFF_SIGN_IN_LIMITS.codesPerAccount.max; session += 1) {
      const from = { ip: `203.0.113.${session + 1}`, userAgent: null }
      const pending = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, from, now)
      for (let code = 0; code < 3 && guesses < STAFF_SIGN_IN_LIMITS.codesPerAccount.max; code += 1, guesses += 1) {
        expect((await refusal(finishSecondFactor(db(), pending.token, wrongCode(now), from, now))).code).toBe('unauthorized')
      }
    }
    const from = { ip: '192.0.2.90', userAgent: null }
    const fresh = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, from, now)
    const later = new Date(now.getTime() + 30_000)
    expect((await refusal(finishSecondFactor(db(), fresh.token, codeAt(later), from, later))).code).toBe('rate_limited')
    // The owner's own browser is not held by that cap.
    const mine = { ...home, deviceToken: device!.token }
    const own = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, mine, later)
    expect((await finishSecondFactor(db(), own.token, codeAt(later), mine, later)).next).toBe('done')
  })

  test('a decoration partner member signs in as the partner it is bound to', async () => {
    const { createDecorationPartner } = await import('../../../tests/factories/catalog')
    const partner = await createDecorationPartner()
    const member = await createStaffMember({ role: 'decoration_partner', decorationPartnerId: partner.id })
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, caller)
    expect(await staffActorFor(db(), token)).toMatchObject({ kind: 'decorationPartner', decorationPartnerId: partner.id, staffId: member.id })
  })
})
