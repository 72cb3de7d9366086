/** The longest delay setTimeout honours (2^31 - 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647

/** Spec 9: how long a route change takes to settle (the new page's title is set by then). */
export const ROUTE_SETTLE_DELAY_MS = 100

/**
 * Like setTimeout, for delays of any length: waits in chunks of at most MAX_TIMEOUT_MS and checks the
 * clock after each, so a delay past a timer's limit (a long-lived session) still fires on time. A
 * negative or NaN delay fires on the next tick; an infinite one never fires. Returns a canceller.
 */
export function setLongTimeout(callback: () => void, ms: number): () => void {
  if (ms === Infinity) return () => undefined
  const deadline = Date.now() + (Number.isNaN(ms) ? 0 : Math.max(0, ms))
  let timer: ReturnType<typeof setTimeout>

  const wait = () => {
    const left = deadline - Date.now()
    if (left <= 0) callback()
    else timer = setTimeout(wait, Math.min(left, MAX_TIMEOUT_MS))
  }
  timer = setTimeout(wait, Math.min(Math.max(0, deadline - Date.now()), MAX_TIMEOUT_MS))

  return () => clearTimeout(timer)
}
