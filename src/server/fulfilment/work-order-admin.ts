import { and, eq, inArray, sql } from 'drizzle-orm'
import type { ShipmentData, WorkOrderState, WorkOrderSummary } from '@/isomorphic/contract/admin-work-orders'
import type { OrderFulfilmentState } from '@/isomorphic/order-types'
import type { OrderEventType } from '@/isomorphic/order-events'
import { type Carrier, normalizeTrackingNumber, trackingUrl } from '@/isomorphic/tracking'
import { refusalOf, WORK_ORDER_STEPS, type WorkOrderStep } from '@/isomorphic/work-order-states'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb, type Transaction } from '../db/client'
import { orderLines, orders, shipmentLines, shipments, workOrderLines, workOrders } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { inBackground } from '../mail/background-mail'
import { renderWorkOrderSheet, workOrderSheetFileName } from '../documents/work-order-sheet-pdf'
import { appendOrderEvent } from '../timeline/order-events'
import { storeCondition, visibleWorkOrder, type WorkOrderCaller, workOrderCaller, workOrderNotFound } from './work-order-access'
import { sendShippedMail } from './work-order-mails'
import { loadWorkOrderView, listWorkOrders, orderWorkOrderSummaries, shipmentsOf, workOrderSummary } from './work-order-view'

// The work orders' use cases in the console (issue 15). A decoration partner's member works its
// own work orders (accept, in production, report a problem, ship); the store's staff see those of
// their stores and may do the same with 'orders.fulfil', resolve a reported problem and mark a
// shipped order delivered. Each write: who may (first), the state machine (a 409 with a sentence
// for a wrong step), then the change, its audit row and its timeline row in one transaction.

export const ORDER_NOT_FOUND = 'Order not found'

const conflict = (message: string, detail: string) => new DomainError('conflict', detail, message)

type Step = {
  /** The step of the declared life cycle (src/isomorphic/work-order-states.ts): who, from which states, and why not. */
  step: WorkOrderStep
  permission: 'orders.fulfil'
  action: string
  event: OrderEventType
  change: (row: typeof workOrders.$inferSelect, at: Date, input: { message?: string }) => Partial<typeof workOrders.$inferInsert>
}

/** Where a step leads, as the life cycle declares it ('previous': the state before the problem). */
function nextState(step: WorkOrderStep, row: typeof workOrders.$inferSelect): WorkOrderState {
  const to = WORK_ORDER_STEPS[step].to
  if (to === 'previous') return row.stateBeforeProblem ?? 'new'
  return to ?? row.state
}

const STEPS = {
  accept: {
    step: 'accept',
    permission: 'orders.fulfil',
    action: 'work_order.accept',
    event: 'work_order_accepted',
    change: (row, at) => ({ state: nextState('accept', row), acceptedAt: at }),
  },
  startProduction: {
    step: 'startProduction',
    permission: 'orders.fulfil',
    action: 'work_order.start_production',
    event: 'in_production',
    change: (row, at) => ({ state: nextState('startProduction', row), productionStartedAt: at }),
  },
  reportProblem: {
    step: 'reportProblem',
    permission: 'orders.fulfil',
    action: 'work_order.report_problem',
    event: 'problem_reported',
    change: (row, at, input) => ({ state: nextState('reportProblem', row), stateBeforeProblem: row.state, problemMessage: input.message ?? null, problemReportedAt: at }),
  },
  resolveProblem: {
    step: 'resolveProblem',
    permission: 'orders.fulfil',
    action: 'work_order.resolve_problem',
    event: 'problem_resolved',
    change: (row, at) => ({ state: nextState('resolveProblem', row), stateBeforeProblem: null, problemResolvedAt: at }),
  },
} satisfies Record<string, Step>

async function lockedWorkOrder(tx: Transaction, caller: WorkOrderCaller, workOrderId: number) {
  // store-scope: visibleWorkOrder adds caller.visible: the member's stores, or the partner's own work orders
  const [row] = await tx.select().from(workOrders).where(visibleWorkOrder(caller, workOrderId)).for('update')
  if (!row) throw workOrderNotFound(workOrderId)
  return row
}

/**
 * The order's fulfilment state from its work orders (cancelled ones left out): 'shipped' when all
 * are shipped, 'partially_shipped' once anything shipped, 'in_production' once any went into
 * production, else 'unfulfilled'. A delivered order stays delivered.
 */
export async function refreshFulfilmentState(tx: Executor, orderId: number): Promise<OrderFulfilmentState> {
  // store-scope: orderId is of an order whose work order the caller may see (read by the caller)
  const rows = await tx.select({ id: workOrders.id, state: workOrders.state, productionStartedAt: workOrders.productionStartedAt }).from(workOrders).where(eq(workOrders.orderId, orderId))
  const withShipments = new Set((await tx.selectDistinct({ workOrderId: shipments.workOrderId }).from(shipments).where(eq(shipments.orderId, orderId))).map((row) => row.workOrderId))
  const live = rows.filter((row) => row.state !== 'cancelled')
  const next: OrderFulfilmentState =
    live.length > 0 && live.every((row) => row.state === 'shipped')
      ? 'shipped'
      : live.some((row) => withShipments.has(row.id))
        ? 'partially_shipped'
        : live.some((row) => row.productionStartedAt !== null)
          ? 'in_production'
          : 'unfulfilled'
  // store-scope: orderId is of an order whose work order the caller may see (read by the caller)
  const [updated] = await tx
    .update(orders)
    .set({ fulfilmentState: next })
    .where(and(eq(orders.id, orderId), sql`${orders.fulfilmentState} <> 'delivered'`))
    .returning({ fulfilmentState: orders.fulfilmentState })
  return updated?.fulfilmentState ?? 'delivered'
}

async function takeStep(ctx: CoreContext, step: Step, workOrderId: number, input: { message?: string } = {}): Promise<{ workOrder: WorkOrderSummary }> {
  const caller = WORK_ORDER_STEPS[step.step].by === 'staff' ? await staffCaller(ctx, step.permission) : await workOrderCaller(ctx, step.permission)
  const db = await getDb()
  await db.transaction(async (tx) => {
    const row = await lockedWorkOrder(tx, caller, workOrderId)
    const refusal = refusalOf(step.step, row.state)
    if (refusal) throw conflict(refusal, `work order ${row.id} is ${row.state}: ${step.action} refused`)
    const at = new Date()
    // store-scope: the work order was read above through visibleWorkOrder (the caller stores or partner)
    const [after] = await tx
      .update(workOrders)
      .set({ ...step.change(row, at, input), updatedAt: at })
      .where(eq(workOrders.id, row.id))
      .returning()
    await recordAudit(tx, ctx, {
      websiteId: row.websiteId,
      action: step.action,
      entityType: 'work_order',
      entityId: row.id,
      before: { state: row.state, problemMessage: row.problemMessage },
      after: { state: after!.state, problemMessage: after!.problemMessage },
    })
    await appendOrderEvent(tx, {
      orderId: row.orderId,
      type: step.event,
      actor: caller.actor,
      data: { workOrderId: row.id, reference: row.reference, ...(input.message ? { message: input.message } : {}) },
      at,
    })
    await refreshFulfilmentState(tx, row.orderId)
  })
  return { workOrder: await workOrderSummary(db, caller, workOrderId) }
}

/** Staff only (a partner's member is a 403 here, as for any staff-only key). */
async function staffCaller(ctx: CoreContext, permission: 'orders.fulfil' | 'orders.read'): Promise<WorkOrderCaller> {
  const staff = await requireStaff(ctx, permission)
  return { actor: staff, visible: storeCondition(staff, workOrders.websiteId) }
}

export const acceptWorkOrder = (ctx: CoreContext, { workOrderId }: { workOrderId: number }) => takeStep(ctx, STEPS.accept, workOrderId)
export const startWorkOrderProduction = (ctx: CoreContext, { workOrderId }: { workOrderId: number }) => takeStep(ctx, STEPS.startProduction, workOrderId)
export const reportWorkOrderProblem = (ctx: CoreContext, { workOrderId, message }: { workOrderId: number; message: string }) => takeStep(ctx, STEPS.reportProblem, workOrderId, { message })
export const resolveWorkOrderProblem = (ctx: CoreContext, { workOrderId }: { workOrderId: number }) => takeStep(ctx, STEPS.resolveProblem, workOrderId)

const SHIPPABLE_TRACKING = /^[A-Z0-9]{4,40}$/

export type ShipInput = { workOrderId: number; carrier: Carrier; trackingNumber: string; lines: { orderLineId: number; quantity: number }[] }

/**
 * Records a shipment of a work order (lines and quantities in one parcel). The same carrier and
 * tracking number again is the same shipment: nothing changes and no second mail goes (`created`
 * false). A new shipment: its 'shipped' event (carrier, tracking number and link), the work order
 * shipped once all its lines are, the order's fulfilment state, and one mail to the shopper after
 * the answer. Never more of a line than the work order holds.
 */
export async function shipWorkOrder(ctx: CoreContext, input: ShipInput): Promise<{ workOrder: WorkOrderSummary; shipment: ShipmentData; created: boolean; fulfilmentState: OrderFulfilmentState }> {
  const caller = await workOrderCaller(ctx, 'orders.fulfil')
  const trackingNumber = normalizeTrackingNumber(input.trackingNumber)
  if (!SHIPPABLE_TRACKING.test(trackingNumber)) throw new DomainError('invalid', 'A tracking number is 4 to 40 letters and digits (spaces and dashes are left out).')
  const requested = new Map<number, number>()
  for (const line of input.lines) {
    if (requested.has(line.orderLineId)) throw new DomainError('invalid', `Line ${line.orderLineId} appears twice in the shipment: give each line once with its quantity.`)
    requested.set(line.orderLineId, line.quantity)
  }

  const db = await getDb()
  const outcome = await db.transaction(async (tx) => {
    const row = await lockedWorkOrder(tx, caller, input.workOrderId)
    const [existing] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.workOrderId, row.id), eq(shipments.carrier, input.carrier), eq(shipments.trackingNumber, trackingNumber)))
    if (existing) return { shipmentId: existing.id, created: false, orderId: row.orderId }

    const refusal = refusalOf('ship', row.state)
    if (refusal) throw conflict(refusal, `work order ${row.id} is ${row.state}: ship refused`)

    const held = await tx
      .select({ orderLineId: workOrderLines.orderLineId, quantity: workOrderLines.quantity, lineType: orderLines.lineType, name: orderLines.name, size: orderLines.size })
      .from(workOrderLines)
      .innerJoin(orderLines, eq(orderLines.id, workOrderLines.orderLineId))
      .where(eq(workOrderLines.workOrderId, row.id))
    const shippedRows = await tx
      .select({ orderLineId: shipmentLines.orderLineId, quantity: sql<number>`sum(${shipmentLines.quantity})::int` })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(eq(shipments.workOrderId, row.id))
      .groupBy(shipmentLines.orderLineId)
    const shipped = new Map(shippedRows.map((line) => [line.orderLineId, Number(line.quantity)]))
    const lineOf = new Map(held.map((line) => [line.orderLineId, line]))
    for (const [orderLineId, quantity] of requested) {
      const line = lineOf.get(orderLineId)
      if (!line) throw new DomainError('invalid', `Line ${orderLineId} is not part of this work order.`)
      const label = [line.name, line.size].filter(Boolean).join(', ')
      if (line.lineType === 'setup') throw new DomainError('invalid', `${label} is a set-up fee, not something to ship.`)
      const left = line.quantity - (shipped.get(orderLineId) ?? 0)
      if (quantity > left) throw new DomainError('invalid', left === 0 ? `${label} is already shipped in full.` : `Only ${left} of ${label} ${left === 1 ? 'is' : 'are'} left to ship.`)
    }

    const at = new Date()
    const url = trackingUrl(input.carrier, trackingNumber)
    const [shipment] = await tx
      .insert(shipments)
      .values({ workOrderId: row.id, orderId: row.orderId, carrier: input.carrier, trackingNumber, trackingUrl: url, shippedAt: at, staffId: caller.actor.staffId })
      .returning({ id: shipments.id })
    await tx.insert(shipmentLines).values([...requested].map(([orderLineId, quantity]) => ({ shipmentId: shipment!.id, orderLineId, quantity })))
    for (const [orderLineId, quantity] of requested) shipped.set(orderLineId, (shipped.get(orderLineId) ?? 0) + quantity)
    const complete = held.every((line) => line.lineType === 'setup' || (shipped.get(line.orderLineId) ?? 0) >= line.quantity)
    // store-scope: the work order was read above through visibleWorkOrder (the caller stores or partner)
    if (complete) await tx.update(workOrders).set({ state: 'shipped', shippedAt: at, updatedAt: at }).where(eq(workOrders.id, row.id))

    const lines = [...requested].map(([orderLineId, quantity]) => ({ orderLineId, quantity }))
    await recordAudit(tx, ctx, {
      websiteId: row.websiteId,
      action: 'work_order.ship',
      entityType: 'work_order',
      entityId: row.id,
      before: { state: row.state },
      after: { state: complete ? 'shipped' : row.state, shipmentId: shipment!.id, carrier: input.carrier, trackingNumber, lines },
    })
    await appendOrderEvent(tx, {
      orderId: row.orderId,
      type: 'shipped',
      actor: caller.actor,
      data: { workOrderId: row.id, reference: row.reference, shipmentId: shipment!.id, carrier: input.carrier, trackingNumber, trackingUrl: url, lines },
      at,
    })
    await refreshFulfilmentState(tx, row.orderId)
    return { shipmentId: shipment!.id, created: true, orderId: row.orderId }
  })

  if (outcome.created) inBackground('shipped mail', async () => sendShippedMail(await getDb(), outcome.shipmentId))
  const [shipment] = await shipmentsOf(db, eq(shipments.id, outcome.shipmentId))
  // store-scope: outcome.orderId is the order of the work order the caller just shipped
  const [order] = await db.select({ fulfilmentState: orders.fulfilmentState }).from(orders).where(eq(orders.id, outcome.orderId))
  return { workOrder: await workOrderSummary(db, caller, input.workOrderId), shipment: shipment!, created: outcome.created, fulfilmentState: order!.fulfilmentState }
}

/** The store marks a shipped order delivered ('orders.fulfil'). Only a shipped order may be. */
export async function markOrderDelivered(ctx: CoreContext, { orderId }: { orderId: number }): Promise<{ orderId: number; fulfilmentState: OrderFulfilmentState; deliveredAt: string }> {
  const staff = await requireStaff(ctx, 'orders.fulfil')
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, websiteId: orders.websiteId, fulfilmentState: orders.fulfilmentState, state: orders.state })
      .from(orders)
      .where(and(eq(orders.id, orderId), storeCondition(staff, orders.websiteId)))
      .for('update')
    if (!order) throw new DomainError('not_found', `order ${orderId} not found for staff ${staff.staffId}`, ORDER_NOT_FOUND)
    if (order.fulfilmentState !== 'shipped') {
      const message = order.fulfilmentState === 'delivered' ? 'This order is already marked delivered.' : 'Only a shipped order can be marked delivered: every work order must have shipped.'
      throw conflict(message, `order ${orderId} is ${order.fulfilmentState}: mark delivered refused`)
    }
    const at = new Date()
    // store-scope: order was read above through a work order the caller may see
    await tx.update(orders).set({ fulfilmentState: 'delivered', deliveredAt: at }).where(eq(orders.id, orderId))
    await recordAudit(tx, ctx, { websiteId: order.websiteId, action: 'order.mark_delivered', entityType: 'order', entityId: orderId, before: { fulfilmentState: 'shipped' }, after: { fulfilmentState: 'delivered' } })
    await appendOrderEvent(tx, { orderId, type: 'delivered', actor: staff, at })
    return { orderId, fulfilmentState: 'delivered' as const, deliveredAt: at.toISOString() }
  })
}

/** The work orders and shipments of one order of the staff member's stores ('orders.read'). */
export async function orderWorkOrders(ctx: CoreContext, { orderId }: { orderId: number }) {
  const staff = await requireStaff(ctx, 'orders.read')
  const db = await getDb()
  const [order] = await db
    .select({ fulfilmentState: orders.fulfilmentState, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), storeCondition(staff, orders.websiteId)))
  if (!order) throw new DomainError('not_found', `order ${orderId} not found for staff ${staff.staffId}`, ORDER_NOT_FOUND)
  const list = await orderWorkOrderSummaries(db, orderId, sql`true`)
  const shipmentList = list.length === 0 ? [] : await shipmentsOf(db, inArray(shipments.workOrderId, list.map((workOrder) => workOrder.id)))
  return { fulfilmentState: order.fulfilmentState, deliveredAt: order.deliveredAt?.toISOString() ?? null, workOrders: list, shipments: shipmentList }
}

/** The caller's work orders, newest first; a partner's member sees only its partner's. */
export async function listVisibleWorkOrders(ctx: CoreContext, input: { state?: WorkOrderState; decorationPartnerId?: number; cursor?: string }) {
  return listWorkOrders(await getDb(), await workOrderCaller(ctx, 'orders.read'), input)
}

/** The production view of a work order the caller may see; any other id is a 404. */
export async function workOrderView(ctx: CoreContext, { workOrderId }: { workOrderId: number }) {
  return loadWorkOrderView(await getDb(), await workOrderCaller(ctx, 'orders.read'), workOrderId)
}

/** The work order's production sheet (PDF), for whoever may see the work order; any other id is a 404. */
export async function workOrderSheetPdf(ctx: CoreContext, workOrderId: number): Promise<{ pdf: Buffer; fileName: string }> {
  const view = await workOrderView(ctx, { workOrderId })
  return { pdf: await renderWorkOrderSheet(view), fileName: workOrderSheetFileName(view.reference) }
}
