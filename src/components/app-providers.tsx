'use client'

import dynamic from 'next/dynamic'
import { useParams, usePathname, useSearchParams } from 'next/navigation'
import Script from 'next/script'
import { Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react'
import { gtagScriptUrl, measurementId, pageViewPath, sendPageView } from '@/client/analytics'
import { loadFullyOnNextNavigation, markUpdatePending, pollBuildUpdates } from '@/client/build-update'
import { keepCartHint } from '@/client/cart/cart-hint'
import { watchChunkLoadFailures } from '@/client/chunk-reload'
import { onToastsWanted, toastsWanted } from '@/client/notify'
import { rememberLocale } from '@/client/locale-cookie'
import { registerRouter } from '@/client/navigation'
import { ROUTE_SETTLE_DELAY_MS } from '@/client/timers'
import { getPathname, useRouter } from '@/i18n/navigation'
import { routing, type AppLocale } from '@/i18n/routing'
import { whenIdle } from '@/client/when-idle'

// The toast container and its styles load with the first toast (src/client/notify.ts): no page
// needs them to paint, and most pages show none.
const ToastViewport = dynamic(() => import('./toasts/toast-viewport').then((module) => module.ToastViewport), {
  ssr: false,
})

// The session watcher, expiry modal and session-ended notice (spec 4) read session storage and
// render nothing on the server; they load with the toasts, after the page is interactive.
const SessionLayer = dynamic(() => import('./account/session-layer').then((module) => module.SessionLayer), {
  ssr: false,
})

const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID

/**
 * The browser-wide parts of every page: toasts, the session layer (expiry watcher, modal and
 * notice), analytics page views (only with a GA4 id), the build-update and chunk-failure watchers,
 * the cart hint cookie (its value names the store), scroll to top on navigation, and the router
 * navigateTo uses. Client stores need nothing here: each reads its storage when first imported,
 * and zustand renders hydration with the initial state, so server and browser markup agree.
 */
export function AppProviders({ storeId, gaId, children }: { storeId: number; gaId?: string | null; children: ReactNode }) {
  const analyticsId = measurementId(gaId)
  const toasts = useSyncExternalStore(onToastsWanted, toastsWanted, () => false)
  return (
    <>
      {children}
      {toasts ? <ToastViewport /> : null}
      <SessionLayer />
      <BrowserWatchers storeId={storeId} />
      <RouterBridge />
      {analyticsId ? (
        <Suspense fallback={null}>
          <PageViews gaId={analyticsId} />
        </Suspense>
      ) : null}
    </>
  )
}

function BrowserWatchers({ storeId }: { storeId: number }) {
  const pathname = usePathname()
  const scrolledFor = useRef(pathname)

  // Wherever the cart changes (a product page, the cart, sign-in's restored cart), so /cart and
  // /checkout can draw it at their first paint.
  useEffect(() => keepCartHint(document, storeId), [storeId])

  // The toasts' code is fetched while the page is idle, so the first toast is not kept waiting for
  // it; the container mounts only with that toast.
  useEffect(
    () =>
      whenIdle(() => {
        void import('./toasts/toast-viewport')
        return true
      }),
    [],
  )

  useEffect(() => {
    rememberLocale(document, document.documentElement.lang || routing.defaultLocale)
    const stops = [watchChunkLoadFailures(window, markUpdatePending), loadFullyOnNextNavigation(window)]
    // Development rebuilds through hot reloading; its build id means nothing.
    if (BUILD_ID && process.env.NODE_ENV === 'production') stops.push(pollBuildUpdates({ buildId: BUILD_ID }))
    return () => stops.forEach((stop) => stop())
  }, [])

  // Spec 2: every navigation to another page starts at the top. A change of query string alone (the
  // shop's filters) keeps the place, a link to an anchor lets the browser scroll to it, and the first
  // page of a visit keeps the position the browser restores on reload.
  useEffect(() => {
    if (scrolledFor.current === pathname) return
    scrolledFor.current = pathname
    if (window.location.hash === '') window.scrollTo(0, 0)
  }, [pathname])

  return null
}

function RouterBridge() {
  const router = useRouter()
  const params = useParams<{ locale?: string }>()
  const locale: AppLocale = routing.locales.find((candidate) => candidate === params.locale) ?? routing.defaultLocale

  useEffect(
    () =>
      registerRouter({
        push: (path) => router.push(path),
        href: (path) => getPathname({ href: path, locale }),
      }),
    [router, locale],
  )

  return null
}

function PageViews({ gaId }: { gaId: string }) {
  const pathname = usePathname()
  const search = useSearchParams().toString()

  // Sent once the route has settled (spec 9), so the new page's title is the one reported.
  useEffect(() => {
    const timer = window.setTimeout(
      () => sendPageView(window, gaId, pageViewPath(pathname, search), document.title),
      ROUTE_SETTLE_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [gaId, pathname, search])

  return <Script src={gtagScriptUrl(gaId)} strategy="afterInteractive" />
}
