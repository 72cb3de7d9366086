import { eq, inArray } from 'drizzle-orm'
import { arrivalWindow, type DaySpan, type DayWindow, slowestLeadTime } from '@/isomorphic/business-days'
import type { Executor } from '../db/client'
import { products, websites } from '../db/schema'

// Production lead times (issue 17): the store's, which a product may override. A cart or an order
// is made when its slowest product is, so its lead time is the longest of its products'.

/** The store's lead time, or null when it states none. */
export async function storeLeadTime(db: Executor, websiteId: number): Promise<DaySpan | null> {
  const [row] = await db.select({ leadTime: websites.leadTime }).from(websites).where(eq(websites.id, websiteId))
  return row?.leadTime ?? null
}

/** The lead time of these products of the store together (each its own, else the store's); null when none is known. */
export async function leadTimeOfProducts(db: Executor, websiteId: number, productIds: readonly number[]): Promise<DaySpan | null> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return null
  const store = await storeLeadTime(db, websiteId)
  // store-scope: rows of another store are dropped by the websiteId filter on the next line
  const rows = await db.select({ leadTime: products.leadTime, websiteId: products.websiteId }).from(products).where(inArray(products.id, ids))
  const spans = rows.filter((row) => row.websiteId === websiteId).map((row) => row.leadTime ?? store).filter((span): span is DaySpan => span !== null)
  return slowestLeadTime(spans)
}

/** When the order arrives with this method: production then transit; null when the lead time or the transit is not known. */
export function arrivalEstimate(today: string, leadTime: DaySpan | null, transit: DaySpan | null): DayWindow | null {
  if (!leadTime || !transit) return null
  return arrivalWindow(today, leadTime, transit)
}
