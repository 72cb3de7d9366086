import { eq, sql } from 'drizzle-orm'
import { createAvataxTransaction } from '../adapters/avatax'
import { fetchCustomTaxRates } from '../adapters/custom-tax'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { taxCredentials } from '../db/schema'
import type { PostalAddress, PricedLine, TaxResult } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import type { Cents } from '../kernel/money'
import { computeBuiltinTax } from './builtin-tax'
import type { ResaleExemption } from './resale-certificate'
import { cutZip, TaxServiceError } from '../adapters/tax-http'
import { TAX_CALCULATION_FAILED, taxDomainError } from './tax-errors'
import { taxAtRate } from './tax-math'

// The tax of an order (decision 010): on the priced lines plus the chosen shipping, to a
// destination, with the website's tax credential — the built-in table (also when the store has no
// credential), the store's custom tax service, or Avalara. Exempt for resale (a certificate the
// caller checked, resale-certificate.ts): Avalara is asked with the certificate (entity use code G
// and exemptionNo) and decides; the built-in table and a custom service charge no tax, without an
// outside call. A failing service throws (`unavailable`, or `invalid` with the service's message);
// it never turns into a tax of 0 (security.md 4.12).

export type ComputeTaxInput = {
  websiteId: number
  lines: readonly PricedLine[]
  shipping: Cents
  destination: PostalAddress
  /** The buyer's resale certificate, when the purchase is for resale (checked by resaleExemptionFor). */
  resaleExemption: ResaleExemption | null
  /** Who buys, for Avalara's customerCode (e.g. the partner's id); the credential's default otherwise. */
  customerCode?: string | null
}

/** Knobs for tests: the outside calls' timeout and the clock (Avalara's document date). */
export type TaxCallOptions = { timeoutMs?: number; now?: () => Date }

const GUEST_CUSTOMER_CODE = 'webstore-guest'

function assertCents(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0) throw new DomainError('invalid', `${what} is not whole non-negative cents: ${value}`, TAX_CALCULATION_FAILED)
}

export async function computeTax(db: Executor, input: ComputeTaxInput, options: TaxCallOptions = {}): Promise<TaxResult> {
  const { websiteId, lines, shipping, destination } = input
  assertCents(shipping, 'shipping')
  for (const line of lines) assertCents(line.amount, `line ${line.key}`)
  const exemption = input.resaleExemption

  const productsAmount = lines.reduce((sum, line) => sum + line.amount, 0)
  const [credential] = await prepared(db, 'tax_credential', () =>
    db.select().from(taxCredentials).where(eq(taxCredentials.websiteId, sql.placeholder('websiteId'))),
  ).execute({ websiteId })
  const taxname = credential?.taxname ?? 'builtin'
  if (exemption && taxname !== 'avatax') return { amount: 0, shippingAmount: 0, source: 'exempt' }

  try {
    if (!credential || taxname === 'builtin') return await computeBuiltinTax(db, { websiteId, productsAmount, shipping, destination })

    if (taxname === 'custom') {
      const zip = cutZip(destination.zip)
      const rates = await fetchCustomTaxRates({ url: credential.url, token: credential.token, timeoutMs: options.timeoutMs }, [
        { zip, street: destination.street, city: destination.city, state: destination.stateCode, country: destination.countryCode },
      ])
      const rate = rates.find((candidate) => candidate.zip === zip)
      if (!rate) throw new TaxServiceError('malformed', `custom tax service: no rate for the destination ZIP`)
      return { ...taxAtRate({ productsAmount, shipping, ratePercent: rate.tax_percentage, shippingTaxable: rate.ShippingTaxable }), source: 'custom' }
    }

    if (taxname === 'avatax') {
      const result = await createAvataxTransaction(
        {
          url: credential.url,
          accountId: credential.key,
          licenseKey: credential.token,
          companyCode: credential.companycode,
          timeoutMs: options.timeoutMs,
          now: options.now,
        },
        {
          customerCode: input.customerCode || credential.customercode || GUEST_CUSTOMER_CODE,
          destination,
          lines,
          shipping,
          exemption: exemption ? { exemptionNo: exemption.certificateNumber } : null,
        },
      )
      return { amount: result.totalTax, shippingAmount: result.shippingTax, source: 'avatax' }
    }

    throw new TaxServiceError('not_configured', `unknown tax service '${String(taxname)}'`)
  } catch (error) {
    if (!(error instanceof TaxServiceError)) throw error
    const log = { websiteId, taxname, kind: error.kind, status: error.status, reason: error.message }
    if (error.kind === 'rejected') logger().warn(log, 'tax calculation refused by the tax service')
    else logger().error(log, 'tax calculation failed')
    throw taxDomainError(error)
  }
}
