import type { CoreContext } from '../kernel/context'
import { staffMay } from '../kernel/permissions'

// Who may see a store's uploads (stores/{websiteId}/uploads/…, decision 026) from outside that store's
// own addresses: the console's people, who open a shopper's artwork from a work order or an order.
// Staff who may read that store's orders, and decoration partners' members (they decorate for the
// stores; the work orders they are shown name the artwork). Shoppers of another store: nobody.

/** True when the console user behind `ctx` may see the uploads of store `websiteId`. */
export async function consoleMaySeeUploadsOf(ctx: CoreContext, websiteId: number): Promise<boolean> {
  const actor = await ctx.actor().catch(() => null)
  if (actor?.kind === 'staff') return staffMay(actor, 'orders.read', websiteId)
  return actor?.kind === 'decorationPartner'
}
