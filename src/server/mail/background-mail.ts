import { logger } from '../kernel/logger'

// Mail work the answer does not wait for. Sign-up and password reset must answer alike and in
// about the same time whether the address is known or not (security.md 4.8), so what differs —
// creating a link, talking to the SMTP server — happens after the answer. Failures are logged,
// never thrown at the caller. Tests (and a graceful shutdown) can wait for the work to finish.

const GLOBAL_KEY = Symbol.for('webstore.background-mail')
type GlobalWithPending = typeof globalThis & { [GLOBAL_KEY]?: Set<Promise<void>> }

function pending(): Set<Promise<void>> {
  const holder = globalThis as GlobalWithPending
  holder[GLOBAL_KEY] ??= new Set()
  return holder[GLOBAL_KEY]
}

/** Starts `work` without waiting for it; an error is logged with `what`. */
export function inBackground(what: string, work: () => Promise<unknown>): void {
  const tasks = pending()
  const task: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => logger().error({ err: error }, `${what} failed`),
    )
    .finally(() => tasks.delete(task))
  tasks.add(task)
}

/** Resolves when every background mail task started so far (and any they started) has finished. */
export async function backgroundMailSettled(): Promise<void> {
  const tasks = pending()
  while (tasks.size > 0) await Promise.all([...tasks])
}
