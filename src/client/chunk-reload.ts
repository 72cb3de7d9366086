// Spec 8: a code chunk that fails to load (typically: a new build was deployed and this page's chunk
// files are gone) marks an update, so the next navigation is a full page load of the new build.

const CHUNK_FAILURE_MESSAGES = [
  /Loading (CSS )?chunk \S+ failed/i, // webpack
  /Failed to load chunk /i, // Turbopack
  /Failed to fetch dynamically imported module/i, // Chromium, native import()
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
]

export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === 'string') return CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(reason))
  if (typeof reason !== 'object' || reason === null) return false
  const { name, message } = reason as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(message))
}

/** A <script> or stylesheet <link> of the app's own build that failed to load. */
export function isBuildAssetFailure(target: EventTarget | null): boolean {
  const element = target as Partial<HTMLScriptElement & HTMLLinkElement> | null
  if (!element || typeof element.tagName !== 'string') return false
  const address = element.tagName === 'SCRIPT' ? element.src : element.tagName === 'LINK' ? element.href : undefined
  return typeof address === 'string' && address.includes('/_next/static/')
}

/**
 * Calls onFailure for chunk load failures however they surface: an error event, a rejected import()
 * nobody handled, or a failed <script>/<link> load (those do not bubble, hence the capture phase).
 */
export function watchChunkLoadFailures(win: Window, onFailure: () => void): () => void {
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent
    if (isChunkLoadError(error) || isChunkLoadError(message) || isBuildAssetFailure(event.target)) onFailure()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) onFailure()
  }
  win.addEventListener('error', onError, true)
  win.addEventListener('unhandledrejection', onRejection)
  return () => {
    win.removeEventListener('error', onError, true)
    win.removeEventListener('unhandledrejection', onRejection)
  }
}
