import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Executor, Transaction } from '../db/client'
import { decorationPartners, logos, orderLines, orders, productVariantLogos, productVariants, workOrderLines, workOrders } from '../db/schema'
import type { Actor } from '../kernel/context'
import { appendOrderEvent } from '../timeline/order-events'
import { WORK_ORDER_STEPS } from '@/isomorphic/work-order-states'
import { logoIdsOf, type SplitLine, splitByPartner } from './work-order-split'

// The handoff to the decoration partners (issue 15): a confirmed order becomes one work order per
// partner (work-order-split.ts says whose each line is); a cancelled order's open work orders stop.

/** The partner of the lowest logo each key allows (the first row per key wins). */
function firstPartnerBy(rows: readonly { key: number; partner: number }[]): Map<number, number> {
  const map = new Map<number, number>()
  for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.partner)
  return map
}

async function splitFacts(tx: Executor, lines: readonly SplitLine[]) {
  const logoIds = [...new Set(lines.flatMap(logoIdsOf))]
  const variantIds = [...new Set(lines.flatMap((line) => (line.productVariantId === null ? [] : [line.productVariantId])))]
  const productIds = [...new Set(lines.flatMap((line) => (line.productVariantId === null && line.productId !== null ? [line.productId] : [])))]
  const [logoRows, variantRows, productRows] = await Promise.all([
    logoIds.length === 0 ? [] : tx.select({ key: logos.id, partner: logos.decorationPartnerId }).from(logos).where(inArray(logos.id, logoIds)),
    variantIds.length === 0
      ? []
      : tx
          .select({ key: productVariantLogos.variantId, partner: logos.decorationPartnerId })
          .from(productVariantLogos)
          .innerJoin(logos, eq(logos.id, productVariantLogos.logoId))
          .where(inArray(productVariantLogos.variantId, variantIds))
          .orderBy(asc(productVariantLogos.variantId), asc(logos.id)),
    productIds.length === 0
      ? []
      : tx
          .select({ key: productVariants.productId, partner: logos.decorationPartnerId })
          .from(productVariants)
          .innerJoin(productVariantLogos, eq(productVariantLogos.variantId, productVariants.id))
          .innerJoin(logos, eq(logos.id, productVariantLogos.logoId))
          .where(inArray(productVariants.productId, productIds))
          .orderBy(asc(productVariants.productId), asc(logos.id)),
  ])
  return { logoPartner: firstPartnerBy(logoRows), variantPartner: firstPartnerBy(variantRows), productPartner: firstPartnerBy(productRows) }
}

/**
 * Creates the order's work orders, each with its lines and a 'work_order_created' event, in the
 * caller's transaction. Exactly once per order and partner (a unique index; a second call creates
 * nothing). Locks the order's row until the transaction ends. Returns the ids it created.
 */
export async function createWorkOrders(tx: Transaction, { orderId, actor, at }: { orderId: number; actor: Actor; at: Date }): Promise<number[]> {
  // store-scope: orderId is of an order the calling use case already holds for its store
  const [order] = await tx.select({ id: orders.id, websiteId: orders.websiteId, name: orders.name }).from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) return []
  const lines: SplitLine[] = await tx
    .select({
      id: orderLines.id,
      sequence: orderLines.sequence,
      lineType: orderLines.lineType,
      productId: orderLines.productId,
      productVariantId: orderLines.productVariantId,
      logoId: orderLines.logoId,
      designId: orderLines.designId,
      design: orderLines.design,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  const byPartner = splitByPartner(lines, await splitFacts(tx, lines))
  if (byPartner.size === 0) return []

  const partnerNames = new Map(
    (await tx.select({ id: decorationPartners.id, name: decorationPartners.name }).from(decorationPartners).where(inArray(decorationPartners.id, [...byPartner.keys()]))).map((row) => [row.id, row.name]),
  )
  const created: number[] = []
  let number = 0
  for (const [decorationPartnerId, partnerLines] of byPartner) {
    number += 1
    const reference = `${order.name}-${number}`
    const [row] = await tx
      .insert(workOrders)
      .values({ websiteId: order.websiteId, orderId, decorationPartnerId, reference, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: [workOrders.orderId, workOrders.decorationPartnerId] })
      .returning({ id: workOrders.id })
    if (!row) continue
    await tx.insert(workOrderLines).values(partnerLines.map((line) => ({ workOrderId: row.id, orderLineId: line.id, quantity: line.quantity })))
    await appendOrderEvent(tx, {
      orderId,
      type: 'work_order_created',
      actor,
      data: { workOrderId: row.id, reference, decorationPartnerId, decorationPartner: partnerNames.get(decorationPartnerId) ?? null },
      at,
    })
    created.push(row.id)
  }
  return created
}

/**
 * Cancels the order's open work orders (every state but shipped and cancelled), in the caller's
 * transaction. Returns how many it cancelled; running it again cancels none.
 */
export async function cancelOpenWorkOrders(tx: Transaction, orderId: number, _actor: Actor, at = new Date()): Promise<number> {
  // store-scope: orderId is of an order the calling use case already holds for its store
  const cancelled = await tx
    .update(workOrders)
    .set({ state: 'cancelled', cancelledAt: at, updatedAt: at })
    .where(and(eq(workOrders.orderId, orderId), inArray(workOrders.state, [...WORK_ORDER_STEPS.cancel.from])))
    .returning({ id: workOrders.id })
  return cancelled.length
}

/** Claims the order's work orders whose partner has not been told yet: each is returned once, ever. */
export async function claimUnnotifiedWorkOrders(db: Executor, orderId: number) {
  // store-scope: orderId is of an order the calling use case already holds for its store
  return db
    .update(workOrders)
    .set({ partnerNotifiedAt: sql`now()` })
    .where(and(eq(workOrders.orderId, orderId), isNull(workOrders.partnerNotifiedAt), notInArray(workOrders.state, ['cancelled'])))
    .returning({ id: workOrders.id, websiteId: workOrders.websiteId, reference: workOrders.reference, decorationPartnerId: workOrders.decorationPartnerId })
}
