// Toast messages (spec 8's successes and errors). react-toastify is loaded on first use, not with
// every page; toasts raised before the container mounts are queued by the library and shown then.

type Kind = 'success' | 'error' | 'info'

function show(kind: Kind, message: string): void {
  if (typeof window === 'undefined') return
  import('react-toastify').then(
    ({ toast }) => {
      // The same message twice while the first is still up shows once; errors interrupt a screen
      // reader, the rest wait politely.
      toast[kind](message, { toastId: `${kind}:${message}`, role: kind === 'error' ? 'alert' : 'status' })
    },
    (error: unknown) => console.error('Could not show a message:', message, error),
  )
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
