import { asc, eq } from 'drizzle-orm'
import type { OrderExtraField } from '@/shared/query-types'
import { getDb } from '../db/client'
import { orderExtraFields } from '../db/schema'

/** The extra fields the checkout asks for (PO number, department …), in display order. */
export async function listOrderExtraFields({ websiteId }: { websiteId: number }): Promise<OrderExtraField[]> {
  const db = await getDb()
  return db
    .select({
      id: orderExtraFields.id,
      name: orderExtraFields.name,
      label: orderExtraFields.label,
      fieldType: orderExtraFields.fieldType,
      isRequired: orderExtraFields.isRequired,
      options: orderExtraFields.options,
      placeholder: orderExtraFields.placeholder,
      sequence: orderExtraFields.sequence,
    })
    .from(orderExtraFields)
    .where(eq(orderExtraFields.websiteId, websiteId))
    .orderBy(asc(orderExtraFields.sequence), asc(orderExtraFields.id))
}
