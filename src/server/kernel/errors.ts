export type DomainErrorCode =
  | 'invalid'
  | 'not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'

// Next bundles this module into more than one module graph (instrumentation, routes), each with its
// own copy of the class: an error made in one (the shared rate limiter, created at start) must still
// be recognised in another, so `instanceof` checks a brand rather than the class object.
const BRAND = Symbol.for('webstore.DomainError')

/**
 * The one error type of the core. `message` is for logs; `userMessage` is safe to show; `data`, when
 * set, is what the client needs to recover (createOrder's 409 carries the new order summary).
 */
export class DomainError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    // Subclasses (SsoProviderUnavailable …) keep the ordinary check.
    if (this !== DomainError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true
  }

  override readonly name = 'DomainError'
  readonly [BRAND] = true
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly userMessage: string = message,
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export const notFound = (what: string, id: string | number) =>
  new DomainError('not_found', `${what} ${id} not found`, `${what} not found`)

export const invalid = (message: string) => new DomainError('invalid', message)
