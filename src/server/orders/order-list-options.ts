import { asc, inArray } from 'drizzle-orm'
import type { OrderListOptions } from '@/isomorphic/contract/admin-order-screens'
import { getDb } from '../db/client'
import { decorationPartners, websites } from '../db/schema'
import { defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { requireStaff, storeScope } from '../kernel/permissions'

/** The stores the member acts on and the decoration partners, for the order screens' selectors ('orders.read'). */
export async function orderListOptions(ctx: CoreContext): Promise<OrderListOptions> {
  const staff = await requireStaff(ctx, 'orders.read')
  const scope = storeScope(staff)
  const db = await getDb()
  const [stores, partners] = await Promise.all([
    scope && scope.length === 0
      ? []
      : db
          .select({ id: websites.id, name: websites.name, currency: websites.currency })
          .from(websites)
          .where(scope ? inArray(websites.id, [...scope]) : undefined)
          .orderBy(asc(websites.name), asc(websites.id)),
    db.select({ id: decorationPartners.id, name: decorationPartners.name }).from(decorationPartners).orderBy(asc(decorationPartners.name), asc(decorationPartners.id)),
  ])
  return { stores, decorationPartners: partners }
}

export const ORDER_SCREENS_ADMIN_QUERIES = {
  orderListOptions: defineAdminQuery('orderListOptions', (_value, ctx) => orderListOptions(ctx)),
}
