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

/**
 * runOnce from a mounting effect: the outcome is handed on only while the component is still
 * mounted (a remount gets the same promise and hands it on itself). Returns the effect's cleanup.
 */
export function runOnceWhileMounted<T>(
  key: string,
  work: () => Promise<T>,
  onDone: (result: T) => void,
  onFailure: (error: unknown) => void,
): () => void {
  let current = true
  runOnce(key, work).then(
    (result) => {
      if (current) onDone(result)
    },
    (error: unknown) => {
      if (current) onFailure(error)
    },
  )
  return () => {
    current = false
  }
}
