import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { ParsedAdminMutationValues, ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import { type CustomerDetail, type CustomerListPage, type CustomerListRow, GUEST_BUYERS_SHOWN, type GuestBuyerRow } from '@/isomorphic/contract/admin-customers'
import { imageUrl } from '@/isomorphic/image-address'
import { createAccountLink } from '../accounts/account-links'
import { listPartnerAddresses, normalizeEmail } from '../accounts/partner-service'
import { revokePartnerSessions } from '../accounts/session-service'
import { assertFreshEdit } from '../audit/edit-conflict'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { budgetTransactions, customerGroups, designs, orders, partners, products, websites } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { fromCents, toCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { customerInviteMail } from '../mail/account-mails'
import { inBackground } from '../mail/background-mail'
import { mailSettings, mailSettingsOfStore, publicLink } from '../mail/mail-settings'
import { sendMail } from '../mail/mail-service'
import { storeName } from '../mail/store-name'
import { assertGroupOfStore, customerForStaff, groupRows, managedStores } from './customer-store'

// Customers in the console (issue 16): the list (filters, prefix search, keyset pages by email),
// one customer's page (profile, group, orders, addresses, budget ledger with its running balance,
// saved designs), invitations by mail (the account, and the password link the account flows use),
// deactivation (every session ends, sign-in is refused) and the versioned edit of the approver
// flag, group, personal allowance amount and resale certificate. Each write: one transaction with
// its audit row; a stale edit is a 409 (audit/edit-conflict.ts).

/** An invitation's link works this long (the password links' longest allowed life). */
export const CUSTOMER_INVITE_TTL_SECONDS = 7 * 86_400
export const CUSTOMER_EMAIL_TAKEN = 'A customer with this email exists already in this store: open them from the list.'
export const NO_STORE_TO_MANAGE = 'You manage no store: ask an owner to give you one.'

type Partner = typeof partners.$inferSelect

const dollars = (cents: number | null) => (cents === null ? null : fromCents(cents))
const invitePending = (row: Pick<Partner, 'passwordHash' | 'ssoSubject'>) => row.passwordHash === null && row.ssoSubject === null

// ---------------------------------------------------------------------------------------------
// The list

/** Customers are listed by email (unique in a store), A to Z: list-cursor.ts. */
const CUSTOMER_CURSOR = listCursor({ sort: 'email', dir: 'asc', keys: ['text'] })

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

export async function listCustomers(ctx: CoreContext, view: ParsedAdminQueryValues['customers.list']): Promise<CustomerListPage> {
  const member = await requireStaff(ctx, 'store.manage')
  const db = await getDb()
  const stores = await managedStores(db, member)
  const websiteId = view.websiteId ?? stores[0]?.id
  if (websiteId === undefined) throw new DomainError('not_found', 'member manages no store', NO_STORE_TO_MANAGE)
  await requireStaff(ctx, 'store.manage', websiteId)

  const filters: (SQL | undefined)[] = [eq(partners.websiteId, websiteId)]
  if (view.status) filters.push(eq(partners.isActive, view.status === 'active'))
  if (view.group === 'none') filters.push(isNull(partners.groupId))
  else if (typeof view.group === 'number') filters.push(eq(partners.groupId, view.group))
  if (view.approver) filters.push(eq(partners.canApproveOrders, view.approver === 'yes'))
  if (view.allowance === 'yes') filters.push(or(isNotNull(partners.allowanceAmount), isNotNull(partners.budgetAmount)))
  if (view.allowance === 'no') filters.push(and(isNull(partners.allowanceAmount), isNull(partners.budgetAmount)))
  const q = view.q?.trim()
  if (q) filters.push(or(ilike(partners.email, likePrefix(q)), ilike(partners.name, likePrefix(q))))

  const at = CUSTOMER_CURSOR.read(view.cursor)
  const readDir = CUSTOMER_CURSOR.readDirection(at)
  if (at) filters.push(keysetAfter([partners.email], [sql`${at.values[0]}::text`], readDir))

  const found = await db
    .select({
      id: partners.id,
      email: partners.email,
      name: partners.name,
      isActive: partners.isActive,
      canApproveOrders: partners.canApproveOrders,
      groupId: partners.groupId,
      groupName: customerGroups.name,
      allowanceAmount: partners.allowanceAmount,
      budgetAmount: partners.budgetAmount,
      passwordHash: partners.passwordHash,
      ssoSubject: partners.ssoSubject,
      createdAt: partners.createdAt,
    })
    .from(partners)
    .leftJoin(customerGroups, eq(customerGroups.id, partners.groupId))
    .where(and(...filters))
    .orderBy(...keysetOrderBy([partners.email], readDir))
    .limit(view.pageSize + 1)
  const page = CUSTOMER_CURSOR.page(found, view.pageSize, at, (row) => [row.email])
  const bought = await ordersOf(db, websiteId, page.rows.map((row) => row.id))
  const rows: CustomerListRow[] = page.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    isActive: row.isActive,
    canApproveOrders: row.canApproveOrders,
    groupId: row.groupId,
    groupName: row.groupName,
    allowanceAmount: dollars(row.allowanceAmount),
    budgetAmount: dollars(row.budgetAmount),
    invitePending: invitePending(row),
    createdAt: row.createdAt.toISOString(),
    orders: bought.get(row.id)?.orders ?? 0,
    spent: fromCents(bought.get(row.id)?.spent ?? 0),
  }))
  const accountsOnly = [view.status, view.group, view.approver, view.allowance].some((filter) => filter !== null && filter !== undefined)
  return {
    websiteId,
    stores,
    groups: await groupRows(db, websiteId),
    rows,
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
    guests: accountsOnly || at ? [] : await guestBuyers(db, websiteId, q),
  }
}

/** What counts as bought: orders (not quotations) that were not cancelled. */
const BOUGHT = and(eq(orders.kind, 'order'), sql`${orders.state} <> 'cancel'`)

/** Each listed customer's orders and what they came to, in one statement for the page. */
async function ordersOf(db: Executor, websiteId: number, partnerIds: number[]): Promise<Map<number, { orders: number; spent: number }>> {
  if (partnerIds.length === 0) return new Map()
  const rows = await db
    .select({ partnerId: orders.partnerId, orders: sql<number>`count(*)::int`, spent: sql<number>`coalesce(sum(${orders.amountTotal}), 0)::bigint` })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), inArray(orders.partnerId, partnerIds), BOUGHT))
    .groupBy(orders.partnerId)
  return new Map(rows.map((row) => [row.partnerId!, { orders: Number(row.orders), spent: Number(row.spent) }]))
}

/** The store's guest buyers (orders without an account), one row per email, the most recent first. */
async function guestBuyers(db: Executor, websiteId: number, q: string | undefined): Promise<GuestBuyerRow[]> {
  const email = sql<string>`lower(${orders.partnerEmail})`
  const rows = await db
    .select({
      email,
      name: sql<string>`(array_agg(${orders.partnerName} order by ${orders.createdAt} desc))[1]`,
      orders: sql<number>`count(*)::int`,
      spent: sql<number>`coalesce(sum(${orders.amountTotal}), 0)::bigint`,
      lastOrderAt: sql<Date>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), isNull(orders.partnerId), BOUGHT, q ? or(ilike(orders.partnerEmail, likePrefix(q)), ilike(orders.partnerName, likePrefix(q))) : undefined))
    .groupBy(email)
    .orderBy(desc(sql`max(${orders.createdAt})`))
    .limit(GUEST_BUYERS_SHOWN)
  return rows.map((row) => ({ email: row.email, name: row.name, orders: Number(row.orders), spent: fromCents(Number(row.spent)), lastOrderAt: new Date(row.lastOrderAt).toISOString() }))
}

// ---------------------------------------------------------------------------------------------
// One customer

const DETAIL_ORDERS = 50
const DETAIL_LEDGER = 200
const DETAIL_DESIGNS = 24

function addressLines(address: { street: string; street2: string | null; city: string; zip: string; state: string | null; country: string | null }): string[] {
  return [address.street, address.street2, [address.city, address.state, address.zip].filter(Boolean).join(' '), address.country].filter((line): line is string => Boolean(line))
}

async function customerDetail(db: Executor, customer: Partner, now: Date = new Date()): Promise<CustomerDetail> {
  const [store] = await db.select({ name: websites.name, currency: websites.currency }).from(websites).where(eq(websites.id, customer.websiteId))
  const [groups, orderRows, addressBook, ledgerRows, designRows] = await Promise.all([
    groupRows(db, customer.websiteId),
    db
      .select({ id: orders.id, reference: orders.name, placedAt: orders.createdAt, state: orders.state, paymentState: orders.paymentState, total: orders.amountTotal })
      .from(orders)
      .where(and(eq(orders.partnerId, customer.id), eq(orders.websiteId, customer.websiteId)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(DETAIL_ORDERS),
    listPartnerAddresses(db, customer.id),
    // store-scope: the ledger is of a customer read for the store; orders joined are its own
    db
      .select({
        id: budgetTransactions.id,
        at: budgetTransactions.createdAt,
        amount: budgetTransactions.amount,
        orderId: budgetTransactions.orderId,
        orderReference: orders.name,
        balance: sql<number>`(sum(${budgetTransactions.amount}) over (order by ${budgetTransactions.createdAt}, ${budgetTransactions.id}))::int`,
      })
      .from(budgetTransactions)
      .leftJoin(orders, eq(orders.id, budgetTransactions.orderId))
      .where(eq(budgetTransactions.partnerId, customer.id))
      .orderBy(desc(budgetTransactions.createdAt), desc(budgetTransactions.id))
      .limit(DETAIL_LEDGER),
    db
      .select({ id: designs.id, productName: products.name, savedAt: designs.updatedAt, mockups: designs.mockups })
      .from(designs)
      .innerJoin(products, eq(products.id, designs.productId))
      .where(and(eq(designs.partnerId, customer.id), eq(designs.websiteId, customer.websiteId)))
      .orderBy(desc(designs.updatedAt))
      .limit(DETAIL_DESIGNS),
  ])
  const certificateNumber = customer.resaleCertificateNumber?.trim() ?? ''
  const expiresAt = customer.resaleCertificateExpiresAt
  return {
    id: customer.id,
    websiteId: customer.websiteId,
    storeName: store?.name ?? '',
    currency: store?.currency ?? 'USD',
    email: customer.email,
    name: customer.name,
    phone: customer.phone,
    isActive: customer.isActive,
    canApproveOrders: customer.canApproveOrders,
    invitePending: invitePending(customer),
    singleSignOn: customer.ssoSubject !== null,
    groupId: customer.groupId,
    allowanceAmount: dollars(customer.allowanceAmount),
    budgetAmount: dollars(customer.budgetAmount),
    resaleCertificate:
      certificateNumber === ''
        ? null
        : { number: certificateNumber, expiresOn: expiresAt ? expiresAt.toISOString().slice(0, 10) : null, expired: expiresAt !== null && expiresAt.getTime() <= now.getTime() },
    createdAt: customer.createdAt.toISOString(),
    version: customer.version,
    groups,
    orders: orderRows.map((row) => ({ ...row, placedAt: row.placedAt.toISOString(), total: fromCents(row.total) })),
    addresses: addressBook.map((address) => ({
      id: address.id,
      type: address.addressType,
      name: address.name,
      lines: addressLines(address),
      isDefault: address.addressType === 'Billing' ? address.isDefaultBilling : address.isDefaultShipping,
    })),
    ledger: ledgerRows.map((row) => ({ id: row.id, at: row.at.toISOString(), amount: fromCents(row.amount), orderId: row.orderId, orderReference: row.orderReference, balance: fromCents(Number(row.balance)) })),
    designs: designRows.map((row) => {
      const path = row.mockups.front ?? Object.values(row.mockups)[0]
      return { id: row.id, productName: row.productName, savedAt: row.savedAt.toISOString(), thumbnailUrl: path ? imageUrl(path, 256, 256) : null }
    }),
  }
}

export async function getCustomer(ctx: CoreContext, customerId: number): Promise<CustomerDetail> {
  const db = await getDb()
  const { customer } = await customerForStaff(db, ctx, customerId)
  return customerDetail(db, customer)
}

// ---------------------------------------------------------------------------------------------
// Edits

/** What an audit row and a 409 show of a customer's editable fields. */
export function customerAuditView(row: Pick<Partner, 'name' | 'groupId' | 'canApproveOrders' | 'allowanceAmount' | 'resaleCertificateNumber' | 'resaleCertificateExpiresAt' | 'isActive'>) {
  return {
    name: row.name,
    groupId: row.groupId,
    canApproveOrders: row.canApproveOrders,
    allowanceAmount: dollars(row.allowanceAmount),
    resaleCertificateNumber: row.resaleCertificateNumber,
    resaleCertificateExpiresOn: row.resaleCertificateExpiresAt?.toISOString().slice(0, 10) ?? null,
    isActive: row.isActive,
  }
}

type AuditView = ReturnType<typeof customerAuditView>

/** Only the fields that differ, before and after. */
export function changedFields(before: AuditView, after: AuditView): { before: Partial<AuditView>; after: Partial<AuditView> } {
  const was: Record<string, unknown> = {}
  const now: Record<string, unknown> = {}
  for (const key of Object.keys(after) as (keyof AuditView)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    was[key] = before[key]
    now[key] = after[key]
  }
  return { before: was as Partial<AuditView>, after: now as Partial<AuditView> }
}

const customerLabel = (customer: Pick<Partner, 'email'>) => `The customer ${customer.email}`

export async function updateCustomer(ctx: CoreContext, input: ParsedAdminMutationValues['customers.update']): Promise<CustomerDetail> {
  const db = await getDb()
  const updated = await db.transaction(async (tx) => {
    const { customer } = await customerForStaff(tx, ctx, input.customerId, { forUpdate: true })
    await assertFreshEdit(tx, { entityType: 'customer', entityId: customer.id, label: customerLabel(customer), expectedVersion: input.version, currentVersion: customer.version })
    if (input.groupId !== undefined) await assertGroupOfStore(tx, customer.websiteId, input.groupId)
    const set: Partial<Partner> = {}
    if (input.name !== undefined) set.name = input.name
    if (input.groupId !== undefined) set.groupId = input.groupId
    if (input.canApproveOrders !== undefined) set.canApproveOrders = input.canApproveOrders
    if (input.allowanceAmount !== undefined) set.allowanceAmount = input.allowanceAmount === null ? null : toCents(input.allowanceAmount)
    if (input.resaleCertificate !== undefined) {
      set.resaleCertificateNumber = input.resaleCertificate?.number ?? null
      set.resaleCertificateExpiresAt = input.resaleCertificate?.expiresOn ? new Date(`${input.resaleCertificate.expiresOn}T00:00:00Z`) : null
    }
    const next = { ...customer, ...set }
    const diff = changedFields(customerAuditView(customer), customerAuditView(next))
    if (Object.keys(diff.after).length === 0) return customer
    const version = customer.version + 1
    // store-scope: customer was read above by customerForStaff, which refuses stores the member may not act on
    const [row] = await tx
      .update(partners)
      .set({ ...set, version, updatedAt: new Date() })
      .where(eq(partners.id, customer.id))
      .returning()
    await recordAudit(tx, ctx, { websiteId: customer.websiteId, action: 'customer.update', entityType: 'customer', entityId: customer.id, before: diff.before, after: { ...diff.after, version } })
    return row!
  })
  return customerDetail(db, updated)
}

export async function setCustomerActive(ctx: CoreContext, input: ParsedAdminMutationValues['customers.setActive']): Promise<{ isActive: boolean; version: number; sessionsEnded: number }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const { customer } = await customerForStaff(tx, ctx, input.customerId, { forUpdate: true })
    await assertFreshEdit(tx, { entityType: 'customer', entityId: customer.id, label: customerLabel(customer), expectedVersion: input.version, currentVersion: customer.version })
    if (customer.isActive === input.active) return { isActive: customer.isActive, version: customer.version, sessionsEnded: 0 }
    const version = customer.version + 1
    // store-scope: customer was read above by customerForStaff, which refuses stores the member may not act on
    await tx.update(partners).set({ isActive: input.active, version, updatedAt: new Date() }).where(eq(partners.id, customer.id))
    const sessionsEnded = input.active ? 0 : await revokePartnerSessions(tx, customer.id, 'partner_disabled')
    await recordAudit(tx, ctx, {
      websiteId: customer.websiteId,
      action: input.active ? 'customer.reactivate' : 'customer.deactivate',
      entityType: 'customer',
      entityId: customer.id,
      before: { isActive: customer.isActive },
      after: { isActive: input.active, version, ...(input.active ? {} : { sessionsEnded }) },
    })
    return { isActive: input.active, version, sessionsEnded }
  })
}

/** Mails the invitation: a link to choose a password (the password links of the account flows), after the answer. */
function mailCustomerInvite(websiteId: number, customer: { id: number; email: string; name: string }): void {
  const installSettings = mailSettings()
  inBackground('customer invitation mail', async () => {
    const db = await getDb()
    const settings = await mailSettingsOfStore(installSettings, websiteId)
    const { token } = await createAccountLink(db, { kind: 'password_reset', websiteId, email: customer.email, partnerId: customer.id }, { ttlSeconds: CUSTOMER_INVITE_TTL_SECONDS })
    const mail = customerInviteMail({ storeName: await storeName(db, websiteId), name: customer.name, link: publicLink('/password/create', { token }, settings), ttlSeconds: CUSTOMER_INVITE_TTL_SECONDS })
    await sendMail({ websiteId, to: customer.email, ...mail, secrets: [token] }, { db, settings })
  })
}

/**
 * Creates the customer's account (no password yet) and mails them a link to choose one. Inviting
 * someone who was invited and has not chosen a password yet sends the mail again; an account in use
 * is refused.
 */
export async function inviteCustomer(ctx: CoreContext, input: ParsedAdminMutationValues['customers.invite']): Promise<{ customerId: number; resent: boolean }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const email = normalizeEmail(input.email)
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(partners).where(and(eq(partners.websiteId, input.websiteId), eq(partners.email, email))).for('update')
    if (existing) {
      if (!existing.isActive) throw new DomainError('conflict', `customer ${existing.id} inactive`, 'This customer is deactivated: reactivate them first, then invite them again.')
      if (!invitePending(existing)) throw new DomainError('conflict', `customer ${existing.id} has signed in`, CUSTOMER_EMAIL_TAKEN)
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer.invite_resend', entityType: 'customer', entityId: existing.id })
      return { customer: existing, resent: true }
    }
    await assertGroupOfStore(tx, input.websiteId, input.groupId)
    const [created] = await tx.insert(partners).values({ websiteId: input.websiteId, email, name: input.name, groupId: input.groupId }).returning()
    await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer.invite', entityType: 'customer', entityId: created!.id, after: { email, ...customerAuditView(created!), version: created!.version } })
    return { customer: created!, resent: false }
  })
  mailCustomerInvite(input.websiteId, result.customer)
  return { customerId: result.customer.id, resent: result.resent }
}

export const CUSTOMER_ADMIN_QUERIES = {
  'customers.list': defineAdminQuery('customers.list', (view, ctx) => listCustomers(ctx, view)),
  'customers.get': defineAdminQuery('customers.get', ({ customerId }, ctx) => getCustomer(ctx, customerId)),
}

export const CUSTOMER_ADMIN_MUTATIONS = {
  // A customer's group, approver flag and allowance decide what the storefront shows them.
  'customers.update': defineAdminMutation('customers.update', { handler: (value, ctx) => updateCustomer(ctx, value) }),
  'customers.invite': defineAdminMutation('customers.invite', { handler: (value, ctx) => inviteCustomer(ctx, value) }),
  'customers.setActive': defineAdminMutation('customers.setActive', { handler: (value, ctx) => setCustomerActive(ctx, value) }),
}
