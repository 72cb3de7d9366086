import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import {
  acceptWorkOrder,
  listVisibleWorkOrders,
  markOrderDelivered,
  orderWorkOrders,
  reportWorkOrderProblem,
  resolveWorkOrderProblem,
  shipWorkOrder,
  startWorkOrderProduction,
  workOrderView,
} from './work-order-admin'

// The work orders' keys of the console API (issue 15); the rules are in work-order-admin.ts.

export const WORK_ORDER_ADMIN_QUERIES = {
  workOrders: defineAdminQuery('workOrders', (value, ctx) => listVisibleWorkOrders(ctx, value)),
  workOrder: defineAdminQuery('workOrder', (value, ctx) => workOrderView(ctx, value)),
  orderWorkOrders: defineAdminQuery('orderWorkOrders', (value, ctx) => orderWorkOrders(ctx, value)),
}

export const WORK_ORDER_ADMIN_MUTATIONS = {
  acceptWorkOrder: defineAdminMutation('acceptWorkOrder', { handler: (value, ctx) => acceptWorkOrder(ctx, value) }),
  startWorkOrderProduction: defineAdminMutation('startWorkOrderProduction', { handler: (value, ctx) => startWorkOrderProduction(ctx, value) }),
  reportWorkOrderProblem: defineAdminMutation('reportWorkOrderProblem', { handler: (value, ctx) => reportWorkOrderProblem(ctx, value) }),
  resolveWorkOrderProblem: defineAdminMutation('resolveWorkOrderProblem', { handler: (value, ctx) => resolveWorkOrderProblem(ctx, value) }),
  shipWorkOrder: defineAdminMutation('shipWorkOrder', { handler: (value, ctx) => shipWorkOrder(ctx, value) }),
  markOrderDelivered: defineAdminMutation('markOrderDelivered', { handler: (value, ctx) => markOrderDelivered(ctx, value) }),
}
