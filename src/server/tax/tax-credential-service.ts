import { eq } from 'drizzle-orm'
import type { PublicTaxCredential } from '@/isomorphic/contract/queries'
import { getDb } from '../db/client'
import { taxCredentials } from '../db/schema'

/** A store without a tax credential uses the built-in tax table. */
const BUILTIN: PublicTaxCredential = { taxname: 'builtin', documentrecording: false, companycode: 'DEFAULT' }

/** Which tax service the store uses, without its URL, key or token (those stay on the server). */
export async function getPublicTaxCredential({ websiteId }: { websiteId: number }): Promise<PublicTaxCredential> {
  const db = await getDb()
  const [credential] = await db
    .select({
      taxname: taxCredentials.taxname,
      documentrecording: taxCredentials.documentrecording,
      companycode: taxCredentials.companycode,
    })
    .from(taxCredentials)
    .where(eq(taxCredentials.websiteId, websiteId))
  return credential ?? BUILTIN
}
