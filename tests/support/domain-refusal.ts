import { expect } from 'vitest'
import { DomainError } from '../../src/server/kernel/errors'

/** The DomainError a call is refused with; fails the test when the call succeeds or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}
