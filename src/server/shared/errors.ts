export type DomainErrorCode =
  | 'invalid'
  | 'not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'

/**
 * The one error type of the core. `message` is for logs; `userMessage` is safe to show; `data`, when
 * set, is what the client needs to recover (createOrder's 409 carries the new order summary).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError'
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
