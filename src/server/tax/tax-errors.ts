import type { TaxServiceError } from '../adapters/tax-http'
import { DomainError } from '../kernel/errors'

// How tax calculation fails (spec 8: 'There is some error in tax calculation' or the tax
// service's own message). The adapters throw TaxServiceError with what went wrong; the tax
// service turns it into the one DomainError (taxDomainError) the routes answer with. A failure is never a tax of 0
// (security.md 4.12).

export const TAX_CALCULATION_FAILED = 'There is some error in tax calculation'

/**
 * The core's error for a failed tax call: a refusal the shopper can act on (the service's message,
 * e.g. an address it cannot place) is `invalid`; everything else is `unavailable` with the spec's
 * sentence, so the shopper retries.
 */
export function taxDomainError(error: TaxServiceError): TaxCalculationError {
  if (error.kind === 'rejected') {
    return new TaxCalculationError('invalid', `tax service refused: ${error.message}`, error.serviceMessage ?? TAX_CALCULATION_FAILED)
  }
  return new TaxCalculationError('unavailable', `tax service failed (${error.kind}): ${error.message}`, TAX_CALCULATION_FAILED)
}

/** A tax calculation that failed: callers that show an estimate say "tax unknown" instead of failing. */
export class TaxCalculationError extends DomainError {}
