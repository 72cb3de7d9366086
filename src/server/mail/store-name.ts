import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { websites } from '../db/schema'

/** The name mails sign with: the website's name ('Webstores' if it has none, as the page title does). */
export async function storeName(db: Executor, websiteId: number): Promise<string> {
  const [website] = await prepared(db, 'store_name', () =>
    db.select({ name: websites.name }).from(websites).where(eq(websites.id, sql.placeholder('websiteId'))),
  ).execute({ websiteId })
  return website?.name.trim() || 'Webstores'
}
