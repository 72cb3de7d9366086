import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { taxRates } from '../db/schema'
import type { PostalAddress, TaxResult } from '../kernel/pricing-types'
import type { Cents } from '../kernel/money'
import { cutZip } from '../adapters/tax-http'
import { taxAtRate } from './tax-math'

// The built-in tax table (tax_rates): a rate per country and state, optionally narrowed by a ZIP
// prefix, so the demo store computes tax with no outside service. The destination ZIP is cut to 5
// characters (spec 5, 9); among the rates of its state, the one with the longest prefix the ZIP
// starts with wins (the state-wide rate has the empty prefix).

export type TaxRate = {
  countryCode: string
  stateCode: string
  zipPrefix: string
  ratePercent: number
  shippingTaxable: boolean
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase()

/** The rate that applies to the destination, or null when the table has none for its region. */
export function pickTaxRate(rates: readonly TaxRate[], destination: Pick<PostalAddress, 'countryCode' | 'stateCode' | 'zip'>): TaxRate | null {
  const zip = cutZip(destination.zip).toUpperCase()
  let best: TaxRate | null = null
  for (const rate of rates) {
    if (!same(rate.countryCode, destination.countryCode) || !same(rate.stateCode, destination.stateCode)) continue
    const prefix = rate.zipPrefix.trim().toUpperCase()
    if (!zip.startsWith(prefix)) continue
    if (!best || prefix.length > best.zipPrefix.trim().length) best = rate
  }
  return best
}

/** A rate row as the built-in tax and the store import read it. */
export const TAX_RATE_COLUMNS = {
  countryCode: taxRates.countryCode,
  stateCode: taxRates.stateCode,
  zipPrefix: taxRates.zipPrefix,
  ratePercent: taxRates.ratePercent,
  shippingTaxable: taxRates.shippingTaxable,
}

export async function computeBuiltinTax(
  db: Executor,
  { websiteId, productsAmount, shipping, destination }: { websiteId: number; productsAmount: Cents; shipping: Cents; destination: PostalAddress },
): Promise<TaxResult> {
  const rates = await prepared(db, 'tax_rates_of_country', () =>
    db
      .select(TAX_RATE_COLUMNS)
      .from(taxRates)
      .where(and(eq(taxRates.websiteId, sql.placeholder('websiteId')), eq(taxRates.countryCode, sql.placeholder('countryCode')))),
  ).execute({ websiteId, countryCode: destination.countryCode.trim().toUpperCase() })
  const rate = pickTaxRate(rates, destination)
  // No rate for the region: the store does not collect sales tax there (it has no nexus in that
  // state), so the tax is a real 0, not a failure. The table is the store's own statement of where
  // it collects; a failure of an outside tax service never ends up here.
  if (!rate) return { amount: 0, shippingAmount: 0, source: 'builtin' }
  return { ...taxAtRate({ productsAmount, shipping, ratePercent: rate.ratePercent, shippingTaxable: rate.shippingTaxable }), source: 'builtin' }
}
