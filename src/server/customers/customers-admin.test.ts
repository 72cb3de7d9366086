import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { CustomerDetail, CustomerGroupRow, CustomerListPage, RosterReport } from '@/isomorphic/contract/admin-customers'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { LOGIN_FAILED } from '@/isomorphic/account-types'
import { createPartner, TEST_PASSWORD } from '../../../tests/factories/accounts'
import { type CheckoutStore, createCheckoutStore, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { authenticateToken } from '../accounts/session-service'
import { createPasswordFromLink } from '../accounts/password-reset-service'
import { signInWithPassword } from '../accounts/login-service'
import { forgetSigningKey } from '../accounts/signing-key'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, customerGroups, mailOutbox, orders, partners, sessions } from '../db/schema'
import { NOT_ALLOWED } from '../kernel/permissions'
import { backgroundMailSettled } from '../mail/background-mail'
import { resaleCertificateExpired } from '../tax/resale-certificate'
import { CUSTOMER_NOT_FOUND } from './customer-store'

// Customers in the console (issue 16): the roster import's dry run and real run (one transaction,
// idempotent), refused rows by line, deactivation that ends sessions, invitations through the
// password links, the resale certificate's expiry at createOrder, and who may do any of it.

describe.each(testDatabaseKinds())('customers in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherStoreId: number
  beforeAll(async () => {
    forgetSigningKey()
    websiteId = (await createWebsite()).id
    otherStoreId = (await createWebsite()).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const manager = (storeId = websiteId) => staffContext(storeId, { role: 'store_manager', storeIds: [storeId] })
  const customersOf = async (storeId: number) => db().select().from(partners).where(eq(partners.websiteId, storeId)).orderBy(partners.email)
  const auditCount = async (storeId: number) => (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.websiteId, storeId)))[0]!.n
  const roster = (lines: string[]) => `email,name,group,allowance,approver,active\n${lines.join('\n')}\n`
  const importRoster = async (ctx: Awaited<ReturnType<typeof manager>>, storeId: number, csv: string, options: { dryRun?: boolean; deactivateMissing?: boolean } = {}) =>
    (await executeAdminMutation('customers.rosterImport', { websiteId: storeId, csv, dryRun: options.dryRun ?? true, deactivateMissing: options.deactivateMissing ?? false }, ctx)) as RosterReport

  test('a 200-person roster: the dry run reports what it would do and writes nothing; the real run writes it; the same file again changes nothing', async () => {
    const storeId = (await createWebsite()).id
    const ctx = await manager(storeId)
    const lines = Array.from({ length: 200 }, (_, index) => {
      const group = ['Sales', 'Warehouse', 'Coaches'][index % 3]
      return `person${String(index).padStart(3, '0')}@acme.example,Person ${index},${group},${index % 2 ? '150.00' : ''},${index % 10 === 0 ? 'yes' : 'no'},yes`
    })
    const csv = roster(lines)
    const auditBefore = await auditCount(storeId)

    const dry = await importRoster(ctx, storeId, csv)
    expect(dry).toMatchObject({ rows: 200, unchanged: 0, problems: [], applied: false, changes: 203 })
    expect(dry.created).toHaveLength(200)
    expect(dry.groupsCreated.sort()).toEqual(['Coaches', 'Sales', 'Warehouse'])
    expect(dry.created[1]).toEqual({ line: 3, email: 'person001@acme.example', name: 'Person 1', group: 'Warehouse', allowance: 150, approver: false, active: true })
    expect(await customersOf(storeId)).toHaveLength(0)
    expect(await db().select().from(customerGroups).where(eq(customerGroups.websiteId, storeId))).toHaveLength(0)
    expect(await auditCount(storeId)).toBe(auditBefore)

    const real = await importRoster(ctx, storeId, csv, { dryRun: false })
    expect(real).toMatchObject({ rows: 200, applied: true, changes: 203 })
    const created = await customersOf(storeId)
    expect(created).toHaveLength(200)
    const groups = await db().select().from(customerGroups).where(eq(customerGroups.websiteId, storeId))
    expect(groups.map((group) => [group.code, group.name]).sort()).toEqual([['coaches', 'Coaches'], ['sales', 'Sales'], ['warehouse', 'Warehouse']])
    const first = created.find((row) => row.email === 'person000@acme.example')!
    expect(first).toMatchObject({ name: 'Person 0', groupId: groups.find((group) => group.code === 'sales')!.id, allowanceAmount: null, canApproveOrders: true, isActive: true, budgetAmount: null, passwordHash: null })
    expect(created.find((row) => row.email === 'person001@acme.example')).toMatchObject({ allowanceAmount: 15000, canApproveOrders: false })
    // One audit row per customer and per group, and one for the import.
    expect((await auditCount(storeId)) - auditBefore).toBe(200 + 3 + 1)

    const again = await importRoster(ctx, storeId, csv, { dryRun: false })
    expect(again).toMatchObject({ rows: 200, unchanged: 200, created: [], changed: [], deactivated: [], groupsCreated: [], changes: 0, problems: [] })
    expect((await auditCount(storeId)) - auditBefore).toBe(204)
    expect((await customersOf(storeId)).map((row) => row.version)).toEqual(created.map((row) => row.version))
  })

  test('changes are shown field by field, and people missing from the roster are deactivated only when asked, their sessions ended', async () => {
    const storeId = (await createWebsite()).id
    const ctx = await manager(storeId)
    await importRoster(ctx, storeId, roster(['ana@acme.example,Ana Ruiz,Sales,100,no,yes', 'ben@acme.example,Ben Ode,Sales,,yes,yes', 'cy@acme.example,Cy Tan,,,no,yes']), { dryRun: false })
    const cy = (await customersOf(storeId)).find((row) => row.email === 'cy@acme.example')!
    const { accessToken } = await signedInAs(storeId, cy.id)

    const next = roster(['ANA@acme.example,Ana Ruiz-Lopez,Warehouse,120.5,no,yes', 'ben@acme.example,Ben Ode,Sales,,yes,yes'])
    const dry = await importRoster(ctx, storeId, next)
    expect(dry.changed).toEqual([
      {
        line: 2,
        customerId: expect.any(Number),
        email: 'ana@acme.example',
        changes: [
          { field: 'name', before: 'Ana Ruiz', after: 'Ana Ruiz-Lopez' },
          { field: 'group', before: 'Sales', after: 'Warehouse' },
          { field: 'allowance', before: '100.00', after: '120.50' },
        ],
      },
    ])
    expect(dry).toMatchObject({ unchanged: 1, deactivated: [], groupsCreated: ['Warehouse'] })

    const withDeactivation = await importRoster(ctx, storeId, next, { deactivateMissing: true })
    expect(withDeactivation.deactivated).toEqual([{ customerId: cy.id, email: 'cy@acme.example', name: 'Cy Tan' }])
    expect(await authenticateToken(db(), accessToken, storeId)).not.toBeNull()

    const real = await importRoster(ctx, storeId, next, { dryRun: false, deactivateMissing: true })
    expect(real).toMatchObject({ applied: true, changes: 3 })
    const after = await customersOf(storeId)
    expect(after.find((row) => row.email === 'cy@acme.example')).toMatchObject({ isActive: false, version: cy.version + 1 })
    expect(after.find((row) => row.email === 'ana@acme.example')).toMatchObject({ name: 'Ana Ruiz-Lopez', allowanceAmount: 12050 })
    expect(await authenticateToken(db(), accessToken, storeId)).toBeNull()
    expect(await importRoster(ctx, storeId, next, { dryRun: false, deactivateMissing: true })).toMatchObject({ changes: 0 })
  })

  test('a roster with a bad row is refused with each problem by its line, and nothing is written', async () => {
    const storeId = (await createWebsite()).id
    const ctx = await manager(storeId)
    const csv = roster(['good@acme.example,Good Person,Sales,10,yes,yes', 'not-an-email,Bad Email,Sales,,no,yes', 'maybe@acme.example,Maybe Approver,Sales,,maybe,yes', 'good@acme.example,Twice,,,,'])
    const auditBefore = await auditCount(storeId)
    const dry = await importRoster(ctx, storeId, csv)
    expect(dry.problems).toEqual([
      { line: 3, message: 'Line 3: "not-an-email" is not an email address.' },
      { line: 4, message: 'Line 4: approver must be yes, no, true, false, 1 or 0 (found "maybe").' },
      { line: 5, message: 'Line 5: good@acme.example is on line 2 already.' },
    ])
    expect(dry.created.map((row) => row.email)).toEqual(['good@acme.example'])

    const refused = await refusal(importRoster(ctx, storeId, csv, { dryRun: false }))
    expect(refused.code).toBe('invalid')
    expect(refused.userMessage).toBe('The roster has 3 problems (the first: Line 3: "not-an-email" is not an email address.) Nothing was imported: fix the file and run the dry run again.')
    expect((refused.data as { report: RosterReport }).report.problems).toHaveLength(3)
    expect(await customersOf(storeId)).toHaveLength(0)
    expect(await db().select().from(customerGroups).where(eq(customerGroups.websiteId, storeId))).toHaveLength(0)
    expect(await auditCount(storeId)).toBe(auditBefore)
  })

  test('a roster that is too long, not CSV, or without an email column is refused with a sentence', async () => {
    const ctx = await manager()
    const long = `email\n${Array.from({ length: 10_001 }, (_, index) => `p${index}@acme.example`).join('\n')}\n`
    expect((await refusal(importRoster(ctx, websiteId, long))).userMessage).toMatch(/^The roster has 10001 rows; at most 10,000 are read at once/)
    expect((await refusal(importRoster(ctx, websiteId, 'email,name\n"unclosed@acme.example,Ann\n'))).userMessage).toMatch(/^The roster is not a readable CSV file/)
    expect((await refusal(importRoster(ctx, websiteId, 'name,group\nAnn,Sales\n'))).userMessage).toMatch(/one of them must be email/)
    const big = await refusal(executeAdminMutation('customers.rosterImport', { websiteId, csv: 'x'.repeat(2 * 1024 * 1024 + 1) }, ctx))
    expect(big.userMessage).toMatch(/larger than 2 MB/)
  })

  async function signedInAs(storeId: number, partnerId: number) {
    const { startSession } = await import('../accounts/session-service')
    return startSession(db(), { partnerId, websiteId: storeId, method: 'password' })
  }

  test('deactivating a customer ends their sessions and refuses their sign-in; reactivating lets them sign in again', async () => {
    const ctx = await manager()
    const customer = await createPartner({ websiteId })
    const first = await signedInAs(websiteId, customer.id)
    const second = await signedInAs(websiteId, customer.id)
    const answer = (await executeAdminMutation('customers.setActive', { customerId: customer.id, version: customer.version, active: false }, ctx)) as { sessionsEnded: number; version: number }
    expect(answer).toMatchObject({ isActive: false, sessionsEnded: 2, version: customer.version + 1 })
    expect(await authenticateToken(db(), first.accessToken, websiteId)).toBeNull()
    expect(await authenticateToken(db(), second.accessToken, websiteId)).toBeNull()
    const caller = { websiteId, ip: '198.51.100.40', userAgent: 'vitest' }
    expect((await refusal(signInWithPassword(db(), { login: customer.email, password: TEST_PASSWORD }, caller))).userMessage).toBe(LOGIN_FAILED)
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(customer.id))))
    expect(audit).toMatchObject({ action: 'customer.deactivate', before: { isActive: true }, after: { isActive: false, sessionsEnded: 2, version: customer.version + 1 } })

    await executeAdminMutation('customers.setActive', { customerId: customer.id, version: answer.version, active: true }, ctx)
    expect(await signInWithPassword(db(), { login: customer.email, password: TEST_PASSWORD }, caller)).toHaveProperty('accessToken')
  })

  test('an invitation creates the account and mails the password link of the account flows, which sets the password once', async () => {
    const ctx = await manager()
    const email = `invitee-${Date.now()}@acme.example`
    const { customerId, resent } = (await executeAdminMutation('customers.invite', { websiteId, email: email.toUpperCase(), name: 'Ida Invitee' }, ctx)) as { customerId: number; resent: boolean }
    expect(resent).toBe(false)
    const [row] = await db().select().from(partners).where(eq(partners.id, customerId))
    expect(row).toMatchObject({ email, name: 'Ida Invitee', passwordHash: null, isActive: true, websiteId })
    await backgroundMailSettled()
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1)
    const token = mail?.text.match(/\/password\/create\?token=([A-Za-z0-9_-]{43})/)?.[1]
    expect(token).toBeTruthy()
    expect(mail!.subject).toContain('account is ready')

    // Inviting again before they chose a password sends the mail again; after, it is refused.
    expect(await executeAdminMutation('customers.invite', { websiteId, email, name: 'Ida Invitee' }, ctx)).toMatchObject({ customerId, resent: true })
    await createPasswordFromLink(db(), { token, password: 'a long enough new passphrase' }, { websiteId, ip: '198.51.100.41', userAgent: 'vitest' })
    expect(await signInWithPassword(db(), { login: email, password: 'a long enough new passphrase' }, { websiteId, ip: '198.51.100.41', userAgent: 'vitest' })).toHaveProperty('accessToken')
    expect((await refusal(executeAdminMutation('customers.invite', { websiteId, email, name: 'Ida Invitee' }, ctx))).code).toBe('conflict')
  })

  test('the approver flag, group, allowance and resale certificate are saved with their audit row; a stale save is a 409 naming what changed', async () => {
    const ctx = await manager()
    const other = await manager()
    const customer = await createPartner({ websiteId })
    const group = (await executeAdminMutation('customerGroups.save', { websiteId, name: 'Coaches', code: `Coaches-${customer.id}` }, ctx)) as CustomerGroupRow
    expect(group).toMatchObject({ name: 'Coaches', code: `coaches-${customer.id}`, members: 0, version: 1 })

    const saved = (await executeAdminMutation(
      'customers.update',
      { customerId: customer.id, version: customer.version, canApproveOrders: true, groupId: group.id, allowanceAmount: 250, resaleCertificate: { number: 'SC-4471', expiresOn: '2031-06-30' } },
      ctx,
    )) as CustomerDetail
    expect(saved).toMatchObject({ canApproveOrders: true, groupId: group.id, allowanceAmount: 250, resaleCertificate: { number: 'SC-4471', expiresOn: '2031-06-30', expired: false }, version: customer.version + 1 })
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(customer.id))))
    expect(audit).toMatchObject({ action: 'customer.update', before: { canApproveOrders: false, groupId: null, allowanceAmount: null }, after: { canApproveOrders: true, groupId: group.id, allowanceAmount: 250, version: customer.version + 1 } })

    const stale = await refusal(executeAdminMutation('customers.update', { customerId: customer.id, version: customer.version, canApproveOrders: false }, other))
    expect(stale.code).toBe('conflict')
    expect(isEditConflictData(stale.data)).toBe(true)
    expect(stale.userMessage).toContain(`The customer ${customer.email} was changed by ${ctx.staff.email}`)
    expect((await db().select().from(partners).where(eq(partners.id, customer.id)))[0]!.canApproveOrders).toBe(true)

    // A group with members is not deleted; an empty one is.
    expect((await refusal(executeAdminMutation('customerGroups.delete', { groupId: group.id, version: group.version }, ctx))).userMessage).toBe('The group Coaches has 1 customer: move them to another group (or to none) first.')
    await executeAdminMutation('customers.update', { customerId: customer.id, version: saved.version, groupId: null }, ctx)
    await executeAdminMutation('customerGroups.delete', { groupId: group.id, version: group.version }, ctx)
    expect(await db().select().from(customerGroups).where(eq(customerGroups.id, group.id))).toHaveLength(0)
  })

  test('the list filters by status, group, approver and allowance, searches by email or name prefix, and pages by keyset both ways', async () => {
    const storeId = (await createWebsite()).id
    const ctx = await manager(storeId)
    const lines = Array.from({ length: 7 }, (_, index) => `m${index}@list.example,${index % 2 ? 'Zed' : 'Amy'} ${index},${index < 3 ? 'Sales' : ''},${index === 4 ? '50' : ''},${index === 5 ? 'yes' : 'no'},${index === 6 ? 'no' : 'yes'}`)
    await importRoster(ctx, storeId, roster(lines), { dryRun: false })
    const list = async (view: Record<string, unknown>) => (await executeAdminQuery('customers.list', { websiteId: storeId, ...view }, ctx)) as CustomerListPage
    const emails = (page: CustomerListPage) => page.rows.map((row) => row.email)
    const sales = (await list({})).groups.find((group) => group.code === 'sales')!

    expect(emails(await list({ status: 'inactive' }))).toEqual(['m6@list.example'])
    expect(emails(await list({ group: sales.id }))).toEqual(['m0@list.example', 'm1@list.example', 'm2@list.example'])
    expect((await list({ group: 'none' })).rows).toHaveLength(4)
    expect(emails(await list({ approver: 'yes' }))).toEqual(['m5@list.example'])
    expect(emails(await list({ allowance: 'yes' }))).toEqual(['m4@list.example'])
    expect(emails(await list({ q: 'zed' }))).toEqual(['m1@list.example', 'm3@list.example', 'm5@list.example'])
    expect(emails(await list({ q: 'M2@' }))).toEqual(['m2@list.example'])
    expect((await list({ q: '%' })).rows).toHaveLength(0)

    const page1 = await list({ pageSize: 25 })
    expect(page1.rows).toHaveLength(7)
    expect(page1.nextCursor).toBeNull()
    const small = async (cursor: string | null) => (await executeAdminQuery('customers.list', { websiteId: storeId, cursor, pageSize: 25 }, ctx)) as CustomerListPage
    expect((await small(null)).previousCursor).toBeNull()
    // Keyset pages: 25 is the smallest size, so this walks a cursor made after the third row.
    const third = page1.rows[2]!.email
    const after = await small(Buffer.from(JSON.stringify(['email', 'asc', [third], 0])).toString('base64url'))
    expect(emails(after)).toEqual(['m3@list.example', 'm4@list.example', 'm5@list.example', 'm6@list.example'])
    expect(after.previousCursor).not.toBeNull()
    expect(emails(await small(after.previousCursor))).toEqual(['m0@list.example', 'm1@list.example', 'm2@list.example'])
  })

  test('fulfilment is refused with 403, another store’s manager gets the 404 of a missing customer, and a guest 401', async () => {
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment', storeIds: [websiteId] })
    const outsider = await manager(otherStoreId)
    const customer = await createPartner({ websiteId })
    const [group] = await db().insert(customerGroups).values({ websiteId, code: `g-${customer.id}`, name: 'Guarded' }).returning()
    const calls: [string, Record<string, unknown>, 'query' | 'mutation'][] = [
      ['customers.list', { websiteId }, 'query'],
      ['customers.get', { customerId: customer.id }, 'query'],
      ['customerGroups.list', { websiteId }, 'query'],
      ['customers.update', { customerId: customer.id, version: customer.version, canApproveOrders: true }, 'mutation'],
      ['customers.setActive', { customerId: customer.id, version: customer.version, active: false }, 'mutation'],
      ['customers.invite', { websiteId, email: `x-${customer.id}@acme.example`, name: 'X' }, 'mutation'],
      ['customerGroups.save', { websiteId, name: 'X', code: `x-${customer.id}` }, 'mutation'],
      ['customerGroups.delete', { groupId: group!.id, version: 1 }, 'mutation'],
      ['customers.rosterImport', { websiteId, csv: 'email,name\nq@acme.example,Q\n', dryRun: false }, 'mutation'],
    ]
    const run = (key: string, value: Record<string, unknown>, kind: 'query' | 'mutation', ctx: Awaited<ReturnType<typeof manager>>) =>
      kind === 'query' ? executeAdminQuery(key, value, ctx) : executeAdminMutation(key, value, ctx)
    for (const [key, value, callKind] of calls) {
      const forbidden = await refusal(run(key, value, callKind, fulfilment))
      expect([key, forbidden.code, forbidden.userMessage]).toEqual([key, 'forbidden', NOT_ALLOWED])
      const missing = await refusal(run(key, value, callKind, outsider))
      expect([key, missing.code]).toEqual([key, 'not_found'])
    }
    expect((await refusal(executeAdminQuery('customers.get', { customerId: customer.id }, outsider))).userMessage).toBe(CUSTOMER_NOT_FOUND)
    expect((await refusal(executeAdminQuery('customers.get', { customerId: 99_999_999 }, outsider))).userMessage).toBe(CUSTOMER_NOT_FOUND)
    expect(await db().select().from(partners).where(eq(partners.id, customer.id))).toMatchObject([{ canApproveOrders: false, isActive: true, version: customer.version }])
    expect(await db().select().from(partners).where(inArray(partners.email, ['q@acme.example', `x-${customer.id}@acme.example`]))).toHaveLength(0)
    const shopper = await signedInCustomer(websiteId)
    expect((await refusal(executeAdminQuery('customers.list', { websiteId }, shopper.ctx))).code).toBe('unauthorized')
  })

  describe('the resale certificate', () => {
    let store: CheckoutStore
    beforeAll(async () => {
      store = await createCheckoutStore()
    })

    test('an expired certificate set in the console is refused at createOrder with its sentence, and nothing is written', async () => {
      const ctx = await manager(store.websiteId)
      const customer = await signedInCustomer(store.websiteId)
      const detail = (await executeAdminQuery('customers.get', { customerId: customer.partner.id }, ctx)) as CustomerDetail
      const saved = (await executeAdminMutation('customers.update', { customerId: customer.partner.id, version: detail.version, resaleCertificate: { number: 'SC-RESALE-7788', expiresOn: '2020-01-31' } }, ctx)) as CustomerDetail
      expect(saved.resaleCertificate).toEqual({ number: 'SC-RESALE-7788', expiresOn: '2020-01-31', expired: true })

      const { orderSequence } = await runQuery('getOrderId', undefined, customer.ctx)
      const refused = await refusal(executeMutation('createOrder', orderBody(store, orderSequence, { orderForResale: true, expectedTotal: 81.95 }), customer.ctx))
      expect(refused.code).toBe('forbidden')
      expect(refused.userMessage).toBe(resaleCertificateExpired(new Date('2020-01-31T00:00:00Z')))
      expect(refused.userMessage).toBe('Your resale certificate on file expired on 2020-01-31, so this order cannot be tax-free for resale. Send the store a current certificate, or order with tax.')
      expect(await db().select().from(orders).where(eq(orders.name, orderSequence))).toHaveLength(0)

      // A current one counts again.
      await executeAdminMutation('customers.update', { customerId: customer.partner.id, version: saved.version, resaleCertificate: { number: 'SC-RESALE-7788', expiresOn: '2099-01-31' } }, ctx)
      const { orderSequence: next } = await runQuery('getOrderId', undefined, customer.ctx)
      const answer = (await executeMutation('createOrder', orderBody(store, next, { orderForResale: true, expectedTotal: 81.95 }), customer.ctx)) as { createOrder: { order: { id: number } } }
      expect(answer.createOrder.order.id).toBeGreaterThan(0)
    })
  })

  test('a customer page shows orders, the ledger with its running balance, and no other store’s records', async () => {
    const ctx = await manager()
    const customer = await createPartner({ websiteId, budgetAmount: 7000 })
    const { budgetTransactions } = await import('../db/schema')
    await db().insert(budgetTransactions).values([
      { partnerId: customer.id, amount: 10000, createdAt: new Date('2026-01-01T00:00:00Z') },
      { partnerId: customer.id, amount: -3000, createdAt: new Date('2026-02-01T00:00:00Z') },
    ])
    const detail = (await executeAdminQuery('customers.get', { customerId: customer.id }, ctx)) as CustomerDetail
    expect(detail.ledger.map((row) => [row.amount, row.balance])).toEqual([
      [-30, 70],
      [100, 100],
    ])
    expect(detail).toMatchObject({ budgetAmount: 70, email: customer.email, orders: [], designs: [], addresses: [] })
    expect(await db().select().from(sessions).where(and(eq(sessions.partnerId, customer.id), isNull(sessions.revokedAt)))).toHaveLength(0)
  })
})
