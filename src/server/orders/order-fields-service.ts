import { asc, eq } from 'drizzle-orm'
import type { OrderExtraField, OrderOption } from '@/isomorphic/contract/queries'
import { getDb } from '../db/client'
import { orderOptions } from '../db/schema'
import { fromCents } from '../kernel/money'
import { readExtraFields } from '../checkout/order-extra-fields'

/** The extra fields the checkout asks for (PO number, department …), in display order. */
export async function listOrderExtraFields({ websiteId }: { websiteId: number }): Promise<OrderExtraField[]> {
  return readExtraFields(await getDb(), websiteId)
}

/** The paid options the checkout offers (getOrderOptions), in display order. */
export async function listOrderOptions({ websiteId }: { websiteId: number }): Promise<OrderOption[]> {
  const db = await getDb()
  const rows = await db
    .select({ id: orderOptions.id, name: orderOptions.name, label: orderOptions.label, priceAmount: orderOptions.priceAmount })
    .from(orderOptions)
    .where(eq(orderOptions.websiteId, websiteId))
    .orderBy(asc(orderOptions.sequence), asc(orderOptions.id))
  return rows.map(({ priceAmount, ...option }) => ({ ...option, price: fromCents(priceAmount) }))
}
