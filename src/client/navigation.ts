import { resolveNavigation, type Navigation } from '@/isomorphic/url-safety'
import { fullLoadForUpdate } from './build-update'

/** The app router as navigateTo needs it; AppProviders registers the real one. */
export type Router = {
  push: (path: string) => void
  /** The address of path as the browser sees it (with the locale prefix when routing uses one). */
  href: (path: string) => string
}

let router: Router | null = null

/** Makes router the one navigateTo uses; returns a function that unregisters it. */
export function registerRouter(next: Router): () => void {
  router = next
  return () => {
    if (router === next) router = null
  }
}

/**
 * Goes to target following spec 8: a same-site path is a client-side transition (or a full page
 * load when a newer build is waiting); another site only with { external: true }; data:,
 * javascript:, blob: and vbscript: addresses, and other sites without the flag, are refused with a
 * console warning and nothing happens. Usable outside React (store actions after logout, orders).
 */
export function navigateTo(target: string, options: { external?: boolean } = {}): Navigation['kind'] {
  const navigation = resolveNavigation(target, { external: options.external, origin: window.location.origin })
  switch (navigation.kind) {
    case 'refused':
      console.warn(`Navigation to "${target}" refused: ${navigation.reason}`)
      break
    case 'external':
      window.location.assign(navigation.url)
      break
    case 'internal': {
      const href = router ? router.href(navigation.path) : navigation.path
      if (fullLoadForUpdate(href)) break
      if (router) router.push(navigation.path)
      else window.location.assign(href)
      break
    }
  }
  return navigation.kind
}
