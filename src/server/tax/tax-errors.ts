import { DomainError } from '../kernel/errors'

// How tax calculation fails (spec 8: 'There is some error in tax calculation' or the tax
// service's own message). The adapters throw TaxServiceError with what went wrong; the tax
// service turns it into the one DomainError the routes answer with. A failure is never a tax of 0
// (security.md 4.12).

export const TAX_CALCULATION_FAILED = 'There is some error in tax calculation'

export type TaxFailureKind =
  /** The store's tax credential lacks what the call needs (URL, key, token). */
  | 'not_configured'
  /** Connection refused, DNS, reset … */
  | 'unreachable'
  | 'timeout'
  /** A status the contract does not explain (5xx, 401/403 of our own credential, 3xx …). */
  | 'bad_status'
  /** A body that is not the contract's shape (HTML error page, broken JSON, missing fields). */
  | 'malformed'
  /** The service understood the request and refused it (bad address, success:false …). */
  | 'rejected'

export class TaxServiceError extends Error {
  override readonly name = 'TaxServiceError'
  constructor(
    readonly kind: TaxFailureKind,
    /** For the log only: never contains credentials. */
    message: string,
    /** The service's own words for the shopper, when it sent any (already cleaned). */
    readonly serviceMessage: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

/** A message from an outside service made safe to show: plain visible text, bounded length. */
export function cleanServiceMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (clean === '') return null
  return clean.length > 300 ? `${clean.slice(0, 297)}...` : clean
}

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
