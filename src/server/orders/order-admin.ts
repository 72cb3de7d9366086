import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import { getDb } from '../db/client'
import { inBackground } from '../mail/background-mail'
import { cancelOrder } from './cancel-order'
import { markOrderPaid } from './mark-order-paid'
import { orderDetail } from './order-detail-admin'
import { sendOrderCancelledMail, sendOrderRefundedMail } from './order-money-mails'
import { refundOrder } from './refund-order'

// The console's order keys (issue 15, contract in src/isomorphic/contract/admin-orders.ts). Each use
// case authorizes first (requireStaff in the core) and writes in one transaction with its audit
// row; the shopper's mails go after the commit, once, from the call that made the change.

export const ORDER_ADMIN_QUERIES = {
  /** The console's order page, but its work orders and shipments ('orders.read'). */
  orderDetail: defineAdminQuery('orderDetail', (value, ctx) => orderDetail(ctx, value)),
}

export const ORDER_ADMIN_MUTATIONS = {
  /** An offline payment (purchase order, invoice, wire) received, with its reference ('orders.payments'). */
  markOrderPaid: defineAdminMutation('markOrderPaid', { handler: (value, ctx) => markOrderPaid(ctx, value) }),
  /** Cancels an order before it ships, giving everything back ('orders.cancel'); a promotion use may come back. */
  cancelOrder: defineAdminMutation('cancelOrder', {
    invalidates: ['Promotions'],
    handler: (value, ctx) =>
      cancelOrder(ctx, value, {
        afterCancel: (outcome) => inBackground('order cancelled mail', async () => sendOrderCancelledMail(await getDb(), outcome)),
      }),
  }),
  /** Refunds lines or an amount, back the way the money came ('orders.refund'). */
  refundOrder: defineAdminMutation('refundOrder', {
    handler: (value, ctx) =>
      refundOrder(ctx, value, {
        afterRefund: (refund) => inBackground('order refunded mail', async () => sendOrderRefundedMail(await getDb(), { refundId: refund.id })),
      }),
  }),
}
