'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'
import { ordersReader } from '@/client/account/orders-read'
import { loginPathFor } from '@/client/session/return-to'
import { auth } from '@/client/session/session'
import { useSessionRestoreStore } from '@/client/session/session-restore-store'
import { useAppStore } from '@/client/stores/app-store'
import { type Partner, useUserStore } from '@/client/stores/user-store'
import { Link, usePathname, useRouter } from '@/i18n/navigation'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { useHydrated } from '@/client/use-hydrated'
import { LoadFailed } from '@/components/ui/load-failed'
import { type AccountSection, visibleSections } from './account-sections'
// Types only: each section's code is loaded on demand (below).
import type { AddressBooks } from './address-book'
import type { ApprovalsSection } from './approvals-section'
import type { DesignsSection } from './designs-section'
import type { GiftCardsSection } from './gift-cards-section'
import type { OrdersSection } from './orders-section'
import type { ProfileSection } from './profile-section'

// Each section's code is its own chunk (P5): /me/orders does not download and run the address
// forms, the approvals, the designs and the gift cards. The section asked for starts loading as
// the area first renders, beside the partner's data, and a link to another section loads that one.
type SectionViews = {
  profile: typeof ProfileSection
  addresses: typeof AddressBooks
  orders: typeof OrdersSection
  approvals: typeof ApprovalsSection
  designs: typeof DesignsSection
  giftCards: typeof GiftCardsSection
}
const SECTION_CODE: { [S in AccountSection]: () => Promise<SectionViews[S]> } = {
  profile: () => import('./profile-section').then((code) => code.ProfileSection),
  addresses: () => import('./address-book').then((code) => code.AddressBooks),
  orders: () => import('./orders-section').then((code) => code.OrdersSection),
  approvals: () => import('./approvals-section').then((code) => code.ApprovalsSection),
  designs: () => import('./designs-section').then((code) => code.DesignsSection),
  giftCards: () => import('./gift-cards-section').then((code) => code.GiftCardsSection),
}

/**
 * The sections whose code has arrived, for the page's life. A section is drawn from here once its
 * code is in, not through React.lazy: a lazy component suspends at its first render even when its
 * chunk has arrived, and React then reveals it no sooner than 300 ms after the fallback it showed
 * (its throttle against content popping in piece by piece), which put /me/orders' largest paint
 * 0.3 s behind its data.
 */
const loadedSections: Partial<SectionViews> = {}

function loadSectionCode<S extends AccountSection>(section: S): Promise<SectionViews[S]> {
  const loaded = loadedSections[section]
  if (loaded) return Promise.resolve(loaded as SectionViews[S])
  return SECTION_CODE[section]().then((view) => {
    loadedSections[section] = view
    return view
  })
}

/**
 * Starts loading a section's code and, for the list of orders, the partner's orders beside it, not
 * after the code arrived (src/client/account/orders-read.ts); an address naming one order shows
 * that order instead. Both are kept: the bundler's import and the reader's early read happen once.
 */
function startSection(section: AccountSection, uid: string | null): void {
  loadSectionCode(section).catch(() => undefined)
  if (section === 'orders' && uid !== null && !new URLSearchParams(window.location.search).has('order')) ordersReader.readEarly(uid)
}

type AccountAreaProps = {
  section: AccountSection
  /** The website's shipping countries with their states, for the address forms. */
  countries: WebsiteCountry[]
}

/**
 * The account area (/me/{slug}): the sub-navigation and the section. The page shell is the same
 * for everyone (cacheable); what belongs to the partner is read here, in the browser. A visitor
 * who is not signed in when the area opens goes to the sign-in page and comes back afterwards.
 */
export function AccountArea({ section, countries }: AccountAreaProps) {
  const t = useTranslations('account')
  const hydrated = useHydrated()
  const signedIn = useUserStore((state) => state.isAuthenticated)
  const restoring = useSessionRestoreStore((state) => state.restoring)
  const user = useUserStore((state) => state.user)
  const pathname = usePathname()
  const router = useRouter()

  // The section's code and, for the list of orders, the orders start loading as the area first
  // renders in the browser, while the page hydrates: waiting for the hydration's commit put both
  // behind the page's longest task. Once per mount; a section or a partner that changes later
  // starts its own below.
  useState(() => {
    if (typeof window !== 'undefined') startSection(section, useUserStore.getState().user?.uid ?? null)
    return null
  })
  const uid = user?.uid ?? null
  useEffect(() => startSection(section, uid), [section, uid])

  // Checked when the area opens (once a session this tab is restoring from the server has settled,
  // issue 17), not on every change: a logout from here goes to '/' itself.
  const checked = useRef(false)
  useEffect(() => {
    if (!hydrated || restoring || checked.current) return
    checked.current = true
    if (!useUserStore.getState().isAuthenticated) router.replace(loginPathFor(`${pathname}${window.location.search}`))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the area opens
  }, [hydrated, restoring])

  // The area shows what this tab last read of the partner, and reads it again as it opens: an
  // allowance given back by a cancellation in the console is seen at once (issue 24).
  const readOnOpen = useRef(false)
  useEffect(() => {
    if (!hydrated || !signedIn || !user || readOnOpen.current) return
    readOnOpen.current = true
    void auth.loadPartner()
  }, [hydrated, signedIn, user])

  // A session without its partner (a reload after a failed load) loads it here.
  const [loadFailed, setLoadFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!hydrated || !signedIn || user) return
    let current = true
    void auth.loadPartner().then((partner) => {
      if (current && !partner && useUserStore.getState().isAuthenticated) setLoadFailed(true)
    })
    return () => {
      current = false
    }
  }, [hydrated, signedIn, user, attempt])

  if (hydrated && signedIn && !user && loadFailed) {
    return (
      <LoadFailed
        tall
        message={t('loadError')}
        retryLabel={t('tryAgain')}
        onRetry={() => {
          setLoadFailed(false)
          setAttempt((value) => value + 1)
        }}
      />
    )
  }

  if (!hydrated || !signedIn || !user) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-16 text-center text-muted">
        {t('loading')}
      </p>
    )
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12">
      <AccountNavigation current={section} canApproveOrders={user.canApproveOrders ?? false} />
      <div className="min-w-0">
        <SectionView section={section} user={user} countries={countries} />
      </div>
    </div>
  )
}

/** The section, once its code is in; its loading state before, and a way to try again if the code did not arrive. */
function SectionView({ section, user, countries }: { section: AccountSection; user: Partner; countries: WebsiteCountry[] }) {
  const t = useTranslations('account')
  const [loaded, setLoaded] = useState<Partial<SectionViews>>(() => ({ ...loadedSections }))
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (loaded[section]) return
    let current = true
    loadSectionCode(section).then(
      () => {
        if (current) setLoaded({ ...loadedSections })
      },
      (error: unknown) => {
        console.error('Could not load the section:', error)
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [section, loaded, attempt])

  if (failed && !loaded[section]) {
    return (
      <LoadFailed
        tall
        message={t('loadError')}
        retryLabel={t('tryAgain')}
        onRetry={() => {
          setFailed(false)
          setAttempt((value) => value + 1)
        }}
      />
    )
  }
  // Orders and approvals also read the order to show from the address (?order=…).
  const view =
    section === 'profile' && loaded.profile ? (
      <loaded.profile user={user} />
    ) : section === 'addresses' && loaded.addresses ? (
      <loaded.addresses partnerUid={user.uid} countries={countries} />
    ) : section === 'orders' && loaded.orders ? (
      <loaded.orders partnerUid={user.uid} />
    ) : section === 'approvals' && loaded.approvals ? (
      <loaded.approvals canApprove={user.canApproveOrders ?? false} />
    ) : section === 'designs' && loaded.designs ? (
      <loaded.designs />
    ) : section === 'giftCards' && loaded.giftCards ? (
      <loaded.giftCards />
    ) : null
  return view ?? <p className="text-muted">{t('loading')}</p>
}

function AccountNavigation({ current, canApproveOrders }: { current: AccountSection; canApproveOrders: boolean }) {
  const t = useTranslations('account')
  const busy = useAppStore((state) => state.isLoading)
  const item =
    'inline-flex min-h-11 shrink-0 items-center rounded-full border border-line px-4 text-sm font-medium whitespace-nowrap lg:w-full lg:rounded-md lg:border-0 lg:px-3'
  return (
    // On a phone the sections wrap onto a second row of chips, every one in view (issue 17); a
    // column beside the section from lg.
    <nav aria-label={t('navigation')}>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:flex-nowrap lg:gap-1">
        {visibleSections(canApproveOrders).map((section) => (
          <li key={section.id}>
            <Link
              href={section.path}
              aria-current={section.id === current ? 'page' : undefined}
              className={`${item} ${section.id === current ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-soft'}`}
            >
              {t(section.id)}
            </Link>
          </li>
        ))}
        <li className="lg:mt-2 lg:border-t lg:border-line lg:pt-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void auth.logout()}
            className={`${item} text-ink hover:bg-soft disabled:cursor-not-allowed disabled:opacity-55 lg:text-left`}
          >
            {busy ? t('busy') : t('logout')}
          </button>
        </li>
      </ul>
    </nav>
  )
}
