import { defineAdminQuery } from '../kernel/admin-definition'
import { orderDashboard } from './order-dashboard'
import { listAdminOrders } from './order-list'

// The console's order list and dashboard keys (contract: src/isomorphic/contract/admin-orders-list.ts).
export const ORDERS_LIST_ADMIN_QUERIES = {
  orders: defineAdminQuery('orders', (view, ctx) => listAdminOrders(ctx, view)),
  dashboard: defineAdminQuery('dashboard', ({ websiteId }, ctx) => orderDashboard(ctx, { websiteId })),
}
