/** The longest slice of work at a time: a keystroke arriving during one waits at most this long. */
const SLICE_MS = 5
/** A page that paints nothing may have no idle period for a long time (headless Chromium has none): a slice still runs this often. */
const AT_LEAST_EVERY_MS = 100

/**
 * Runs `work` while the browser is idle, in slices of at most 5 ms, until it answers true (done).
 * `work` does some, asks `hasTime()` now and then, and answers false to be called again in the
 * next idle moment. Returns a function that stops it. Without requestIdleCallback (Safari before
 * 18), slices run from timers.
 */
export function whenIdle(work: (hasTime: () => boolean) => boolean): () => void {
  const idle = typeof window.requestIdleCallback === 'function'
  let handle: number | undefined
  let stopped = false
  const step = (deadline?: IdleDeadline) => {
    if (stopped) return
    const until = performance.now() + SLICE_MS
    const hasTime = () => performance.now() < until && (!deadline || deadline.didTimeout || deadline.timeRemaining() > 1)
    if (!work(hasTime)) schedule()
  }
  const schedule = () => {
    handle = idle ? window.requestIdleCallback(step, { timeout: AT_LEAST_EVERY_MS }) : window.setTimeout(step, 50)
  }
  schedule()
  return () => {
    stopped = true
    if (handle === undefined) return
    if (idle) window.cancelIdleCallback(handle)
    else window.clearTimeout(handle)
  }
}
