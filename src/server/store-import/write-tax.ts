import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { taxCredentials, taxRates } from '../db/schema'
import { TAX_RATE_COLUMNS } from '../tax/builtin-tax'
import type { StoreFile } from './store-file-schema'
import { removeRows, scale, sync, type Tally } from './sync-rows'

// The store file's `tax`: the tax service's credentials and the flat rates.

export async function writeTax(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const [existing] = await tx.select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
  const tax = file.tax
  if (!tax) {
    if (existing) {
      // store-scope: ids come from the rows this import read with its websiteId
      await tx.delete(taxCredentials).where(eq(taxCredentials.id, existing.id))
      tally.add('taxCredentials', 'removed')
    }
  } else {
    await sync({
      tally,
      entity: 'taxCredentials',
      existing: existing ? [existing] : [],
      desired: [
        {
          taxname: tax.taxname,
          url: tax.url ?? null,
          key: tax.key ?? null,
          token: tax.token ?? null,
          documentrecording: tax.documentrecording,
          companycode: tax.companycode,
          customercode: tax.customercode ?? null,
        },
      ],
      keyOf: () => 'tax',
      insert: async (rows) =>
        (await tx.insert(taxCredentials).values(rows.map((row) => ({ websiteId, ...row }))).returning({ id: taxCredentials.id })).map((row) => ({
          id: row.id,
          key: 'tax',
        })),
      // store-scope: ids come from the rows this import read with its websiteId
      update: (id, values) => tx.update(taxCredentials).set(values).where(eq(taxCredentials.id, id)),
    })
  }

  const existingRates = await tx
    .select({ id: taxRates.id, ...TAX_RATE_COLUMNS })
    .from(taxRates)
    .where(eq(taxRates.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'taxRates',
    existing: existingRates,
    desired: (tax?.rates ?? []).map((rate) => ({
      countryCode: rate.country,
      stateCode: rate.state,
      zipPrefix: rate.zipPrefix,
      ratePercent: scale(rate.ratePercent, 4),
      shippingTaxable: rate.shippingTaxable,
    })),
    keyOf: (row) => `${row.countryCode}/${row.stateCode}/${row.zipPrefix}`,
    insert: async (rows) =>
      (
        await tx
          .insert(taxRates)
          .values(rows.map((row) => ({ websiteId, ...row })))
          .returning({ id: taxRates.id, countryCode: taxRates.countryCode, stateCode: taxRates.stateCode, zipPrefix: taxRates.zipPrefix })
      ).map((row) => ({ id: row.id, key: `${row.countryCode}/${row.stateCode}/${row.zipPrefix}` })),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(taxRates).set(values).where(eq(taxRates.id, id)),
  })
  await removeRows(tx, tally, 'taxRates', taxRates, leftover)
}
