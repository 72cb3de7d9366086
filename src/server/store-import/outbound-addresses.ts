import { checkCarrierApiAddress } from '../adapters/carrier-http'
import { checkSsoIssuer } from '../adapters/oidc'
import { checkTaxServiceAddress } from '../adapters/tax-http'
import { DomainError } from '../kernel/errors'
import type { ReferenceIssue } from './store-file-error'
import type { StoreFile } from './store-file-schema'

// The addresses a store file makes the server call — the tax service, each carrier's API, the
// single sign-on issuer — held to the outbound policy (adapters/outbound.ts) before anything is
// written, each refusal at its line, as the console's own saves are.

export function outboundAddressIssues(file: Pick<StoreFile, 'tax' | 'deliveryMethods' | 'website'>): ReferenceIssue[] {
  const issues: ReferenceIssue[] = []
  const check = (at: (string | number)[], value: unknown, checker: (url: string) => string) => {
    if (typeof value !== 'string' || value === '') return
    try {
      checker(value)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      issues.push({ path: at, message: error.userMessage })
    }
  }
  check(['tax', 'url'], file.tax?.url, checkTaxServiceAddress)
  file.deliveryMethods.forEach((method, index) => check(['deliveryMethods', index, 'url'], method.url, checkCarrierApiAddress))
  check(['website', 'ssoConfig', 'issuer'], file.website.ssoConfig?.issuer, checkSsoIssuer)
  return issues
}
