import { beforeAll, describe, expect, test } from 'vitest'
import { describeAuditRow, sentenceText } from '@/isomorphic/audit-sentences'
import type { AuditPage } from '@/isomorphic/contract/admin-staff'
import { createPartner } from '../../../tests/factories/accounts'
import { createDecorationPartner, createProduct } from '../../../tests/factories/catalog'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, workOrders } from '../db/schema'
import type { CoreContext } from '../kernel/context'

// Issue 24: the audit log named orders by their internal id ("order 12"), which nobody in the store
// knows. A row about an order or a work order carries its reference (S00012, S00012-1), and the log
// is searched by it: an order's reference finds its rows and its work orders' rows.

describe.each(testDatabaseKinds())('the audit log by order reference on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let owner: CoreContext
  let websiteId: number
  let first: { id: number; name: string }
  let second: { id: number; name: string }
  let firstWork: { id: number; reference: string }

  /** An order confirmed with an invoice, waiting for its money. */
  async function invoicedOrder(paymentMethodId: number) {
    return insertConsoleOrder({ websiteId, state: 'sale', paymentState: 'pending', paymentMethodId, amountDue: 1000, confirmedAt: new Date() })
  }

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    owner = await staffContext(websiteId, { role: 'owner' })
    const invoice = await createPaymentMethod({ websiteId, name: 'Invoice', provider: 'invoice' })
    first = await invoicedOrder(invoice.id)
    second = await invoicedOrder(invoice.id)
    // The owner records both payments, and settles a problem the partner reported on the first's work order.
    await executeAdminMutation('markOrderPaid', { orderId: first.id, reference: 'WIRE-1' }, owner)
    await executeAdminMutation('markOrderPaid', { orderId: second.id, reference: 'WIRE-2' }, owner)
    const partner = await createDecorationPartner()
    const [work] = await db()
      .insert(workOrders)
      .values({ websiteId, orderId: first.id, decorationPartnerId: partner.id, reference: `${first.name}-1`, state: 'problem', stateBeforeProblem: 'accepted', problemMessage: 'Thread out of stock' })
      .returning()
    firstWork = work!
    await executeAdminMutation('resolveWorkOrderProblem', { workOrderId: firstWork.id }, owner)
  })

  const read = (filters: Record<string, unknown> = {}) => executeAdminQuery('auditLog', { websiteId, ...filters }, owner) as Promise<AuditPage>

  test('a row about an order or a work order names it by its reference, not its internal id', async () => {
    const { rows } = await read()
    expect(rows.map((row) => [row.action, row.entityType, row.entityId, row.reference])).toEqual([
      ['work_order.resolve_problem', 'work_order', String(firstWork.id), `${first.name}-1`],
      ['order.mark_paid', 'order', String(second.id), second.name],
      ['order.mark_paid', 'order', String(first.id), first.name],
    ])
  })

  test('searching by an order’s reference, in any case, finds the order’s rows and its work orders’ rows and nothing else', async () => {
    const byReference = await read({ reference: first.name.toLowerCase() })
    expect(byReference.rows.map((row) => [row.action, row.reference])).toEqual([
      ['work_order.resolve_problem', `${first.name}-1`],
      ['order.mark_paid', first.name],
    ])
    expect((await read({ reference: ` ${second.name} ` })).rows.map((row) => row.reference)).toEqual([second.name])
    expect((await read({ reference: `${first.name}-1` })).rows.map((row) => row.action)).toEqual(['work_order.resolve_problem'])
    // A reference no order has finds nothing (and the internal id is no reference).
    expect((await read({ reference: 'S99999999' })).rows).toEqual([])
  })

  test('something that is not a reference is refused with a sentence saying what one looks like', async () => {
    const error = await refusal(read({ reference: String(first.id) }))
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/reference.*like S00012/)
  })
})

describe.each(testDatabaseKinds())('the audit log as sentences on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  test('a page carries the names its rows mention — the member, the order’s reference, the product, the customer, the store and its currency — so each row reads as a sentence', async () => {
    const store = await createWebsite({ name: 'Riverside Team Store', currency: 'CAD' })
    const other = await createWebsite({ name: 'Elsewhere' })
    const owner = await staffContext(store.id, { role: 'owner' })
    const invoice = await createPaymentMethod({ websiteId: store.id, name: 'Invoice', provider: 'invoice' })
    const order = await insertConsoleOrder({ websiteId: store.id, state: 'sale', paymentState: 'pending', paymentMethodId: invoice.id, amountDue: 1000, confirmedAt: new Date() })
    await executeAdminMutation('markOrderPaid', { orderId: order.id, reference: 'WIRE-889' }, owner)
    const product = await createProduct({ websiteId: store.id, name: 'Heavy Hoodie', priceAmount: 2400 })
    const customer = await createPartner({ websiteId: store.id, email: 'pat.lee@example.com' })
    const elsewhere = await createPartner({ websiteId: other.id })
    const actor = { staffId: owner.staff.staffId, staffEmail: owner.staff.email, role: 'owner' }
    await db()
      .insert(auditLog)
      .values([
        { ...actor, websiteId: store.id, action: 'product.update', entityType: 'product', entityId: String(product.id), before: { priceAmount: 2400 }, after: { priceAmount: 2600 } },
        { ...actor, websiteId: store.id, action: 'customer.invite', entityType: 'customer', entityId: String(customer.id) },
        // A row that names another store's customer under this store names nobody.
        { ...actor, websiteId: store.id, action: 'customer.update', entityType: 'customer', entityId: String(elsewhere.id), before: { groupId: 1 }, after: { groupId: 2 } },
      ])

    const page = (await executeAdminQuery('auditLog', { websiteId: store.id }, owner)) as AuditPage
    const sentences = page.rows.map((row) =>
      sentenceText(
        describeAuditRow(row, {
          actor: row.staffId === null ? null : (page.labels[`staff:${row.staffId}`]?.name ?? null),
          currency: page.currencies[String(row.websiteId)] ?? 'USD',
          labelOf: (type, id) => page.labels[`${type}:${id}`] ?? null,
        }),
      ),
    )
    expect(sentences).toEqual([
      'Test owner changed the group of a customer',
      'Test owner invited customer pat.lee@example.com',
      'Test owner changed the price of product Heavy Hoodie from CA$24.00 to CA$26.00',
      `Test owner marked order ${order.name} paid (reference WIRE-889)`,
    ])
    expect(page.currencies).toEqual({ [String(store.id)]: 'CAD' })
    expect(page.labels[`customer:${elsewhere.id}`]).toBeUndefined()
  })
})
