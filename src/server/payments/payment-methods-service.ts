import { and, asc, eq } from 'drizzle-orm'
import type { PaymentAcquirer } from '@/shared/query-types'
import { getDb } from '../db/client'
import { paymentMethods } from '../db/schema'

/** The active payment acquirers, in display order. */
export async function listPaymentMethods({ websiteId }: { websiteId: number }): Promise<PaymentAcquirer[]> {
  const db = await getDb()
  return db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      provider: paymentMethods.provider,
      instructions: paymentMethods.instructions,
    })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.websiteId, websiteId), eq(paymentMethods.isActive, true)))
    .orderBy(asc(paymentMethods.sequence), asc(paymentMethods.id))
}
