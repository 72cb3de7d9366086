import { beforeAll, describe, expect, test } from 'vitest'
import type { AuditPage } from '@/isomorphic/contract/admin-staff'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { workOrders } from '../db/schema'
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
