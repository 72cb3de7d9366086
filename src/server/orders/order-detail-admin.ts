import { asc, eq } from 'drizzle-orm'
import type { AdminOrderDetail } from '@/isomorphic/contract/admin-orders'
import { getDb } from '../db/client'
import { orders, partners, paymentMethods, paymentTransactions, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { notFound } from '../kernel/errors'
import { fromCents } from '../kernel/money'
import { staffMay } from '../kernel/permissions'
import { OFFLINE_PROVIDERS } from '@/isomorphic/payment-terms'
import { orderMay, type OrderFacts } from '@/isomorphic/order-states'
import { orderTimeline } from '../timeline/order-events'
import { leftOf, moneyOf, refundViews, staffOrder, tendersInDollars } from './order-money'
import { orderLinesWithColor, storeExtraFields } from './order-queries'
import { extraFieldsOf, toAddressData, toLineData, toOrderData } from './order-views'
import { sumTenders } from '@/isomorphic/refund-rules'

// orderDetail (issue 15): the console's order page — everything about the order but its work
// orders and shipments (fulfilment answers those): header and states, customer, addresses, lines
// with their designs, totals, payments, the approval, refunds and the whole timeline. For staff
// with 'orders.read' on the order's store; any other store's order is the same 404 as none.

export async function orderDetail(ctx: CoreContext, { orderId }: { orderId: number }): Promise<AdminOrderDetail> {
  const db = await getDb()
  const { member } = await staffOrder(db, ctx, orderId, 'orders.read')
  // store-scope: staffOrder above answered 404 unless the member may act on the order store
  const [found] = await db
    .select({ order: orders, store: { id: websites.id, name: websites.name, currency: websites.currency }, method: { id: paymentMethods.id, name: paymentMethods.name, provider: paymentMethods.provider } })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.id, orderId))
  if (!found) throw notFound('Order', orderId)
  const { order, store, method } = found

  const [lines, fields, money, refunds, timeline, cardPayments, approver] = await Promise.all([
    orderLinesWithColor(db, [order.id]),
    storeExtraFields(db, order.websiteId),
    moneyOf(db, order),
    refundViews(db, { orderId: order.id }),
    orderTimeline(db, order.id, 'console'),
    // store-scope: staffOrder above answered 404 unless the member may act on the order store
    db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).orderBy(asc(paymentTransactions.id)),
    // store-scope: staffOrder above answered 404 unless the member may act on the order store
    order.approvalDecidedBy === null ? Promise.resolve([]) : db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, order.approvalDecidedBy)),
  ])
  const refundedPieces = new Map<number, number>()
  for (const refund of refunds) for (const line of refund.lines) refundedPieces.set(line.orderLineId, (refundedPieces.get(line.orderLineId) ?? 0) + line.quantity)
  const amounts = toOrderData(order).amounts
  const paid = sumTenders(money.taken)
  const refundable = sumTenders(leftOf(money))
  const offlineMethod = method?.id ? OFFLINE_PROVIDERS.includes(method.provider) : false
  const facts: OrderFacts = { ...order, provider: method?.id ? method.provider : null }

  return {
    id: order.id,
    reference: order.name,
    kind: order.kind,
    store,
    createdAt: order.createdAt.toISOString(),
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    state: order.state,
    approvalState: order.approvalState,
    paymentState: order.paymentState,
    fulfilmentState: order.fulfilmentState,
    customer: { partnerId: order.partnerId, name: order.partnerName, email: order.partnerEmail, guest: order.partnerId === null },
    billingAddress: toAddressData(order.billingAddress),
    shippingAddress: order.shippingAddress ? toAddressData(order.shippingAddress) : null,
    deliveryMethod: order.deliveryMethodName,
    inHandsDate: order.inHandsDate ?? null,
    paymentMethod: method?.id ? { id: method.id, name: method.name, provider: method.provider, offline: offlineMethod } : null,
    purchaseOrderNumber: order.purchaseOrderNumber ?? null,
    promoCode: order.promoCode,
    orderForResale: order.orderForResale,
    extraFields: extraFieldsOf(order.extraFields, fields),
    orderOptions: order.orderOptions.map((option) => ({ name: option.name, label: option.label, price: fromCents(option.price) })),
    lines: lines.map((line) => ({ ...toLineData(line), refundedQuantity: refundedPieces.get(line.id) ?? 0 })),
    totals: { ...amounts, paid: fromCents(paid), refunded: fromCents(order.amountRefunded), refundable: fromCents(refundable) },
    payments: {
      card: cardPayments.map((payment) => ({
        id: payment.id,
        state: payment.state,
        amount: fromCents(payment.amount),
        currency: payment.currency,
        providerReference: payment.providerReference,
        providerPaymentId: payment.providerPaymentId,
        createdAt: payment.createdAt.toISOString(),
      })),
      offline: order.paidAt ? { reference: order.paymentReference, paidAt: order.paidAt.toISOString() } : null,
      taken: tendersInDollars(money.taken),
      refunded: tendersInDollars(money.refunded),
    },
    approval: { state: order.approvalState, decidedAt: order.approvalDecidedAt?.toISOString() ?? null, decidedBy: approver[0] ?? null, note: order.approvalNote },
    refunds,
    timeline,
    actions: {
      markPaid: staffMay(member, 'orders.payments') && order.paidAt === null && orderMay('markPaid', facts),
      cancel: staffMay(member, 'orders.cancel') && orderMay('cancel', facts),
      refund: staffMay(member, 'orders.refund') && refundable > 0 && orderMay('refund', facts),
    },
  }
}
