import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { MAX_TIMEOUT_MS, setLongTimeout } from './timers'

describe('setLongTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('fires after a short delay like setTimeout', () => {
    const fired = vi.fn()
    setLongTimeout(fired, 1_000)
    vi.advanceTimersByTime(999)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fired).toHaveBeenCalledTimes(1)
  })

  test('never hands setTimeout more than 2147483647 ms', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    setLongTimeout(() => undefined, MAX_TIMEOUT_MS * 2 + 5)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS * 2 + 5)
    const delays = setTimeoutSpy.mock.calls.map(([, delay]) => delay ?? 0)
    expect(delays).toEqual([MAX_TIMEOUT_MS, MAX_TIMEOUT_MS, 5])
    setTimeoutSpy.mockRestore()
  })

  test('fires a delay longer than the timer limit once, exactly when it is due', () => {
    const fired = vi.fn()
    const delay = MAX_TIMEOUT_MS + 60_000
    setLongTimeout(fired, delay)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(59_999)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fired).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS * 3)
    expect(fired).toHaveBeenCalledTimes(1)
  })

  test('waits out the remaining time when the clock has moved less than a chunk', () => {
    const fired = vi.fn()
    setLongTimeout(fired, MAX_TIMEOUT_MS + 10)
    vi.setSystemTime(Date.now() - 1_000)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS + 10)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_000)
    expect(fired).toHaveBeenCalledTimes(1)
  })

  test('cancelling stops it in any chunk', () => {
    const fired = vi.fn()
    const cancel = setLongTimeout(fired, MAX_TIMEOUT_MS * 3)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS + 1)
    cancel()
    vi.advanceTimersByTime(MAX_TIMEOUT_MS * 3)
    expect(fired).not.toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('a negative or NaN delay fires on the next tick and an infinite one never', () => {
    const negative = vi.fn()
    const notANumber = vi.fn()
    const infinite = vi.fn()
    setLongTimeout(negative, -5)
    setLongTimeout(notANumber, Number.NaN)
    setLongTimeout(infinite, Infinity)
    vi.advanceTimersByTime(0)
    expect(negative).toHaveBeenCalledTimes(1)
    expect(notANumber).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(MAX_TIMEOUT_MS * 10)
    expect(infinite).not.toHaveBeenCalled()
  })
})
