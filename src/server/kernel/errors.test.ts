import { describe, expect, test, vi } from 'vitest'
import { DomainError } from './errors'

describe('DomainError', () => {
  test('is recognised when another copy of the module made it (Next bundles the core more than once)', async () => {
    vi.resetModules()
    const { DomainError: OtherCopy } = await import('./errors')
    expect(OtherCopy).not.toBe(DomainError)
    const error = new OtherCopy('unavailable', 'counters unreachable', 'Sign-in is unavailable for a moment. Please try again in a minute.')
    expect(error instanceof DomainError).toBe(true)
    expect(new DomainError('invalid', 'x') instanceof OtherCopy).toBe(true)
  })

  test('a subclass still recognises only its own instances', () => {
    class ProviderDown extends DomainError {}
    expect(new ProviderDown('unavailable', 'down') instanceof ProviderDown).toBe(true)
    expect(new ProviderDown('unavailable', 'down') instanceof DomainError).toBe(true)
    expect(new DomainError('invalid', 'x') instanceof ProviderDown).toBe(false)
  })

  test('is not confused with other errors', () => {
    expect(new Error('x') instanceof DomainError).toBe(false)
    expect({ name: 'DomainError', code: 'invalid' } instanceof DomainError).toBe(false)
    expect((null as unknown as object) instanceof DomainError).toBe(false)
  })
})
