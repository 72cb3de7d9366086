import { desc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { describeAuditRow, sentenceText } from '@/isomorphic/audit-sentences'
import type { AuditPage, PendingInvitation, StaffMemberRow } from '@/isomorphic/contract/admin-staff'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { createStaffMember, STAFF_PASSWORD } from '../../../tests/factories/staff'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, mailOutbox, staff, staffInvites } from '../db/schema'
import { coreContext, GUEST } from '../kernel/context'
import { NOT_ALLOWED } from '../kernel/permissions'
import { backgroundMailSettled } from '../mail/background-mail'
import { acceptStaffInvite, EMAIL_TAKEN, INVITE_LIFETIME_MS, INVITE_NOT_VALID, LAST_OWNER, NOT_YOURSELF } from './staff-admin'
import { signInStaff } from './staff-sign-in'
import { staffActorFor } from './staff-sessions'
import { CURSOR_NOT_VALID } from '../kernel/list-cursor'

describe.each(testDatabaseKinds())('staff management and the audit log on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherStoreId: number
  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherStoreId = (await createWebsite()).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const guest = () => coreContext({ websiteId, actor: GUEST, clientKey: '198.51.100.9' })
  const auditOf = async (staffId: number) => db().select().from(auditLog).where(eq(auditLog.entityId, String(staffId))).orderBy(auditLog.id)

  /** The token of the last invitation mailed to `email` (mail is queued without SMTP: its text keeps the link). */
  async function invitationToken(email: string): Promise<string> {
    await backgroundMailSettled()
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1)
    const token = mail?.text.match(/\/admin\/invite\/([A-Za-z0-9_-]{43})/)?.[1]
    if (!token) throw new Error(`no invitation mail to ${email}`)
    return token
  }

  test('an owner invites a fulfilment member for a store: a mail with a single-use link, the row, and its audit row', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const email = `invitee-${Date.now()}@example.test`
    const row = (await executeAdminMutation('inviteStaff', { email: email.toUpperCase(), name: 'Ines Invitee', role: 'fulfilment', storeIds: [websiteId] }, owner)) as StaffMemberRow
    expect(row).toMatchObject({ email, role: 'fulfilment', storeIds: [websiteId], invitePending: true, isActive: true })
    const [audit] = await auditOf(row.id)
    expect(audit).toMatchObject({ action: 'staff.invite', staffId: owner.staff.staffId, role: 'owner', ip: '203.0.113.7' })

    const token = await invitationToken(email)
    expect(await executeAdminQuery('inviteDetails', { token }, guest())).toEqual({ email, name: 'Ines Invitee', role: 'fulfilment' })
    expect(await executeAdminMutation('acceptStaffInvite', { token, name: 'Ines I.', password: 'my own console passphrase' }, guest())).toEqual({ email })
    const again = await refusal(executeAdminMutation('acceptStaffInvite', { token, name: 'Mallory', password: 'another passphrase' }, guest()))
    expect([again.code, again.userMessage]).toEqual(['not_found', INVITE_NOT_VALID])
    expect((await signInStaff(db(), { email, password: 'my own console passphrase' }, { ip: null, userAgent: null })).next).toBe('done')
    expect((await auditOf(row.id)).map((entry) => [entry.action, entry.staffEmail])).toEqual([
      ['staff.invite', owner.staff.email],
      ['staff.accept_invite', email],
    ])
  })

  test('an invitation expires after 7 days, and a re-sent one replaces the old link', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const email = `late-${Date.now()}@example.test`
    const row = (await executeAdminMutation('inviteStaff', { email, name: 'Late', role: 'store_manager', storeIds: [websiteId] }, owner)) as StaffMemberRow
    const first = await invitationToken(email)
    const later = new Date(Date.now() + INVITE_LIFETIME_MS + 1000)
    expect((await refusal(acceptStaffInvite(guest(), { token: first, name: 'Late', password: 'late passphrase here' }, later))).userMessage).toBe(INVITE_NOT_VALID)

    await executeAdminMutation('resendStaffInvite', { staffId: row.id }, owner)
    const second = await invitationToken(email)
    expect(second).not.toBe(first)
    expect((await refusal(executeAdminQuery('inviteDetails', { token: first }, guest()))).code).toBe('not_found')
    expect((await executeAdminQuery('inviteDetails', { token: second }, guest())) as { email: string }).toMatchObject({ email })
  })

  test('a taken email, stores for an owner, or a partner role without its partner are refused with a sentence and leave no audit row', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const taken = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const before = (await db().select().from(auditLog)).length
    expect((await refusal(executeAdminMutation('inviteStaff', { email: taken.email, name: 'Twin', role: 'fulfilment', storeIds: [websiteId] }, owner))).userMessage).toBe(EMAIL_TAKEN)
    expect((await refusal(executeAdminMutation('inviteStaff', { email: 'o2@example.test', name: 'O', role: 'owner', storeIds: [websiteId] }, owner))).code).toBe('invalid')
    expect((await refusal(executeAdminMutation('inviteStaff', { email: 'p2@example.test', name: 'P', role: 'decoration_partner' }, owner))).code).toBe('invalid')
    expect((await refusal(executeAdminMutation('inviteStaff', { email: 'f2@example.test', name: 'F', role: 'fulfilment', storeIds: [999_999] }, owner))).code).toBe('invalid')
    expect(await db().select().from(auditLog)).toHaveLength(before)
    expect(await db().select().from(staff).where(eq(staff.email, 'f2@example.test'))).toHaveLength(0)
  })

  test('a fulfilment member or a store manager cannot manage staff or read the audit log: 403 from the core', async () => {
    for (const role of ['fulfilment', 'store_manager'] as const) {
      const member = await staffContext(websiteId, { role })
      // One call at a time: a refusal started early would be unhandled until its turn comes.
      for (const call of [
        () => executeAdminQuery('staffList', {}, member),
        () => executeAdminQuery('auditLog', {}, member),
        () => executeAdminMutation('inviteStaff', { email: `x-${role}@example.test`, name: 'X', role: 'owner' }, member),
        () => executeAdminMutation('setStaffRole', { staffId: member.staff.staffId, role: 'owner' }, member),
        () => executeAdminMutation('deactivateStaff', { staffId: member.staff.staffId }, member),
      ]) {
        const error = await refusal(call())
        expect([error.code, error.userMessage]).toEqual(['forbidden', NOT_ALLOWED])
      }
    }
    expect((await refusal(executeAdminQuery('staffList', {}, guest()))).code).toBe('unauthorized')
  })

  test('an owner moves a member to other stores and another role; before and after are in the audit row', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const changed = (await executeAdminMutation('setStaffRole', { staffId: member.id, role: 'store_manager', storeIds: [otherStoreId, websiteId] }, owner)) as StaffMemberRow
    expect(changed).toMatchObject({ role: 'store_manager', storeIds: [websiteId, otherStoreId].sort((a, b) => a - b) })
    const [audit] = await auditOf(member.id)
    expect(audit).toMatchObject({ action: 'staff.set_role', before: { role: 'fulfilment', storeIds: [websiteId] }, after: { role: 'store_manager' } })

    const partner = await createDecorationPartner()
    const asPartner = (await executeAdminMutation('setStaffRole', { staffId: member.id, role: 'decoration_partner', decorationPartnerId: partner.id }, owner)) as StaffMemberRow
    expect(asPartner).toMatchObject({ role: 'decoration_partner', storeIds: [], decorationPartnerId: partner.id })
  })

  test('owners cannot demote or deactivate themselves, nor leave the install without an active owner', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    expect((await refusal(executeAdminMutation('deactivateStaff', { staffId: owner.staff.staffId }, owner))).userMessage).toBe(NOT_YOURSELF)
    expect((await refusal(executeAdminMutation('setStaffRole', { staffId: owner.staff.staffId, role: 'fulfilment', storeIds: [websiteId] }, owner))).userMessage).toBe(NOT_YOURSELF)
    // Only `owner` stays active: a context still acting as an owner whose row is inactive cannot take the last one away.
    const former = await staffContext(websiteId, { role: 'owner' })
    await db().update(staff).set({ isActive: false }).where(eq(staff.role, 'owner'))
    await db().update(staff).set({ isActive: true }).where(eq(staff.id, owner.staff.staffId))
    expect((await refusal(executeAdminMutation('deactivateStaff', { staffId: owner.staff.staffId }, former))).userMessage).toBe(LAST_OWNER)
    expect((await refusal(executeAdminMutation('setStaffRole', { staffId: owner.staff.staffId, role: 'fulfilment', storeIds: [websiteId] }, former))).userMessage).toBe(LAST_OWNER)
    // With a second active owner, the first may go.
    await db().update(staff).set({ isActive: true }).where(eq(staff.id, former.staff.staffId))
    expect(await executeAdminMutation('deactivateStaff', { staffId: owner.staff.staffId }, former)).toEqual({ sessionsEnded: 0 })
  })

  test('deactivating a member ends their sessions at once and records it', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    const { token } = await signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: null, userAgent: null })
    expect(await executeAdminMutation('deactivateStaff', { staffId: member.id }, owner)).toEqual({ sessionsEnded: 1 })
    expect((await staffActorFor(db(), token)).kind).toBe('guest')
    expect((await auditOf(member.id)).map((row) => row.action)).toEqual(['staff.deactivate'])
    expect((await refusal(signInStaff(db(), { email: member.email, password: STAFF_PASSWORD }, { ip: null, userAgent: null }))).code).toBe('unauthorized')
  })

  test('the audit log filters by store, member, action prefix, entity and day, newest first, in keyset pages', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const author = await staffContext(websiteId, { role: 'owner' })
    const { recordAudit } = await import('../audit/audit-log')
    await db().transaction(async (tx) => {
      for (let index = 0; index < 7; index += 1) {
        await recordAudit(tx, author, { websiteId: index % 2 === 0 ? websiteId : otherStoreId, action: index < 5 ? 'order.mark_paid' : 'order_note.add', entityType: 'order', entityId: `A-${index}`, after: { index } })
      }
    })
    const read = (filters: Record<string, unknown>) => executeAdminQuery('auditLog', { staffId: author.staff.staffId, ...filters }, owner) as Promise<AuditPage>

    const pages: string[][] = []
    let cursor: string | undefined
    let lastPage: AuditPage | undefined
    do {
      lastPage = await read({ limit: 3, ...(cursor ? { cursor } : {}) })
      pages.push(lastPage.rows.map((row) => row.entityId))
      cursor = lastPage.nextCursor ?? undefined
    } while (cursor)
    expect(pages).toEqual([
      ['A-6', 'A-5', 'A-4'],
      ['A-3', 'A-2', 'A-1'],
      ['A-0'],
    ])
    // And back from the last page: the same pages, the first one without a page before it.
    const back: string[][] = []
    let before = lastPage.previousCursor ?? undefined
    while (before) {
      const page = await read({ limit: 3, cursor: before })
      back.push(page.rows.map((row) => row.entityId))
      before = page.previousCursor ?? undefined
    }
    expect(back).toEqual([
      ['A-3', 'A-2', 'A-1'],
      ['A-6', 'A-5', 'A-4'],
    ])
    expect((await read({ websiteId: otherStoreId })).rows.map((row) => row.entityId)).toEqual(['A-5', 'A-3', 'A-1'])
    expect((await read({ actionPrefix: 'order.' })).rows).toHaveLength(5)
    expect((await read({ actionPrefix: 'order_' })).rows.map((row) => row.action)).toEqual(['order_note.add', 'order_note.add'])
    expect((await read({ entityType: 'order', entityId: 'A-2' })).rows.map((row) => row.after)).toEqual([{ index: 2 }])
    const today = new Date().toISOString().slice(0, 10)
    expect((await read({ from: today, to: today })).rows).toHaveLength(7)
    expect((await read({ to: '2000-01-01' })).rows).toHaveLength(0)
    expect(await refusal(read({ cursor: 'not-a-cursor' }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
  })
  test('pending invitations list who was invited as what, by whom, when, and when the link stops working; an accepted one leaves the list', async () => {
    const owner = await staffContext(websiteId, { role: 'owner', email: `morgan-${Date.now()}@example.test` })
    const stamp = Date.now()
    const fresh = (await executeAdminMutation('inviteStaff', { email: `fresh-${stamp}@example.test`, name: 'Fresh Invitee', role: 'fulfilment', storeIds: [websiteId] }, owner)) as StaffMemberRow
    const accepted = (await executeAdminMutation('inviteStaff', { email: `accepted-${stamp}@example.test`, name: 'Quick Invitee', role: 'owner' }, owner)) as StaffMemberRow
    await acceptStaffInvite(guest(), { token: await invitationToken(accepted.email), name: 'Quick', password: 'a quick passphrase here' })
    const list = (await executeAdminQuery('staffInvitations', {}, owner)) as PendingInvitation[]
    const mine = list.filter((row) => row.email.endsWith(`-${stamp}@example.test`))
    expect(mine).toEqual([
      {
        staffId: fresh.id,
        email: fresh.email,
        name: 'Fresh Invitee',
        role: 'fulfilment',
        storeIds: [websiteId],
        decorationPartnerName: null,
        invitedBy: 'Test owner',
        invitedAt: expect.any(String),
        expiresAt: expect.any(String),
        expired: false,
      },
    ])
    expect(Date.parse(mine[0]!.expiresAt) - Date.parse(mine[0]!.invitedAt)).toBe(INVITE_LIFETIME_MS)
    // An invitation whose link ran out stays listed, marked expired, until it is sent again or withdrawn.
    await db().update(staffInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvites.staffId, fresh.id))
    expect(((await executeAdminQuery('staffInvitations', {}, owner)) as PendingInvitation[]).find((row) => row.staffId === fresh.id)).toMatchObject({ expired: true })
    await executeAdminMutation('resendStaffInvite', { staffId: fresh.id }, owner)
    expect(((await executeAdminQuery('staffInvitations', {}, owner)) as PendingInvitation[]).filter((row) => row.staffId === fresh.id)).toMatchObject([{ expired: false }])
    expect((await refusal(executeAdminQuery('staffInvitations', {}, await staffContext(websiteId, { role: 'store_manager' })))).code).toBe('forbidden')
  })

  test('withdrawing an invitation kills its link and removes the unused account, recorded; the address can be invited again', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const email = `withdrawn-${Date.now()}@example.test`
    const row = (await executeAdminMutation('inviteStaff', { email, name: 'Wanda Withdrawn', role: 'store_manager', storeIds: [websiteId] }, owner)) as StaffMemberRow
    await executeAdminMutation('resendStaffInvite', { staffId: row.id }, owner)
    const token = await invitationToken(email)
    expect(await executeAdminMutation('revokeStaffInvite', { staffId: row.id }, owner)).toEqual({ revoked: true })
    expect((await refusal(executeAdminQuery('inviteDetails', { token }, guest()))).userMessage).toBe(INVITE_NOT_VALID)
    expect(await db().select().from(staff).where(eq(staff.id, row.id))).toHaveLength(0)
    expect(((await executeAdminQuery('staffInvitations', {}, owner)) as PendingInvitation[]).some((invite) => invite.staffId === row.id)).toBe(false)
    expect((await auditOf(row.id)).map((entry) => [entry.action, entry.before])).toEqual([
      ['staff.invite', null],
      ['staff.invite_resend', null],
      ['staff.invite_revoke', { email, name: 'Wanda Withdrawn', role: 'store_manager', storeIds: [websiteId], decorationPartnerId: null, isActive: true }],
    ])
    // Each row still names the withdrawn member, whose account is gone.
    const page = (await executeAdminQuery('auditLog', { entityType: 'staff', entityId: String(row.id) }, owner)) as AuditPage
    expect(page.rows.map((entry) => sentenceText(describeAuditRow(entry, { actor: null, currency: 'USD', labelOf: (type, id) => page.labels[`${type}:${id}`] ?? null })))).toEqual([
      `${owner.staff.email} withdrew the invitation of Wanda Withdrawn`,
      `${owner.staff.email} sent the invitation to Wanda Withdrawn again`,
      expect.stringMatching(new RegExp(`^${owner.staff.email.replaceAll('.', '\\.')} invited Wanda Withdrawn as store manager for Acme Team Store \\d+$`)),
    ])
    expect(await executeAdminMutation('inviteStaff', { email, name: 'Wanda Again', role: 'fulfilment', storeIds: [websiteId] }, owner)).toMatchObject({ email, invitePending: true })

    // A member who accepted has no invitation to withdraw; a withdrawn one is gone.
    const member = await createStaffMember({ role: 'fulfilment', storeIds: [websiteId] })
    expect((await refusal(executeAdminMutation('revokeStaffInvite', { staffId: member.id }, owner))).code).toBe('conflict')
    expect((await refusal(executeAdminMutation('revokeStaffInvite', { staffId: row.id }, owner))).code).toBe('not_found')
    expect((await refusal(executeAdminMutation('revokeStaffInvite', { staffId: member.id }, await staffContext(websiteId, { role: 'fulfilment' })))).code).toBe('forbidden')
  })
})
