'use client'

import { useTranslations } from 'next-intl'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { ordersReader } from '@/client/account/orders-read'
import { loginPathFor } from '@/client/session/return-to'
import { auth } from '@/client/session/session'
import { useSessionRestoreStore } from '@/client/session/session-restore-store'
import { useAppStore } from '@/client/stores/app-store'
import { useUserStore } from '@/client/stores/user-store'
import { Link, usePathname, useRouter } from '@/i18n/navigation'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { useHydrated } from '@/client/use-hydrated'
import { type AccountSection, visibleSections } from './account-sections'

// Each section's code is its own chunk (P5): /me/orders does not download and run the address
// forms, the approvals, the designs and the gift cards. The section asked for starts loading as
// the area opens, beside the partner's data, and a link to another section loads that one.
const SECTION_CODE = {
  profile: () => import('./profile-section').then((code) => ({ default: code.ProfileSection })),
  addresses: () => import('./address-book').then((code) => ({ default: code.AddressBooks })),
  orders: () => import('./orders-section').then((code) => ({ default: code.OrdersSection })),
  approvals: () => import('./approvals-section').then((code) => ({ default: code.ApprovalsSection })),
  designs: () => import('./designs-section').then((code) => ({ default: code.DesignsSection })),
  giftCards: () => import('./gift-cards-section').then((code) => ({ default: code.GiftCardsSection })),
}
const ProfileSection = lazy(SECTION_CODE.profile)
const AddressBooks = lazy(SECTION_CODE.addresses)
const OrdersSection = lazy(SECTION_CODE.orders)
const ApprovalsSection = lazy(SECTION_CODE.approvals)
const DesignsSection = lazy(SECTION_CODE.designs)
const GiftCardsSection = lazy(SECTION_CODE.giftCards)

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

  useEffect(() => {
    void SECTION_CODE[section]()
  }, [section])

  // The list of orders is read beside its code, not after it (src/client/account/orders-read.ts);
  // an address naming one order shows that order instead.
  const uid = user?.uid ?? null
  useEffect(() => {
    if (section !== 'orders' || uid === null || new URLSearchParams(window.location.search).has('order')) return
    ordersReader.readEarly(uid)
  }, [section, uid])

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
      <div role="alert" className="rounded-card border border-line bg-soft px-6 py-16 text-center">
        <p className="text-ink">{t('loadError')}</p>
        <button
          type="button"
          onClick={() => {
            setLoadFailed(false)
            setAttempt((value) => value + 1)
          }}
          className="btn btn-secondary mt-6"
        >
          {t('tryAgain')}
        </button>
      </div>
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
        {/* While the section's code arrives; orders and approvals also read the order to show from the address (?order=…). */}
        <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
          {section === 'profile' ? <ProfileSection user={user} /> : null}
          {section === 'addresses' ? <AddressBooks partnerUid={user.uid} countries={countries} /> : null}
          {section === 'orders' ? <OrdersSection partnerUid={user.uid} /> : null}
          {section === 'approvals' ? <ApprovalsSection canApprove={user.canApproveOrders ?? false} /> : null}
          {section === 'designs' ? <DesignsSection /> : null}
          {section === 'giftCards' ? <GiftCardsSection /> : null}
        </Suspense>
      </div>
    </div>
  )
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
