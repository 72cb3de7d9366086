// Toast messages (spec 8's successes and errors). react-toastify is loaded on first use, not with
// every page; toasts raised before the container mounts are queued by the library and shown then.
// The container itself mounts at the first toast, not with the page: it injects react-toastify's
// styles, whose :root rules make the browser recompute the style of the whole page (≈ 100 ms of a
// phone's main thread on the shop, P5).

type Kind = 'success' | 'error' | 'info'
type Options = {
  /** How a screen reader takes it: errors interrupt (alert), the rest wait politely (status) unless said otherwise. */
  role?: 'alert' | 'status'
}

let wanted = false
const listeners = new Set<() => void>()

/** True once a toast was raised in this tab: the toast container is mounted from then on. */
export function toastsWanted(): boolean {
  return wanted
}

/** Calls `listener` when the first toast is raised (at once if one was). Returns the unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  if (wanted) {
    listener()
    return () => {}
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function want(): void {
  if (wanted) return
  wanted = true
  for (const listener of [...listeners]) listener()
  listeners.clear()
}

function show(kind: Kind, message: string, options: Options = {}): void {
  if (typeof window === 'undefined') return
  want()
  import('react-toastify').then(
    ({ toast }) => {
      // The same message twice while the first is still up shows once.
      toast[kind](message, { toastId: `${kind}:${message}`, role: options.role ?? (kind === 'error' ? 'alert' : 'status') })
    },
    (error: unknown) => console.error('Could not show a message:', message, error),
  )
}

export const notify = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
}
