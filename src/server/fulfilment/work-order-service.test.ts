import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, asc, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import type { OrderData } from '@/isomorphic/order-types'
import type { SavedDesign } from '@/isomorphic/decoration-types'
import { chestAndBackDesign, createDecorationStore, type DecorationStore } from '../../../tests/factories/decoration'
import { guestContext, orderBody } from '../../../tests/factories/orders'
import { createWebsite } from '../../../tests/factories/website'
import { buildDecorationPartner } from '../../../tests/factories/catalog'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import { forgetSigningKey } from '../accounts/signing-key'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, decorationPartners, mailOutbox, orderEvents, orders, paymentMethods, shipments, workOrderLines, workOrders } from '../db/schema'
import { pdfTextRuns, pdfImageCount } from '../documents/document-test-support'
import type { CoreContext, SystemJob } from '../kernel/context'
import { requireStaff } from '../kernel/permissions'
import { backgroundMailSettled } from '../mail/background-mail'
import { orderCancelled, orderConfirmed } from './order-lifecycle'
import { workOrderSheetPdf } from './work-order-admin'
import { WORK_ORDER_PAGE_SIZE } from './work-order-view'
import { CURSOR_NOT_VALID } from '../kernel/list-cursor'

// Designs are drawn into a scratch image store of this file's own.
const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-work-orders-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const SYSTEM: SystemJob = { kind: 'system', job: 'test confirmation' }

describe.each(testDatabaseKinds())('the decoration partners’ handoff on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: DecorationStore
  let design: SavedDesign
  /** The crest's partner (the polos) and the peak mark's (the designed hoodies). */
  let crestPartner: number
  let peakPartner: number

  beforeAll(async () => {
    forgetSigningKey()
    useRateLimiter(createMemoryRateLimiter())
    store = await createDecorationStore()
    crestPartner = store.crest.decorationPartnerId
    peakPartner = store.peak.decorationPartnerId
    await db().update(decorationPartners).set({ email: 'orders@crest-stitch.example' }).where(eq(decorationPartners.id, crestPartner))
    await db().update(decorationPartners).set({ email: 'desk@peak-print.example' }).where(eq(decorationPartners.id, peakPartner))
    design = (await executeMutation('saveDesign', { design: chestAndBackDesign(store, 'ALEX 23') }, guestContext(store.websiteId))) as never
    design = (design as unknown as { saveDesign: { design: SavedDesign } }).saveDesign.design
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  /** Three crest polos (M × 2, L × 1) and three designed hoodies (M × 2, L × 1, with their set-up): two partners. */
  async function placeTwoPartnerOrder(overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const guest = guestContext(store.websiteId)
    const name = (await runQuery('getOrderId', undefined, guest)).orderSequence
    const products = [
      { productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: 2, L: 1 } },
      { productId: store.hoodie.id, colorId: store.navyHoodieId, logoId: null, designId: design.id, quantity: { M: 2, L: 1 } },
    ]
    // Polos 72.00 + hoodies 192.00 (with set-up) = 264.00; Ground 9.95; SC tax 6 % of 264.00 = 15.84.
    const answer = (await executeMutation('createOrder', orderBody(store, name, { products, expectedTotal: 264 + 9.95 + 15.84, ...overrides }), guest)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  /** Confirms the order as a purchase order does (on account: production may start at once, issue 26). */
  async function confirm(orderId: number) {
    const [onAccount] = await db().select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.websiteId, store.websiteId), eq(paymentMethods.provider, 'purchase_order')))
    const methodId = onAccount?.id ?? (await db().insert(paymentMethods).values({ websiteId: store.websiteId, name: 'Purchase order', provider: 'purchase_order', forGuests: true }).returning())[0]!.id
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ state: 'sale', paymentMethodId: methodId }).where(and(eq(orders.id, orderId), eq(orders.state, 'draft')))
      await orderConfirmed(tx, { orderId, actor: SYSTEM, how: 'offline_payment' })
    })
    await backgroundMailSettled()
  }

  const workOrdersOf = (orderId: number) => db().select().from(workOrders).where(eq(workOrders.orderId, orderId)).orderBy(asc(workOrders.id))
  const mailsTo = (to: string, subject: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)))
  const eventsOf = (orderId: number, type: string) => db().select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, type)))

  async function confirmedOrder() {
    const order = await placeTwoPartnerOrder()
    await confirm(order.id)
    const [crestWork, peakWork] = await workOrdersOf(order.id)
    return { order, crestWork: crestWork!, peakWork: peakWork! }
  }

  const query = (ctx: CoreContext, key: string, value: unknown) => executeAdminQuery(key, value, ctx)
  const mutate = (ctx: CoreContext, key: string, value: unknown) => executeAdminMutation(key, value, ctx)
  const view = (ctx: CoreContext, workOrderId: number) => query(ctx, 'workOrder', { workOrderId }) as Promise<WorkOrderView>

  test('a two-partner order gives exactly two work orders, once however often it is confirmed, and each partner is mailed once', async () => {
    const member = await decorationPartnerContext(store.websiteId, crestPartner)
    const order = await placeTwoPartnerOrder()
    await confirm(order.id)
    await confirm(order.id)

    const rows = await workOrdersOf(order.id)
    expect(rows.map((row) => [row.decorationPartnerId, row.reference, row.state])).toEqual([
      [crestPartner, `${order.name}-1`, 'new'],
      [peakPartner, `${order.name}-2`, 'new'],
    ])
    const lines = await db().select().from(workOrderLines).where(eq(workOrderLines.workOrderId, rows[1]!.id))
    // The hoodies in M and L, and their set-up line, go to the peak mark's partner.
    expect(lines.map((line) => line.quantity).sort()).toEqual([1, 1, 2])
    expect(await eventsOf(order.id, 'work_order_created')).toHaveLength(2)

    expect(await mailsTo('orders@crest-stitch.example', 'New work order')).toHaveLength(1)
    expect(await mailsTo(member.member.email, 'New work order')).toHaveLength(1)
    const [peakMail] = await mailsTo('desk@peak-print.example', 'New work order')
    expect(peakMail!.subject).toBe(`New work order ${order.name}-2 from ${store.website.name}`)
    expect(peakMail!.text).toContain(`/admin/work-orders/${rows[1]!.id}`)
    expect(peakMail!.text).toContain('3 pieces to decorate and ship')
  })

  test('the store filters its work orders by decoration partner, and the list names the partners it has work orders with (issue 26)', async () => {
    const { crestWork, peakWork } = await confirmedOrder()
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    type Page = { workOrders: { id: number; decorationPartner: { id: number } }[]; partners: { id: number; name: string }[] }
    const crestOnly = (await query(owner, 'workOrders', { decorationPartnerId: crestPartner })) as Page
    expect(crestOnly.workOrders.map((row) => row.id)).toContain(crestWork.id)
    expect(crestOnly.workOrders.map((row) => row.id)).not.toContain(peakWork.id)
    expect(crestOnly.workOrders.every((row) => row.decorationPartner.id === crestPartner)).toBe(true)
    expect(crestOnly.partners.map((partner) => partner.id)).toEqual(expect.arrayContaining([crestPartner, peakPartner]))
    // A partner's member filtering by another partner sees nothing, and is offered only its own.
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    expect(((await query(crest, 'workOrders', { decorationPartnerId: peakPartner })) as Page).workOrders).toEqual([])
    expect(((await query(crest, 'workOrders', {})) as Page).partners.map((partner) => partner.id)).toEqual([crestPartner])
  })

  test('a decoration partner sees only its own work orders: any other id answers 404', async () => {
    const { crestWork, peakWork } = await confirmedOrder()
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)

    const mine = (await query(crest, 'workOrders', {})) as { workOrders: { id: number; decorationPartner: { id: number } }[] }
    expect(mine.workOrders.map((row) => row.id)).toContain(crestWork.id)
    expect(mine.workOrders.every((row) => row.decorationPartner.id === crestPartner)).toBe(true)

    for (const id of [peakWork.id, peakWork.id + 1000, crestWork.id + 1, 2_147_483_647]) {
      if (id === crestWork.id) continue
      const reads = [() => view(crest, id), () => mutate(crest, 'acceptWorkOrder', { workOrderId: id }), () => workOrderSheetPdf(crest, id)]
      for (const read of reads) expect(await refusal(read())).toMatchObject({ code: 'not_found', userMessage: 'Work order not found' })
    }
    // Staff of another store do not see it either.
    const otherStore = await createWebsite({ name: 'Another Team Store' })
    const elsewhere = await staffContext(otherStore.id, { role: 'fulfilment', storeIds: [otherStore.id] })
    expect((await refusal(view(elsewhere, crestWork.id))).code).toBe('not_found')
  })

  test('the production view holds the ship-to, the size tally, every decoration in inches with method, colours and artwork, and the mockups', async () => {
    const { order, peakWork } = await confirmedOrder()
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    const work = await view(owner, peakWork.id)
    expect(work).toMatchObject({ reference: `${order.name}-2`, orderReference: order.name, pieces: 3, deliveryMethod: 'Ground', shipTo: { name: 'Jordan Buyer', city: 'Greenville', state: 'SC', zip: '29601' } })
    expect(work.tally).toEqual([{ product: 'Midweight Hoodie', colorName: 'Hoodie Navy', sizes: [{ size: 'M', quantity: 2 }, { size: 'L', quantity: 1 }], total: 3 }])
    expect(work.lines.map((line) => [line.lineType, line.size, line.quantity])).toEqual([
      ['product', 'M', 2],
      ['product', 'L', 1],
      ['setup', null, 1],
    ])
    expect(work.decorations).toHaveLength(2)
    expect(work.decorations[0]).toMatchObject({
      kind: 'logo',
      label: 'Peak Mark',
      sizes: 'M × 2, L × 1',
      placement: { view: 'front', printArea: 'Left chest', x: 0.5, y: 0.5, width: 3, height: 2.25 },
      method: { code: 'embroidery', name: 'Embroidery' },
      colors: '2 colours',
      artworkPath: store.peak.image,
    })
    expect(work.decorations[1]).toMatchObject({ kind: 'text', label: 'ALEX 23', placement: { view: 'back', printArea: 'Full back', width: 10, height: 2.5 }, colors: 'Amber Gold (#e0a526)', font: 'Block Sans', artworkPath: null })
    expect(Object.keys(work.decorations[0]!.mockups).sort()).toEqual(['back', 'front'])

    const crestView = await view(owner, (await workOrdersOf(order.id))[0]!.id)
    expect(crestView.decorations).toEqual([expect.objectContaining({ kind: 'logo', label: store.crest.name, placement: null, artworkPath: store.crest.image })])
  })

  test('the production sheet renders with the reference, the tally and the placements; another partner gets 404', async () => {
    const { order, peakWork } = await confirmedOrder()
    const peak = await decorationPartnerContext(store.websiteId, peakPartner)
    const { pdf, fileName } = await workOrderSheetPdf(peak, peakWork.id)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(fileName).toBe(`Work-order-${order.name}-2.pdf`)
    const runs = pdfTextRuns(pdf).join(' ').replace(/\s+/g, ' ')
    expect(runs).toContain(`Work order ${order.name}-2`)
    expect(runs).toContain('M × 2, L × 1')
    expect(runs).toContain('Front · Left chest · 3 × 2.25 in, 0.5 in from the left and 0.5 in from the top of the area')
    expect(runs).toContain('Method: Screen print · Colours: Amber Gold (#e0a526)')
    expect(pdfImageCount(pdf)).toBeGreaterThanOrEqual(2)

    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    expect((await refusal(workOrderSheetPdf(crest, peakWork.id))).code).toBe('not_found')
  })

  test('steps out of order are refused with a sentence, and each step is audited under the member who took it', async () => {
    const { order, crestWork } = await confirmedOrder()
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    const fulfilment = await staffContext(store.websiteId, { role: 'fulfilment' })
    const id = { workOrderId: crestWork.id }
    const line = (await view(crest, crestWork.id)).lines[0]!
    const ship = (trackingNumber: string) => mutate(crest, 'shipWorkOrder', { ...id, carrier: 'ups', trackingNumber, lines: [{ orderLineId: line.orderLineId, quantity: 1 }] })

    expect(await refusal(mutate(crest, 'startWorkOrderProduction', id))).toMatchObject({ code: 'conflict', userMessage: 'Accept this work order before marking it in production.' })
    expect(await refusal(ship('1Z999AA10000000001'))).toMatchObject({ code: 'conflict', userMessage: 'Accept this work order before shipping it.' })
    await mutate(crest, 'acceptWorkOrder', id)
    expect(await refusal(mutate(crest, 'acceptWorkOrder', id))).toMatchObject({ code: 'conflict', userMessage: 'This work order is already accepted.' })

    await mutate(crest, 'reportWorkOrderProblem', { ...id, message: 'The navy polo in L is out of stock <until Friday>.' })
    expect(await refusal(ship('1Z999AA10000000001'))).toMatchObject({ code: 'conflict' })
    // Only the store resolves a problem: a partner's member is signed in but not staff (403).
    expect((await refusal(mutate(crest, 'resolveWorkOrderProblem', id))).code).toBe('forbidden')
    const resolved = (await mutate(fulfilment, 'resolveWorkOrderProblem', id)) as { workOrder: { state: string; problemMessage: string } }
    expect(resolved.workOrder).toMatchObject({ state: 'accepted', problemMessage: 'The navy polo in L is out of stock <until Friday>.' })
    await mutate(crest, 'startWorkOrderProduction', id)
    expect(await refusal(mutate(crest, 'startWorkOrderProduction', id))).toMatchObject({ userMessage: 'This work order is already in production.' })

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'work_order'), eq(auditLog.entityId, String(crestWork.id)))).orderBy(asc(auditLog.id))
    expect(audit.map((row) => [row.action, row.role, row.staffEmail])).toEqual([
      ['work_order.accept', 'decoration_partner', crest.member.email],
      ['work_order.report_problem', 'decoration_partner', crest.member.email],
      ['work_order.resolve_problem', 'fulfilment', fulfilment.staff.email],
      ['work_order.start_production', 'decoration_partner', crest.member.email],
    ])
    expect((await eventsOf(order.id, 'problem_reported'))[0]!.data).toMatchObject({ message: 'The navy polo in L is out of stock <until Friday>.' })
    const [row] = await db().select({ fulfilmentState: orders.fulfilmentState }).from(orders).where(eq(orders.id, order.id))
    expect(row!.fulfilmentState).toBe('in_production')
  })

  test('split shipments: the same tracking twice is one shipment and one mail, never more than ordered, and the order ships when every work order has', async () => {
    const { order, crestWork, peakWork } = await confirmedOrder()
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    const peak = await decorationPartnerContext(store.websiteId, peakPartner)
    await mutate(crest, 'acceptWorkOrder', { workOrderId: crestWork.id })
    const [medium, large] = (await view(crest, crestWork.id)).lines

    const first = { workOrderId: crestWork.id, carrier: 'ups', trackingNumber: '1z999aa1 0123456784', lines: [{ orderLineId: medium!.orderLineId, quantity: 1 }] }
    const shipped = (await mutate(crest, 'shipWorkOrder', first)) as { created: boolean; shipment: { trackingNumber: string; trackingUrl: string }; workOrder: { state: string }; fulfilmentState: string }
    expect(shipped).toMatchObject({ created: true, workOrder: { state: 'accepted' }, fulfilmentState: 'partially_shipped', shipment: { trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784' } })
    const again = (await mutate(crest, 'shipWorkOrder', { ...first, trackingNumber: '1Z999AA10123456784' })) as { created: boolean }
    expect(again.created).toBe(false)
    await backgroundMailSettled()
    expect(await db().select().from(shipments).where(eq(shipments.workOrderId, crestWork.id))).toHaveLength(1)
    const mails = await mailsTo('jordan@example.com', 'has shipped')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Part of your order ${order.name} has shipped`)
    expect(mails[0]!.text).toContain('https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784')

    // Two medium polos were ordered and one has left: two more is one too many.
    const tooMany = { workOrderId: crestWork.id, carrier: 'fedex', trackingNumber: '449044304137821', lines: [{ orderLineId: medium!.orderLineId, quantity: 2 }] }
    expect(await refusal(mutate(crest, 'shipWorkOrder', tooMany))).toMatchObject({ code: 'invalid', userMessage: `Only 1 of ${medium!.product}, M is left to ship.` })
    const rest = { ...tooMany, lines: [{ orderLineId: medium!.orderLineId, quantity: 1 }, { orderLineId: large!.orderLineId, quantity: 1 }] }
    expect(await mutate(crest, 'shipWorkOrder', rest)).toMatchObject({ created: true, workOrder: { state: 'shipped' }, fulfilmentState: 'partially_shipped' })
    expect(await refusal(mutate(crest, 'shipWorkOrder', { ...rest, trackingNumber: '449044304137822' }))).toMatchObject({ code: 'conflict', userMessage: 'This work order is already shipped.' })
    expect(await refusal(mutate(crest, 'acceptWorkOrder', { workOrderId: crestWork.id }))).toMatchObject({ userMessage: 'This work order is already shipped.' })

    const fulfilment = await staffContext(store.websiteId, { role: 'fulfilment' })
    expect(await refusal(mutate(fulfilment, 'markOrderDelivered', { orderId: order.id }))).toMatchObject({ code: 'conflict' })

    await mutate(peak, 'acceptWorkOrder', { workOrderId: peakWork.id })
    const hoodies = (await view(peak, peakWork.id)).lines.filter((line) => line.lineType !== 'setup')
    const setup = (await view(peak, peakWork.id)).lines.find((line) => line.lineType === 'setup')!
    expect(await refusal(mutate(peak, 'shipWorkOrder', { workOrderId: peakWork.id, carrier: 'usps', trackingNumber: '9400100000000000000000', lines: [{ orderLineId: setup.orderLineId, quantity: 1 }] }))).toMatchObject({ code: 'invalid' })
    const last = (await mutate(peak, 'shipWorkOrder', { workOrderId: peakWork.id, carrier: 'usps', trackingNumber: '9400100000000000000000', lines: hoodies.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity })) })) as { fulfilmentState: string }
    expect(last.fulfilmentState).toBe('shipped')
    await backgroundMailSettled()
    expect(await mailsTo('jordan@example.com', 'has shipped')).toHaveLength(3)
    expect((await eventsOf(order.id, 'shipped')).map((event) => event.data.carrier)).toEqual(['ups', 'fedex', 'usps'])

    const summary = (await query(fulfilment, 'orderWorkOrders', { orderId: order.id })) as { fulfilmentState: string; workOrders: unknown[]; shipments: unknown[] }
    expect(summary).toMatchObject({ fulfilmentState: 'shipped' })
    expect(summary.workOrders).toHaveLength(2)
    expect(summary.shipments).toHaveLength(3)
    expect(await mutate(fulfilment, 'markOrderDelivered', { orderId: order.id })).toMatchObject({ fulfilmentState: 'delivered' })
    expect(await refusal(mutate(fulfilment, 'markOrderDelivered', { orderId: order.id }))).toMatchObject({ userMessage: 'This order is already marked delivered.' })
  })

  test('the shipped mail escapes what the shopper typed', async () => {
    const order = await placeTwoPartnerOrder({ partnername: '<img src=x onerror=alert(1)>', partneremail: 'markup@example.com' })
    await confirm(order.id)
    const [crestWork] = await workOrdersOf(order.id)
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    await mutate(owner, 'acceptWorkOrder', { workOrderId: crestWork!.id })
    const line = (await view(owner, crestWork!.id)).lines[0]!
    await mutate(owner, 'shipWorkOrder', { workOrderId: crestWork!.id, carrier: 'other', trackingNumber: 'LOCAL-123', lines: [{ orderLineId: line.orderLineId, quantity: 1 }] })
    await backgroundMailSettled()
    const [mail] = await mailsTo('markup@example.com', 'has shipped')
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail!.html).not.toContain('<img')
    expect(mail!.text).not.toContain('Track your parcel')
  })

  test('cancelling the order cancels its open work orders, leaves shipped ones, and a cancelled one cannot ship', async () => {
    const { order, crestWork, peakWork } = await confirmedOrder()
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    await mutate(owner, 'acceptWorkOrder', { workOrderId: peakWork.id })
    const hoodies = (await view(owner, peakWork.id)).lines.filter((line) => line.lineType !== 'setup')
    await mutate(owner, 'shipWorkOrder', { workOrderId: peakWork.id, carrier: 'fedex', trackingNumber: '449044304137830', lines: hoodies.map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity })) })

    await db().transaction((tx) => orderCancelled(tx, { orderId: order.id, actor: SYSTEM, reason: 'Customer asked' }))
    await db().transaction((tx) => orderCancelled(tx, { orderId: order.id, actor: SYSTEM, reason: 'Customer asked' }))
    expect((await workOrdersOf(order.id)).map((row) => [row.id, row.state])).toEqual([
      [crestWork.id, 'cancelled'],
      [peakWork.id, 'shipped'],
    ])
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    const line = (await view(crest, crestWork.id)).lines[0]!
    expect(await refusal(mutate(crest, 'shipWorkOrder', { workOrderId: crestWork.id, carrier: 'ups', trackingNumber: '1Z999AA10000000009', lines: [{ orderLineId: line.orderLineId, quantity: 1 }] }))).toMatchObject({
      code: 'conflict',
      userMessage: 'This work order is cancelled: the order was cancelled.',
    })
    expect(await refusal(mutate(crest, 'acceptWorkOrder', { workOrderId: crestWork.id }))).toMatchObject({ code: 'conflict' })
  })

  test('who may: a fulfilment member cannot change prices or settings, a shopper opens no work order, a partner no order page', async () => {
    const { order, crestWork } = await confirmedOrder()
    const fulfilment = await staffContext(store.websiteId, { role: 'fulfilment' })
    expect(await refusal(requireStaff(fulfilment, 'store.manage', store.websiteId))).toMatchObject({ code: 'forbidden', userMessage: 'Your role does not allow this.' })
    // What fulfilment may do: read and ship work orders of its stores.
    expect((await view(fulfilment, crestWork.id)).id).toBe(crestWork.id)

    const shopper = guestContext(store.websiteId)
    expect((await refusal(query(shopper, 'workOrders', {}))).code).toBe('unauthorized')
    expect((await refusal(view(shopper, crestWork.id))).code).toBe('unauthorized')
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    expect((await refusal(query(crest, 'orderWorkOrders', { orderId: order.id }))).code).toBe('forbidden')
    expect((await refusal(mutate(crest, 'markOrderDelivered', { orderId: order.id }))).code).toBe('forbidden')
  })

  test('lists page by state with a cursor, and a forged cursor is a clear 400', async () => {
    const { crestWork } = await confirmedOrder()
    const crest = await decorationPartnerContext(store.websiteId, crestPartner)
    const fresh = (await query(crest, 'workOrders', { state: 'new' })) as { workOrders: { id: number; state: string }[]; nextCursor: string | null }
    expect(fresh.workOrders.map((row) => row.id)).toContain(crestWork.id)
    expect(fresh.workOrders.every((row) => row.state === 'new')).toBe(true)
    expect(fresh.nextCursor).toBeNull()
    expect(await refusal(query(crest, 'workOrders', { cursor: 'not-a-cursor' }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
  })

  test('pages hold every work order once, newest first, even when many were created at the same instant', async () => {
    const { order } = await confirmedOrder()
    const partners = await db()
      .insert(decorationPartners)
      .values(Array.from({ length: WORK_ORDER_PAGE_SIZE + 5 }, () => buildDecorationPartner()))
      .returning({ id: decorationPartners.id })
    const at = new Date('2026-11-01T12:00:00.123456Z')
    await db()
      .insert(workOrders)
      .values(partners.map((partner, index) => ({ websiteId: store.websiteId, orderId: order.id, decorationPartnerId: partner.id, reference: `${order.name}-x${index}`, createdAt: at })))
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    type Page = { workOrders: { id: number }[]; nextCursor: string | null; previousCursor: string | null }
    const seen: number[] = []
    const pages: number[][] = []
    let cursor: string | null | undefined
    let lastPage: Page | undefined
    do {
      lastPage = (await query(owner, 'workOrders', cursor ? { cursor } : {})) as Page
      seen.push(...lastPage.workOrders.map((row) => row.id))
      pages.push(lastPage.workOrders.map((row) => row.id))
      cursor = lastPage.nextCursor
    } while (cursor)
    // Back from the last page, through the same ties: the same pages in turn.
    const back: number[][] = []
    let before = lastPage.previousCursor
    while (before) {
      const page = (await query(owner, 'workOrders', { cursor: before })) as Page
      back.push(page.workOrders.map((row) => row.id))
      before = page.previousCursor
    }
    expect(back).toEqual(pages.slice(0, -1).reverse())
    const all = await db().select({ id: workOrders.id }).from(workOrders).orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    expect(seen).toEqual(all.map((row) => row.id))
  })
})
