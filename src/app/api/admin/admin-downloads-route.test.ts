import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { startSession } from '@/server/accounts/session-service'
import { executeMutation } from '@/server/api/mutation-registry'
import { runQuery } from '@/server/api/query-registry'
import { orders, staff, workOrders } from '@/server/db/schema'
import { pdfTextRuns } from '@/server/documents/document-test-support'
import { orderConfirmed } from '@/server/fulfilment/order-lifecycle'
import { PARTNERS_WORK_FROM_WORK_ORDERS } from '@/server/kernel/permissions'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { createPartner } from '../../../../tests/factories/accounts'
import { createDecorationPartner } from '../../../../tests/factories/catalog'
import { createCheckoutStore, guestContext, orderBody } from '../../../../tests/factories/orders'
import { createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { decorationPartnerContext, staffContext } from '../../../../tests/support/staff'
import { GET as orderLinesCsv } from './exports/order-lines.csv/route'
import { GET as ordersCsv } from './exports/orders.csv/route'
import { GET as workOrderSheet } from './work-orders/[id]/sheet.pdf/route'

// The console's downloads (issue 15): CSV exports of an order list view and a work order's
// production sheet, opened by the admin cookie only.

const BASE = 'http://store.test'

const exportOrders = (query: string, headers: Record<string, string> = {}) => ordersCsv(new Request(`${BASE}/api/admin/exports/orders.csv${query}`, { headers }))
const exportLines = (query: string, headers: Record<string, string> = {}) => orderLinesCsv(new Request(`${BASE}/api/admin/exports/order-lines.csv${query}`, { headers }))
const sheet = (id: number | string, headers: Record<string, string> = {}) =>
  workOrderSheet(new Request(`${BASE}/api/admin/work-orders/${id}/sheet.pdf`, { headers }), { params: Promise.resolve({ id: String(id) }) })

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message)
}

describe.each(testDatabaseKinds())('the console downloads on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let order: OrderData
  let workOrderId: number
  let partnerId: number
  let shopperCookie: Record<string, string>
  let shopperBearer: Record<string, string>

  /** The admin cookie of a new console session of a member (a staff row made by the support helpers). */
  async function adminCookie(staffId: number): Promise<Record<string, string>> {
    const { token } = await startStaffSession(db(), { staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return { cookie: `admin_session=${token}` }
  }

  beforeAll(async () => {
    const store = await createCheckoutStore()
    websiteId = store.websiteId
    const guest = guestContext(websiteId)
    const name = (await runQuery('getOrderId', undefined, guest)).orderSequence
    const answer = (await executeMutation('createOrder', orderBody(store, name, { partnername: 'Robin, "the" Buyer' }), guest)) as { createOrder: { order: OrderData } }
    order = answer.createOrder.order
    // Confirmed and paid, as a received payment leaves it: its work order goes to the partner (issue 26's prepaid rule).
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ state: 'sale', paymentState: 'paid' }).where(eq(orders.id, order.id))
      await orderConfirmed(tx, { orderId: order.id, actor: { kind: 'system', job: 'test' }, how: 'offline_payment' })
    })
    await backgroundMailSettled()
    const [workOrder] = await db().select().from(workOrders).where(eq(workOrders.orderId, order.id))
    workOrderId = workOrder!.id
    partnerId = workOrder!.decorationPartnerId
    const shopper = await createPartner({ websiteId, password: null })
    const { accessToken } = await startSession(db(), { partnerId: shopper.id, websiteId, method: 'password' })
    shopperCookie = { cookie: `session=${accessToken}` }
    shopperBearer = { authorization: `Bearer ${accessToken}` }
  })

  test('a store manager of the store downloads the view’s orders as CSV, an attachment nobody keeps', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const response = await exportOrders(`?q=${order.name}`, await adminCookie(manager.staff.staffId))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const [header, row, ...rest] = (await response.text()).split('\r\n')
    expect(header).toMatch(/^reference,kind,store,placed_at,customer_name,customer_email,/)
    expect(row).toContain(`${order.name},order,`)
    expect(row).toContain('"Robin, ""the"" Buyer"')
    expect(rest).toEqual([''])
  })

  test('the order lines export holds one row per line of the view’s orders', async () => {
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const response = await exportLines(`?q=${order.name}`, await adminCookie(fulfilment.staff.staffId))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="order-lines-\d{4}-\d{2}-\d{2}\.csv"$/)
    const rows = (await response.text()).split('\r\n').filter(Boolean)
    expect(rows[0]).toMatch(/^reference,store,placed_at,customer_email,order_state,line,/)
    // No field of these lines holds a comma: a plain split reads them.
    const [header, ...lines] = rows.map((row) => row.split(','))
    const records = lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])))
    expect(records.map(({ reference, product, size, quantity }) => ({ reference, product, size, quantity }))).toEqual([
      { reference: order.name, product: 'Core Blend Polo', size: 'M', quantity: '2' },
      { reference: order.name, product: 'Core Blend Polo', size: 'L', quantity: '1' },
    ])
  })

  test('a member of another store gets the header row only: the view stays within their stores', async () => {
    const other = await createWebsite()
    const manager = await staffContext(other.id, { role: 'store_manager' })
    const response = await exportOrders(`?q=${order.name}`, await adminCookie(manager.staff.staffId))
    expect(response.status).toBe(200)
    expect((await response.text()).split('\r\n').filter(Boolean)).toHaveLength(1)
  })

  test('a shopper’s session, by cookie or bearer token, and no credentials at all are a 401 before any CSV', async () => {
    for (const headers of [shopperCookie, shopperBearer, {}]) {
      await expectRefused(await exportOrders('', headers), 401, 'Please sign in to the console.')
      await expectRefused(await exportLines('', headers), 401, 'Please sign in to the console.')
    }
  })

  test('a decoration partner’s member is signed in but not staff: the exports are a 403 pointing to their work orders', async () => {
    const member = await decorationPartnerContext(websiteId, partnerId)
    await expectRefused(await exportOrders('', await adminCookie(member.member.staffId)), 403, PARTNERS_WORK_FROM_WORK_ORDERS)
  })

  test('an owner still to turn on two-factor is told to, before anything is exported', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    await expectRefused(await exportOrders('', await adminCookie(owner.staff.staffId)), 403, 'Turn on two-factor sign-in first (Security): an owner account needs it before anything else.')
    await db().update(staff).set({ totpEnabledAt: new Date() }).where(eq(staff.id, owner.staff.staffId))
    expect((await exportOrders('', await adminCookie(owner.staff.staffId))).status).toBe(200)
  })

  test('the work order’s partner and the store’s staff open its production sheet; another partner gets a 404', async () => {
    const member = await decorationPartnerContext(websiteId, partnerId)
    const response = await sheet(workOrderId, await adminCookie(member.member.staffId))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename=".+\.pdf"$/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const pdf = Buffer.from(await response.arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdfTextRuns(pdf).join(' ')).toContain(order.name)

    const manager = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await sheet(workOrderId, await adminCookie(manager.staff.staffId))).status).toBe(200)

    const stranger = await decorationPartnerContext(websiteId, (await createDecorationPartner()).id)
    await expectRefused(await sheet(workOrderId, await adminCookie(stranger.member.staffId)), 404, 'Work order not found')
    await expectRefused(await sheet('abc', await adminCookie(member.member.staffId)), 404, 'Work order not found')
    await expectRefused(await sheet(workOrderId, shopperCookie), 401, 'Please sign in to the console.')
  })
})
