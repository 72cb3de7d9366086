import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type {
  ShipmentData,
  ShipToAddress,
  SizeTally,
  WorkOrderDecoration,
  WorkOrderLine,
  WorkOrderState,
  WorkOrderSummary,
  WorkOrderView,
} from '@/isomorphic/contract/admin-work-orders'
import { dayOf, workOrderShipBy } from '@/isomorphic/business-days'
import type { DecorationDetail } from '@/isomorphic/decoration-types'
import { compareSizes } from '@/isomorphic/size-order'
import { leadTimeOfProducts } from '../catalog/lead-times'
import type { Executor } from '../db/client'
import {
  decorationMethods,
  decorationPartners,
  deliveryMethods,
  logos,
  type OrderAddressSnapshot,
  orderLines,
  orders,
  shipmentLines,
  shipments,
  uploadedArtworks,
  workOrderLines,
  workOrders,
} from '../db/schema'
import { cursorTime, keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { visibleWorkOrder, type WorkOrderCaller, workOrderNotFound } from './work-order-access'
import { logoIdsOf } from './work-order-split'

// What the console shows of work orders (issue 15): lists (keyset pages, newest first), the
// production view of one work order (lines, size tally, decorations with placement in inches,
// method, colours, artwork and mockups, ship-to, shipments), and the work orders of one order.

export const WORK_ORDER_PAGE_SIZE = 50

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** Pieces to decorate: every line but set-up fees. */
const piecesOf = sql<number>`(select coalesce(sum(${workOrderLines.quantity}), 0)::int from ${workOrderLines} inner join ${orderLines} on ${orderLines.id} = ${workOrderLines.orderLineId} where ${workOrderLines.workOrderId} = ${workOrders.id} and ${orderLines.lineType} <> 'setup')`

const summaryColumns = {
  id: workOrders.id,
  reference: workOrders.reference,
  state: workOrders.state,
  orderId: workOrders.orderId,
  orderReference: orders.name,
  websiteId: workOrders.websiteId,
  decorationPartnerId: workOrders.decorationPartnerId,
  decorationPartnerName: decorationPartners.name,
  problemMessage: workOrders.problemMessage,
  createdAt: workOrders.createdAt,
  shippedAt: workOrders.shippedAt,
  pieces: piecesOf,
}


function toSummary(row: {
  id: number
  reference: string
  state: WorkOrderState
  orderId: number
  orderReference: string
  websiteId: number
  decorationPartnerId: number
  decorationPartnerName: string
  problemMessage: string | null
  createdAt: Date
  shippedAt: Date | null
  pieces: number
}): WorkOrderSummary {
  return {
    id: row.id,
    reference: row.reference,
    state: row.state,
    orderId: row.orderId,
    orderReference: row.orderReference,
    websiteId: row.websiteId,
    decorationPartner: { id: row.decorationPartnerId, name: row.decorationPartnerName },
    pieces: Number(row.pieces),
    problemMessage: row.problemMessage,
    createdAt: row.createdAt.toISOString(),
    shippedAt: iso(row.shippedAt),
  }
}

function summaries(db: Executor, where: SQL | undefined) {
  // store-scope: where comes from visibleWorkOrder or workOrderCaller: the member's stores or the partner's own
  return db
    .select(summaryColumns)
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .innerJoin(decorationPartners, eq(decorationPartners.id, workOrders.decorationPartnerId))
    .where(where)
}

/** One work order as lists show it, if the caller may see it. */
export async function workOrderSummary(db: Executor, caller: WorkOrderCaller, workOrderId: number): Promise<WorkOrderSummary> {
  const [row] = await summaries(db, visibleWorkOrder(caller, workOrderId))
  if (!row) throw workOrderNotFound(workOrderId)
  return toSummary(row)
}

/** Newest first, by creation time then id: list-cursor.ts. */
const WORK_ORDER_CURSOR = listCursor({ sort: 'created', dir: 'desc', keys: ['time', 'id'] })

/** The caller's work orders, newest first, WORK_ORDER_PAGE_SIZE a page. */
export async function listWorkOrders(
  db: Executor,
  caller: WorkOrderCaller,
  input: { state?: WorkOrderState; decorationPartnerId?: number; cursor?: string },
): Promise<{ workOrders: WorkOrderSummary[]; nextCursor: string | null; previousCursor: string | null; partners: { id: number; name: string }[] }> {
  const at = WORK_ORDER_CURSOR.read(input.cursor)
  const readDir = WORK_ORDER_CURSOR.readDirection(at)
  // store-scope: where comes from visibleWorkOrder or workOrderCaller: the member's stores or the partner's own
  const rows = await db
    .select({ ...summaryColumns, cursorAt: cursorTime(workOrders.createdAt) })
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .innerJoin(decorationPartners, eq(decorationPartners.id, workOrders.decorationPartnerId))
    .where(
      and(
        caller.visible,
        input.state ? eq(workOrders.state, input.state) : undefined,
        input.decorationPartnerId ? eq(workOrders.decorationPartnerId, input.decorationPartnerId) : undefined,
        at ? keysetAfter([workOrders.createdAt, workOrders.id], [sql`${at.values[0]}::timestamptz`, sql`${at.values[1]}::integer`], readDir) : undefined,
      ),
    )
    .orderBy(...keysetOrderBy([workOrders.createdAt, workOrders.id], readDir))
    .limit(WORK_ORDER_PAGE_SIZE + 1)
  const page = WORK_ORDER_CURSOR.page(rows, WORK_ORDER_PAGE_SIZE, at, (row) => [row.cursorAt, row.id])
  // store-scope: caller.visible is the member's stores or the partner's own work orders
  const partners = await db
    .selectDistinct({ id: decorationPartners.id, name: decorationPartners.name })
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .innerJoin(decorationPartners, eq(decorationPartners.id, workOrders.decorationPartnerId))
    .where(caller.visible)
    .orderBy(decorationPartners.name, decorationPartners.id)
  return { workOrders: page.rows.map(toSummary), nextCursor: page.nextCursor, previousCursor: page.previousCursor, partners }
}

/** The shipments of work orders (with their lines), oldest first. */
export async function shipmentsOf(db: Executor, where: SQL): Promise<ShipmentData[]> {
  const rows = await db.select().from(shipments).where(where).orderBy(asc(shipments.shippedAt), asc(shipments.id))
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(shipmentLines.id))
  return rows.map((row) => ({
    id: row.id,
    workOrderId: row.workOrderId,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    shippedAt: row.shippedAt.toISOString(),
    lines: lines.filter((line) => line.shipmentId === row.id).map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity })),
  }))
}

function shipTo(order: { partnerName: string; shippingAddress: OrderAddressSnapshot | null; billingAddress: OrderAddressSnapshot }): ShipToAddress {
  const address = order.shippingAddress ?? order.billingAddress
  return {
    name: address.name || order.partnerName,
    street: address.street,
    street2: address.street2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    phone: address.phone,
  }
}

type ViewLine = {
  orderLineId: number
  lineType: 'product' | 'reward' | 'setup'
  name: string
  sku: string
  colorName: string | null
  size: string | null
  quantity: number
  logoId: number | null
  logoName: string | null
  designId: string | null
  design: (typeof orderLines.$inferSelect)['design']
}

export function sizeTally(lines: readonly Pick<ViewLine, 'lineType' | 'name' | 'colorName' | 'size' | 'quantity'>[]): SizeTally[] {
  const groups = new Map<string, { product: string; colorName: string | null; sizes: Map<string, number> }>()
  for (const line of lines) {
    if (line.lineType === 'setup') continue
    const key = `${line.name}\u0000${line.colorName ?? ''}`
    const group = groups.get(key) ?? { product: line.name, colorName: line.colorName, sizes: new Map<string, number>() }
    const size = line.size ?? 'One size'
    group.sizes.set(size, (group.sizes.get(size) ?? 0) + line.quantity)
    groups.set(key, group)
  }
  return [...groups.values()].map((group) => {
    const sizes = [...group.sizes.entries()].sort(([a], [b]) => compareSizes(a, b)).map(([size, quantity]) => ({ size, quantity }))
    return { product: group.product, colorName: group.colorName, sizes, total: sizes.reduce((sum, size) => sum + size.quantity, 0) }
  })
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const methodName = (code: string, names: ReadonlyMap<string, string>) => names.get(code) ?? code.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())

type ArtworkFacts = {
  logos: ReadonlyMap<number, { image: string | null; colorCount: number; method: string }>
  uploads: ReadonlyMap<string, { sourcePath: string; colorCount: number }>
  methods: ReadonlyMap<string, string>
}

function designDecoration(detail: DecorationDetail, base: Pick<WorkOrderDecoration, 'product' | 'colorName' | 'sizes' | 'mockups'>, facts: ArtworkFacts): WorkOrderDecoration {
  const logo = detail.logo?.id != null ? facts.logos.get(detail.logo.id) : undefined
  const upload = detail.artworkId ? facts.uploads.get(detail.artworkId) : undefined
  const colorCount = logo?.colorCount ?? upload?.colorCount ?? null
  return {
    ...base,
    kind: detail.kind,
    label: detail.kind === 'text' ? (detail.text ?? '') : (detail.logo?.name ?? 'Uploaded artwork'),
    placement: { view: detail.view, printArea: detail.printArea.name, x: detail.x, y: detail.y, width: detail.width, height: detail.height },
    method: { code: detail.method.code, name: detail.method.name },
    colors: detail.kind === 'text' ? (detail.color ? `${detail.color.name} (${detail.color.hex})` : 'Store colour') : colorCount !== null ? plural(colorCount, 'colour') : 'As the artwork',
    font: detail.font?.name ?? null,
    artworkPath: detail.kind === 'logo' ? (logo?.image ?? upload?.sourcePath ?? null) : null,
  }
}

/** Every decoration to produce: a design's decorations once per design and colour, a catalog logo once per product and colour. */
export function workOrderDecorations(lines: readonly ViewLine[], facts: ArtworkFacts): WorkOrderDecoration[] {
  type Group = { line: ViewLine; sizes: string[] }
  const groups = new Map<string, Group>()
  for (const line of lines) {
    if (line.lineType !== 'product' || (!line.design && line.logoId === null)) continue
    const key = line.design ? `design|${line.designId ?? ''}|${line.name}|${line.colorName ?? ''}|${JSON.stringify(line.design.decorations)}` : `logo|${line.logoId}|${line.name}|${line.colorName ?? ''}`
    const group = groups.get(key) ?? { line, sizes: [] }
    group.sizes.push(`${line.size ?? 'Qty'} × ${line.quantity}`)
    groups.set(key, group)
  }
  return [...groups.values()].flatMap(({ line, sizes }) => {
    const base = { product: line.name, colorName: line.colorName, sizes: sizes.join(', '), mockups: line.design?.mockups ?? {} }
    if (line.design) return line.design.decorations.map((detail) => designDecoration(detail, base, facts))
    const logo = facts.logos.get(line.logoId!)
    const method = logo?.method ?? 'embroidery'
    return [
      {
        ...base,
        kind: 'logo' as const,
        label: line.logoName ?? 'Logo',
        placement: null,
        method: { code: method, name: methodName(method, facts.methods) },
        colors: logo ? plural(logo.colorCount, 'colour') : 'As the artwork',
        font: null,
        artworkPath: logo?.image ?? null,
      },
    ]
  })
}

/** The production view of one work order, if the caller may see it. */
export async function loadWorkOrderView(db: Executor, caller: WorkOrderCaller, workOrderId: number): Promise<WorkOrderView> {
  // store-scope: where comes from visibleWorkOrder or workOrderCaller: the member's stores or the partner's own
  const [head] = await db
    .select({
      ...summaryColumns,
      acceptedAt: workOrders.acceptedAt,
      productionStartedAt: workOrders.productionStartedAt,
      problemReportedAt: workOrders.problemReportedAt,
      cancelledAt: workOrders.cancelledAt,
      partnerName: orders.partnerName,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
      deliveryMethodName: orders.deliveryMethodName,
      inHandsDate: orders.inHandsDate,
      deliveryMethodId: orders.deliveryMethodId,
    })
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .innerJoin(decorationPartners, eq(decorationPartners.id, workOrders.decorationPartnerId))
    .where(visibleWorkOrder(caller, workOrderId))
  if (!head) throw workOrderNotFound(workOrderId)

  const lines: (ViewLine & { productId: number | null })[] = await db
    .select({
      orderLineId: orderLines.id,
      lineType: orderLines.lineType,
      name: orderLines.name,
      sku: orderLines.templateSkuCode,
      colorName: orderLines.colorName,
      size: orderLines.size,
      quantity: workOrderLines.quantity,
      logoId: orderLines.logoId,
      logoName: orderLines.logoName,
      designId: orderLines.designId,
      design: orderLines.design,
      productId: orderLines.productId,
    })
    .from(workOrderLines)
    .innerJoin(orderLines, eq(orderLines.id, workOrderLines.orderLineId))
    .where(eq(workOrderLines.workOrderId, workOrderId))
    .orderBy(asc(orderLines.sequence), asc(orderLines.id))

  const logoIds = [...new Set(lines.flatMap(logoIdsOf))]
  const artworkIds = [...new Set(lines.flatMap((line) => (line.design?.decorations ?? []).flatMap((detail) => (detail.artworkId ? [detail.artworkId] : []))))]
  const [logoRows, uploadRows, methodRows, shipmentRows, leadTime, transitRows] = await Promise.all([
    logoIds.length === 0 ? [] : db.select({ id: logos.id, image: logos.image, colorCount: logos.colorCount, method: logos.decorationMethod }).from(logos).where(inArray(logos.id, logoIds)),
    // store-scope: ids come from the lines of a work order the caller may see
    artworkIds.length === 0 ? [] : db.select({ id: uploadedArtworks.id, sourcePath: uploadedArtworks.sourcePath, colorCount: uploadedArtworks.colorCount }).from(uploadedArtworks).where(inArray(uploadedArtworks.id, artworkIds)),
    db.select({ code: decorationMethods.code, name: decorationMethods.name }).from(decorationMethods).where(eq(decorationMethods.websiteId, head.websiteId)),
    shipmentsOf(db, eq(shipments.workOrderId, workOrderId)),
    leadTimeOfProducts(db, head.websiteId, lines.flatMap((line) => (line.productId === null ? [] : [line.productId]))),
    head.deliveryMethodId === null
      ? []
      : db.select({ transitDays: deliveryMethods.transitDays }).from(deliveryMethods).where(and(eq(deliveryMethods.id, head.deliveryMethodId), eq(deliveryMethods.websiteId, head.websiteId))),
  ])
  const facts: ArtworkFacts = {
    logos: new Map(logoRows.map((row) => [row.id, row])),
    uploads: new Map(uploadRows.map((row) => [row.id, row])),
    methods: new Map(methodRows.map((row) => [row.code, row.name])),
  }
  const shipped = new Map<number, number>()
  for (const shipment of shipmentRows) for (const line of shipment.lines) shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity)

  return {
    ...toSummary(head),
    acceptedAt: iso(head.acceptedAt),
    productionStartedAt: iso(head.productionStartedAt),
    problemReportedAt: iso(head.problemReportedAt),
    cancelledAt: iso(head.cancelledAt),
    customerName: head.partnerName,
    shipTo: shipTo(head),
    deliveryMethod: head.deliveryMethodName,
    inHandsDate: head.inHandsDate,
    shipBy: workOrderShipBy({ inHandsDate: head.inHandsDate, transit: transitRows[0]?.transitDays ?? null, received: dayOf(head.createdAt), leadTime }),
    lines: lines.map(
      (line): WorkOrderLine => ({
        orderLineId: line.orderLineId,
        lineType: line.lineType,
        product: line.name,
        sku: line.sku,
        colorName: line.colorName,
        size: line.size,
        quantity: line.quantity,
        shipped: shipped.get(line.orderLineId) ?? 0,
        logoName: line.logoName,
      }),
    ),
    tally: sizeTally(lines),
    decorations: workOrderDecorations(lines, facts),
    shipments: shipmentRows,
  }
}

/** The work orders of one order (for the console's order page), those the condition lets through. */
export async function orderWorkOrderSummaries(db: Executor, orderId: number, visible: SQL): Promise<WorkOrderSummary[]> {
  const rows = await summaries(db, and(eq(workOrders.orderId, orderId), visible)).orderBy(asc(workOrders.id))
  return rows.map(toSummary)
}
