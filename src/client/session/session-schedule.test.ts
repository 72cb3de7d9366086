import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { MAX_TIMEOUT_MS } from '../timers'
import { createSessionWatcher, EXPIRY_WARNING_MS, planSession } from './session-schedule'

const MINUTE = 60_000
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0)
const inSeconds = (ms: number) => (NOW + ms) / 1000

describe('planning a session', () => {
  test('with more than 5 minutes left, warns when 5 minutes remain and ends at expiry', () => {
    expect(planSession(inSeconds(60 * MINUTE), NOW)).toEqual({ warnInMs: 55 * MINUTE, expireInMs: 60 * MINUTE })
  })

  test('with 5 minutes or less left, warns at once', () => {
    expect(planSession(inSeconds(5 * MINUTE), NOW)).toEqual({ warnInMs: 0, expireInMs: 5 * MINUTE })
    expect(planSession(inSeconds(90_000), NOW)).toEqual({ warnInMs: 0, expireInMs: 90_000 })
  })

  test('a session past its expiry, or without a usable one, has ended', () => {
    expect(planSession(inSeconds(-MINUTE), NOW)).toEqual({ warnInMs: 0, expireInMs: 0 })
    expect(planSession(Number.NaN, NOW)).toEqual({ warnInMs: 0, expireInMs: 0 })
  })
})

describe('the session expiry watcher', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function watcher() {
    const onWarn = vi.fn()
    const onExpire = vi.fn()
    return { onWarn, onExpire, watcher: createSessionWatcher({ onWarn, onExpire }) }
  }

  test('shows the popup when 5 minutes remain and logs out at expiry', () => {
    const { onWarn, onExpire, watcher: sessions } = watcher()
    sessions.start(inSeconds(60 * MINUTE))
    vi.advanceTimersByTime(55 * MINUTE - 1)
    expect(onWarn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onExpire).not.toHaveBeenCalled()
    vi.advanceTimersByTime(EXPIRY_WARNING_MS - 1)
    expect(onExpire).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onExpire).toHaveBeenCalledTimes(1)
    expect(sessions.isRunning()).toBe(false)
  })

  test('shows the popup at once when 5 minutes or less remain', () => {
    const { onWarn, onExpire, watcher: sessions } = watcher()
    sessions.start(inSeconds(3 * MINUTE))
    expect(onWarn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3 * MINUTE)
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onExpire).toHaveBeenCalledTimes(1)
  })

  test('a session that has already ended logs out on the next tick without a warning', () => {
    const { onWarn, onExpire, watcher: sessions } = watcher()
    sessions.start(inSeconds(-10 * MINUTE))
    expect(onExpire).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(onExpire).toHaveBeenCalledTimes(1)
    expect(onWarn).not.toHaveBeenCalled()
  })

  test('starting again from a new token replaces the old schedule', () => {
    const { onWarn, onExpire, watcher: sessions } = watcher()
    sessions.start(inSeconds(10 * MINUTE))
    vi.advanceTimersByTime(5 * MINUTE)
    expect(onWarn).toHaveBeenCalledTimes(1)
    sessions.start(inSeconds(5 * MINUTE + 60 * MINUTE))
    vi.advanceTimersByTime(10 * MINUTE)
    expect(onExpire).not.toHaveBeenCalled()
    expect(onWarn).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(50 * MINUTE)
    expect(onWarn).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5 * MINUTE)
    expect(onExpire).toHaveBeenCalledTimes(1)
  })

  test('a stopped watcher neither warns nor logs out', () => {
    const { onWarn, onExpire, watcher: sessions } = watcher()
    sessions.start(inSeconds(30 * MINUTE))
    expect(sessions.isRunning()).toBe(true)
    sessions.stop()
    expect(sessions.isRunning()).toBe(false)
    vi.advanceTimersByTime(60 * MINUTE)
    expect(onWarn).not.toHaveBeenCalled()
    expect(onExpire).not.toHaveBeenCalled()
  })

  test('a session longer than the timer limit still ends on time, in chunks of at most 2147483647 ms', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const { onWarn, onExpire, watcher: sessions } = watcher()
    const length = 2 * MAX_TIMEOUT_MS + 10 * MINUTE
    sessions.start(inSeconds(length))
    vi.advanceTimersByTime(length - EXPIRY_WARNING_MS)
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onExpire).not.toHaveBeenCalled()
    vi.advanceTimersByTime(EXPIRY_WARNING_MS)
    expect(onExpire).toHaveBeenCalledTimes(1)
    expect(Math.max(...setTimeoutSpy.mock.calls.map(([, delay]) => delay ?? 0))).toBeLessThanOrEqual(MAX_TIMEOUT_MS)
    setTimeoutSpy.mockRestore()
  })
})
