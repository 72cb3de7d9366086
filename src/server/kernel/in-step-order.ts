// Independent reads of one request run side by side (each round trip to the database costs the
// whole request its latency, P4), while the answer stays the one the steps would give one after
// another: when several fail, the error of the earliest step wins, whichever failed first.

type Settled<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> }

/** Awaits every step; rejects with the first step's error (by position) when any failed. */
export async function inStepOrder<const T extends readonly unknown[]>(steps: T): Promise<Settled<T>> {
  const outcomes = await Promise.allSettled(steps)
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as Settled<T>
}

/**
 * A step started ahead of the one that needs its result: awaited later, it rejects then, and an
 * earlier step's failure leaves its rejection handled rather than reported as unhandled.
 */
export function startEarly<T>(step: Promise<T>): Promise<T> {
  step.catch(() => {})
  return step
}
