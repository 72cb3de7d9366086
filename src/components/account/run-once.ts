// React runs a mounting effect twice in development (Strict Mode) and may remount a page; a
// single-use link (sign-up confirmation, SSO code) must still be sent only once per page load.
const started = new Map<string, Promise<unknown>>()

/** Starts work for key the first time it is asked, and hands back the same promise afterwards. */
export function runOnce<T>(key: string, work: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined
  if (!promise) {
    promise = work()
    started.set(key, promise)
  }
  return promise
}
