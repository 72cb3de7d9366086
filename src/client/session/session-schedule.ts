import { setLongTimeout } from '../timers'

/** Spec 9: the expiry popup shows 5 minutes before the session ends. */
export const EXPIRY_WARNING_MS = 5 * 60 * 1000

export type SessionPlan = {
  /** Milliseconds until the expiry popup shows; 0: show it at once. */
  warnInMs: number
  /** Milliseconds until the session ends and logout runs; 0: it has ended. */
  expireInMs: number
}

/**
 * Spec 4: with more than 5 minutes left the popup shows when 5 minutes remain; with 5 minutes or
 * less it shows at once. A missing or malformed expiry counts as already expired.
 */
export function planSession(expiresAtSeconds: number, nowMs: number): SessionPlan {
  const left = Number.isFinite(expiresAtSeconds) ? expiresAtSeconds * 1000 - nowMs : 0
  const expireInMs = Math.max(0, left)
  return { warnInMs: Math.max(0, expireInMs - EXPIRY_WARNING_MS), expireInMs }
}

export type SessionWatcher = {
  /** Watches a session ending at expiresAtSeconds, replacing any session watched before. */
  start: (expiresAtSeconds: number) => void
  stop: () => void
  isRunning: () => boolean
}

export type SessionWatcherHandlers = {
  /** The session has 5 minutes or less left: show the expiry popup. */
  onWarn: () => void
  /** The session has ended: log out. */
  onExpire: () => void
  now?: () => number
}

/**
 * The session-expiry watcher of spec 4. Timers wait in chunks of at most 2147483647 ms
 * (setLongTimeout), so sessions of any length end on time. A session that has already ended
 * goes straight to onExpire (on the next tick) without a warning first.
 */
export function createSessionWatcher({ onWarn, onExpire, now = Date.now }: SessionWatcherHandlers): SessionWatcher {
  let cancels: (() => void)[] = []

  const stop = () => {
    for (const cancel of cancels) cancel()
    cancels = []
  }

  return {
    start(expiresAtSeconds) {
      stop()
      const plan = planSession(expiresAtSeconds, now())
      cancels.push(
        setLongTimeout(() => {
          cancels = []
          onExpire()
        }, plan.expireInMs),
      )
      if (plan.expireInMs === 0) return
      if (plan.warnInMs === 0) onWarn()
      else cancels.push(setLongTimeout(onWarn, plan.warnInMs))
    },
    stop,
    isRunning: () => cancels.length > 0,
  }
}
