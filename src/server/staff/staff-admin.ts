import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import type { ConsoleRole } from '@/isomorphic/contract/admin-session'
import type { InviteDetails, PendingInvitation, StaffFormOptions, StaffMemberRow } from '@/isomorphic/contract/admin-staff'
import { hashPassword, passwordProblem } from '../accounts/passwords'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { decorationPartners, staff, staffInvites, staffStores, type StaffRoleName, websites } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import { type CoreContext, coreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { inBackground } from '../mail/background-mail'
import { composeMail } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { consoleLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import { hashToken, newSessionToken, revokeStaffSessions } from './staff-sessions'

// Staff management for owners (issue 15): the list, invitations by mail (a single-use link, 7
// days), roles and stores, deactivation. Every write records its audit row in its own transaction.
// The invitee's side (the invitation's details, choosing a name and password) needs no session:
// the link's token is the proof.

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000
export const EMAIL_TAKEN = 'A staff account with this email exists already.'
export const INVITE_NOT_VALID = 'This invitation link is not valid any more (used, expired or replaced). Ask an owner to send a new one.'
export const NOT_YOURSELF = 'You cannot change your own role or deactivate yourself; ask another owner.'
export const LAST_OWNER = 'The install needs at least one active owner: make someone else an owner first.'
export const NOT_INVITE_PENDING = 'This member has chosen a password already; there is no invitation to send again.'

type Assignment = { role: ConsoleRole; storeIds: number[]; decorationPartnerId: number | null }

/** The assignment as stored: stores only for store managers and fulfilment, a partner only for partner members. Refuses what does not fit. */
async function checkedAssignment(db: Executor, input: Assignment): Promise<Assignment> {
  const storeIds = [...new Set(input.storeIds)]
  if (input.role === 'store_manager' || input.role === 'fulfilment') {
    if (storeIds.length === 0) throw new DomainError('invalid', 'Choose at least one store for a store manager or a fulfilment member.')
    if (input.decorationPartnerId !== null) throw new DomainError('invalid', 'Only a decoration partner member is bound to a decoration partner.')
    const found = await db.select({ id: websites.id }).from(websites).where(inArray(websites.id, storeIds))
    if (found.length !== storeIds.length) throw new DomainError('invalid', 'One of the chosen stores does not exist.')
    return { role: input.role, storeIds, decorationPartnerId: null }
  }
  if (storeIds.length > 0) throw new DomainError('invalid', input.role === 'owner' ? 'An owner acts on every store: choose no stores.' : 'A decoration partner member sees its partner’s work orders: choose no stores.')
  if (input.role === 'decoration_partner') {
    if (input.decorationPartnerId === null) throw new DomainError('invalid', 'Choose the decoration partner this member works for.')
    const [partner] = await db.select({ id: decorationPartners.id }).from(decorationPartners).where(eq(decorationPartners.id, input.decorationPartnerId))
    if (!partner) throw new DomainError('invalid', 'The chosen decoration partner does not exist.')
    return { role: 'decoration_partner', storeIds: [], decorationPartnerId: partner.id }
  }
  if (input.decorationPartnerId !== null) throw new DomainError('invalid', 'Only a decoration partner member is bound to a decoration partner.')
  return { role: 'owner', storeIds: [], decorationPartnerId: null }
}

async function memberRows(db: Executor, staffId?: number): Promise<StaffMemberRow[]> {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      decorationPartnerId: staff.decorationPartnerId,
      decorationPartnerName: decorationPartners.name,
      isActive: staff.isActive,
      passwordHash: staff.passwordHash,
      totpEnabledAt: staff.totpEnabledAt,
      notifyNewOrders: staff.notifyNewOrders,
      lastSignInAt: staff.lastSignInAt,
    })
    .from(staff)
    .leftJoin(decorationPartners, eq(decorationPartners.id, staff.decorationPartnerId))
    .where(staffId === undefined ? undefined : eq(staff.id, staffId))
    .orderBy(asc(staff.name), asc(staff.id))
  const ids = rows.map((row) => row.id)
  // store-scope: staff are install-wide: store rights are read and written per member
  const stores = ids.length === 0 ? [] : await db.select().from(staffStores).where(inArray(staffStores.staffId, ids))
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as ConsoleRole,
    storeIds: stores
      .filter((store) => store.staffId === row.id)
      .map((store) => store.websiteId)
      .sort((a, b) => a - b),
    decorationPartnerId: row.decorationPartnerId,
    decorationPartnerName: row.decorationPartnerName,
    isActive: row.isActive,
    invitePending: row.passwordHash === null,
    secondFactor: row.totpEnabledAt !== null,
    notifyNewOrders: row.notifyNewOrders,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }))
}

async function memberRow(db: Executor, staffId: number): Promise<StaffMemberRow> {
  const [row] = await memberRows(db, staffId)
  if (!row) throw new DomainError('not_found', `staff ${staffId} not found`, 'Staff member not found.')
  return row
}

/** What an audit row keeps of a member (no secrets). */
const auditView = (row: StaffMemberRow) => ({ email: row.email, name: row.name, role: row.role, storeIds: row.storeIds, decorationPartnerId: row.decorationPartnerId, isActive: row.isActive })

async function assertAnotherActiveOwner(tx: Executor, staffId: number): Promise<void> {
  const [other] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.isActive, true), ne(staff.id, staffId)))
    .limit(1)
  if (!other) throw new DomainError('conflict', 'the last active owner would go', LAST_OWNER)
}

/** A new single-use invitation for a member; earlier ones of theirs stop working. Returns the token. */
async function newInvite(tx: Executor, staffId: number, invitedBy: number, now: Date): Promise<string> {
  const token = newSessionToken()
  await tx
    .update(staffInvites)
    .set({ expiresAt: now })
    .where(and(eq(staffInvites.staffId, staffId), isNull(staffInvites.usedAt)))
  await tx.insert(staffInvites).values({ staffId, tokenHash: hashToken(token), invitedBy, createdAt: now, expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS) })
  return token
}

/** The invitation mail, sent after the answer (the invitation stands even if the SMTP server is away: re-send it). */
function mailInvite(websiteId: number, member: { email: string; name: string; role: ConsoleRole }, token: string, invitedBy: string): void {
  inBackground('staff invitation mail', async () => {
    const db = await getDb()
    const store = await storeName(db, websiteId)
    const link = consoleLink(`/admin/invite/${token}`)
    const mail = composeMail({
      storeName: store,
      subject: `You are invited to the ${store} console`,
      blocks: [
        { text: `Hello ${member.name},` },
        { text: `${invitedBy} invited you to work in the ${store} console as ${member.role.replace('_', ' ')}. Choose your password with this link (it works once, for 7 days):` },
        { link, label: 'Accept the invitation' },
        { text: 'If you did not expect this, ignore this mail.' },
      ],
    })
    await sendMail({ websiteId, to: member.email, ...mail, secrets: [token] }, { db })
  })
}

export async function inviteStaff(ctx: CoreContext, input: ParsedAdminMutationValues['inviteStaff'], now: Date = new Date()): Promise<StaffMemberRow> {
  const owner = await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  const { row, token } = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(sql`lower(${staff.email})`, input.email))
    if (taken) throw new DomainError('conflict', `staff email ${input.email} taken`, EMAIL_TAKEN)
    const assignment = await checkedAssignment(tx, input)
    const [created] = await tx
      .insert(staff)
      .values({ email: input.email, name: input.name, role: assignment.role as StaffRoleName, decorationPartnerId: assignment.decorationPartnerId })
      .returning({ id: staff.id })
    if (assignment.storeIds.length > 0) await tx.insert(staffStores).values(assignment.storeIds.map((websiteId) => ({ staffId: created!.id, websiteId })))
    const token = await newInvite(tx, created!.id, owner.staffId, now)
    const row = await memberRow(tx, created!.id)
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.invite', entityType: 'staff', entityId: row.id, after: auditView(row) })
    return { row, token }
  })
  mailInvite(ctx.store.websiteId, row, token, owner.name)
  return row
}

export async function resendStaffInvite(ctx: CoreContext, staffId: number, now: Date = new Date()): Promise<{ sent: true }> {
  const owner = await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  const { row, token } = await db.transaction(async (tx) => {
    const row = await memberRow(tx, staffId)
    if (!row.invitePending) throw new DomainError('conflict', `staff ${staffId} has a password`, NOT_INVITE_PENDING)
    if (!row.isActive) throw new DomainError('conflict', `staff ${staffId} is inactive`, 'This member is deactivated: reactivate them first.')
    const token = await newInvite(tx, staffId, owner.staffId, now)
    // Who it was sent to, so the row still names them once a withdrawn invitation's account is gone.
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.invite_resend', entityType: 'staff', entityId: staffId, after: { email: row.email, name: row.name } })
    return { row, token }
  })
  mailInvite(ctx.store.websiteId, row, token, owner.name)
  return { sent: true }
}

export const INVITE_GONE = 'This invitation was accepted or withdrawn meanwhile; reload the page.'

/**
 * The invitations not accepted yet (issue 26), newest first: who was invited as what, who invited
 * them, when, and when the link stops working (an expired one stays listed until it is sent again
 * or withdrawn). One read: each member without a password, with their latest invitation.
 */
export async function pendingInvitations(ctx: CoreContext, now: Date = new Date()): Promise<PendingInvitation[]> {
  await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  const inviter = alias(staff, 'inviter')
  const latest = sql`${staffInvites.id} = (select max(latest.id) from ${staffInvites} latest where latest.staff_id = ${staff.id})`
  const rows = await db
    .select({
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      storeIds: sql<number[] | null>`(select array_agg(${staffStores.websiteId} order by ${staffStores.websiteId}) from ${staffStores} where ${staffStores.staffId} = ${staff.id})`,
      decorationPartnerName: decorationPartners.name,
      invitedBy: inviter.name,
      invitedAt: staffInvites.createdAt,
      expiresAt: staffInvites.expiresAt,
    })
    .from(staff)
    .innerJoin(staffInvites, and(eq(staffInvites.staffId, staff.id), latest))
    .leftJoin(inviter, eq(inviter.id, staffInvites.invitedBy))
    .leftJoin(decorationPartners, eq(decorationPartners.id, staff.decorationPartnerId))
    .where(and(isNull(staff.passwordHash), eq(staff.isActive, true)))
    .orderBy(desc(staffInvites.createdAt), desc(staff.id))
  return rows.map((row) => ({
    ...row,
    role: row.role as ConsoleRole,
    storeIds: (row.storeIds ?? []).map(Number),
    invitedAt: row.invitedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  }))
}

/**
 * Withdraws an invitation not accepted yet: its link stops working and the account that was never
 * used goes (the audit row keeps who it was), so the address can be invited again later.
 */
export async function revokeStaffInvite(ctx: CoreContext, staffId: number): Promise<{ revoked: true }> {
  await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: staff.id, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, staffId)).for('update')
    if (!locked) throw new DomainError('not_found', `staff ${staffId} not found`, INVITE_GONE)
    if (locked.passwordHash !== null) throw new DomainError('conflict', `staff ${staffId} has a password`, 'This member accepted the invitation already: deactivate them instead.')
    const before = await memberRow(tx, staffId)
    // The invitations and store rights go with the account (on delete cascade).
    await tx.delete(staff).where(and(eq(staff.id, staffId), isNull(staff.passwordHash)))
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.invite_revoke', entityType: 'staff', entityId: staffId, before: auditView(before) })
    return { revoked: true as const }
  })
}

export async function setStaffRole(ctx: CoreContext, input: ParsedAdminMutationValues['setStaffRole']): Promise<StaffMemberRow> {
  const owner = await requireStaff(ctx, 'staff.manage')
  if (input.staffId === owner.staffId) throw new DomainError('forbidden', 'owner changing own role', NOT_YOURSELF)
  const db = await getDb()
  return db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, input.staffId)).for('update')
    const before = await memberRow(tx, input.staffId)
    const assignment = await checkedAssignment(tx, input)
    if (before.role === 'owner' && assignment.role !== 'owner' && before.isActive) await assertAnotherActiveOwner(tx, input.staffId)
    await tx
      .update(staff)
      .set({ role: assignment.role as StaffRoleName, decorationPartnerId: assignment.decorationPartnerId })
      .where(eq(staff.id, input.staffId))
    // store-scope: staff are install-wide: store rights are read and written per member
    await tx.delete(staffStores).where(eq(staffStores.staffId, input.staffId))
    if (assignment.storeIds.length > 0) await tx.insert(staffStores).values(assignment.storeIds.map((websiteId) => ({ staffId: input.staffId, websiteId })))
    const after = await memberRow(tx, input.staffId)
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.set_role', entityType: 'staff', entityId: input.staffId, before: auditView(before), after: auditView(after) })
    return after
  })
}

export async function deactivateStaff(ctx: CoreContext, staffId: number): Promise<{ sessionsEnded: number }> {
  const owner = await requireStaff(ctx, 'staff.manage')
  if (staffId === owner.staffId) throw new DomainError('forbidden', 'owner deactivating self', NOT_YOURSELF)
  const db = await getDb()
  return db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update')
    const before = await memberRow(tx, staffId)
    if (before.role === 'owner' && before.isActive) await assertAnotherActiveOwner(tx, staffId)
    await tx.update(staff).set({ isActive: false }).where(eq(staff.id, staffId))
    const sessionsEnded = await revokeStaffSessions(tx, staffId, 'deactivated')
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.deactivate', entityType: 'staff', entityId: staffId, before: { isActive: before.isActive }, after: { isActive: false, sessionsEnded } })
    return { sessionsEnded }
  })
}

export async function reactivateStaff(ctx: CoreContext, staffId: number): Promise<StaffMemberRow> {
  await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const before = await memberRow(tx, staffId)
    await tx.update(staff).set({ isActive: true }).where(eq(staff.id, staffId))
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.reactivate', entityType: 'staff', entityId: staffId, before: { isActive: before.isActive }, after: { isActive: true } })
    return { ...before, isActive: true }
  })
}

/** The live invitation behind a token at `now`, or a 404 with a sentence the invitee can act on. */
async function liveInvite(db: Executor, token: string, now: Date) {
  const [invite] = await db
    .select({ id: staffInvites.id, staffId: staffInvites.staffId, expiresAt: staffInvites.expiresAt, usedAt: staffInvites.usedAt, email: staff.email, name: staff.name, role: staff.role, isActive: staff.isActive, passwordHash: staff.passwordHash, decorationPartnerId: staff.decorationPartnerId })
    .from(staffInvites)
    .innerJoin(staff, eq(staff.id, staffInvites.staffId))
    .where(eq(staffInvites.tokenHash, hashToken(token)))
  if (!invite || invite.usedAt || invite.expiresAt.getTime() <= now.getTime() || !invite.isActive || invite.passwordHash !== null) {
    throw new DomainError('not_found', 'invitation not valid', INVITE_NOT_VALID)
  }
  return invite
}

export async function inviteDetails(token: string, now: Date = new Date()): Promise<InviteDetails> {
  const invite = await liveInvite(await getDb(), token, now)
  return { email: invite.email, name: invite.name, role: invite.role as ConsoleRole }
}

/** The invitee chooses a name and password; the link then stops working (once, however many race for it). */
export async function acceptStaffInvite(ctx: CoreContext, input: ParsedAdminMutationValues['acceptStaffInvite'], now: Date = new Date()): Promise<{ email: string }> {
  const problem = passwordProblem(input.password)
  if (problem) throw new DomainError('invalid', problem)
  const db = await getDb()
  const invite = await liveInvite(db, input.token, now)
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const used = await tx
      .update(staffInvites)
      .set({ usedAt: now })
      .where(and(eq(staffInvites.id, invite.id), isNull(staffInvites.usedAt)))
      .returning({ id: staffInvites.id })
    if (used.length === 0) throw new DomainError('not_found', 'invitation used meanwhile', INVITE_NOT_VALID)
    await tx.update(staff).set({ name: input.name, passwordHash, passwordChangedAt: now }).where(and(eq(staff.id, invite.staffId), isNull(staff.passwordHash)))
    // The invitee writes the row: the audit log says who chose the password.
    const who = { staffId: invite.staffId, email: invite.email, name: input.name, sessionId: null }
    const self = coreContext({
      websiteId: ctx.store.websiteId,
      actor:
        invite.role === 'decoration_partner'
          ? { kind: 'decorationPartner', ...who, decorationPartnerId: invite.decorationPartnerId! }
          : { kind: 'staff', ...who, role: invite.role as 'owner' | 'store_manager' | 'fulfilment', storeIds: [] },
      clientKey: ctx.clientKey,
    })
    await recordAudit(tx, self, { websiteId: null, action: 'staff.accept_invite', entityType: 'staff', entityId: invite.staffId, before: { name: invite.name }, after: { name: input.name } })
    return { email: invite.email }
  })
}

export async function staffFormOptions(ctx: CoreContext): Promise<StaffFormOptions> {
  await requireStaff(ctx, 'staff.manage')
  const db = await getDb()
  const [stores, partners] = await Promise.all([
    db.select({ id: websites.id, name: websites.name }).from(websites).orderBy(asc(websites.name)),
    // A deactivated partner is offered for no new account (its members keep theirs).
    db.select({ id: decorationPartners.id, name: decorationPartners.name }).from(decorationPartners).where(eq(decorationPartners.active, true)).orderBy(asc(decorationPartners.name)),
  ])
  return { stores, decorationPartners: partners }
}

export const STAFF_ADMIN_QUERIES = {
  staffList: defineAdminQuery('staffList', async (_value, ctx) => {
    await requireStaff(ctx, 'staff.manage')
    return memberRows(await getDb())
  }),
  staffFormOptions: defineAdminQuery('staffFormOptions', async (_value, ctx) => staffFormOptions(ctx)),
  staffInvitations: defineAdminQuery('staffInvitations', async (_value, ctx) => pendingInvitations(ctx)),
  inviteDetails: defineAdminQuery('inviteDetails', async ({ token }) => inviteDetails(token)),
}

export const STAFF_ADMIN_MUTATIONS = {
  inviteStaff: defineAdminMutation('inviteStaff', { handler: (value, ctx) => inviteStaff(ctx, value) }),
  resendStaffInvite: defineAdminMutation('resendStaffInvite', { handler: ({ staffId }, ctx) => resendStaffInvite(ctx, staffId) }),
  revokeStaffInvite: defineAdminMutation('revokeStaffInvite', { handler: ({ staffId }, ctx) => revokeStaffInvite(ctx, staffId) }),
  setStaffRole: defineAdminMutation('setStaffRole', { handler: (value, ctx) => setStaffRole(ctx, value) }),
  deactivateStaff: defineAdminMutation('deactivateStaff', { handler: ({ staffId }, ctx) => deactivateStaff(ctx, staffId) }),
  reactivateStaff: defineAdminMutation('reactivateStaff', { handler: ({ staffId }, ctx) => reactivateStaff(ctx, staffId) }),
  acceptStaffInvite: defineAdminMutation('acceptStaffInvite', { handler: (value, ctx) => acceptStaffInvite(ctx, value) }),
}
