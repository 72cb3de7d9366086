'use client'

import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useId, useRef, useState } from 'react'
import { useSessionRestoreStore } from '@/client/session/session-restore-store'
import { useAppStore } from '@/client/stores/app-store'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import { UserIcon } from '../ui/icons'
import { useHydrated } from '@/client/use-hydrated'
import { formatDate, formatPrice } from '@/isomorphic/format'

type HeaderAccount = {
  name: string
  email: string
  canApproveOrders: boolean
  /** The allowance left (dollars) and when it renews, for a partner the store gives one. */
  allowance: { left: number; renewsAt: string | null } | null
}

/**
 * The signed-in partner as the header shows them, or null for a visitor (and until hydration). A
 * tab still restoring the browser's session from the server (issue 17) shows the account entry
 * too, as 'Account', so a signed-in shopper never sees 'Sign in' flash by.
 */
function useAccount(): HeaderAccount | null {
  const t = useTranslations('account')
  const hydrated = useHydrated()
  const signedIn = useUserStore((state) => state.isAuthenticated)
  const restoring = useSessionRestoreStore((state) => state.restoring)
  const user = useUserStore((state) => state.user)
  if (!hydrated || !(signedIn || restoring)) return null
  // Until the partner has loaded there is no name yet: 'Account' stands in.
  const budget = user?.budgetAmount
  return {
    name: user?.name || user?.email || t('menu'),
    email: user?.email ?? '',
    canApproveOrders: user?.canApproveOrders ?? false,
    allowance: typeof budget === 'number' ? { left: Math.max(budget, 0), renewsAt: user?.budgetRenewsAt ?? null } : null,
  }
}

/** "Allowance: $X left · renews Jan 1, 2027", for the account menus. */
function AllowanceLine({ allowance, className }: { allowance: NonNullable<HeaderAccount['allowance']>; className: string }) {
  const t = useTranslations('account')
  return (
    <span data-testid="menu-allowance" className={className}>
      <span className="font-medium text-ink">{t('menuAllowance', { amount: formatPrice(allowance.left) })}</span>
      {allowance.renewsAt ? ` · ${t('budgetRenews', { date: formatDate(allowance.renewsAt) })}` : null}
    </span>
  )
}

// The session module (and the API client with it) loads when Logout is pressed, not with every
// page's header.
const logout = () => void import('@/client/session/session').then(({ auth }) => auth.logout())

const CHEVRON = (
  <svg viewBox="0 0 20 20" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
  </svg>
)

/**
 * The header's account entry (wider screens): 'Sign in' for a visitor; for a signed-in partner a
 * button with their name opening links to the account and orders (and approvals, for an
 * approver), and Logout. Session storage is read only after hydration, so the server's markup
 * ('Sign in') and the first render agree; until then the link is marked `data-session-pending`,
 * which the layout's script hides while the document says a session is there (`data-session`).
 */
export function AccountMenu() {
  const t = useTranslations('account')
  const tShell = useTranslations('shell')
  const account = useAccount()
  const hydrated = useHydrated()
  const busy = useAppStore((state) => state.isLoading)
  const [open, setOpen] = useState(false)
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const pathname = usePathname()
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const containerRef = useRef<HTMLDivElement>(null)

  if (open && (openedAt !== pathname || !account)) setOpen(false)

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false)
    }
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [open])

  if (!account) {
    return (
      <Link
        href="/login"
        prefetch={false}
        data-session-pending={hydrated ? undefined : ''}
        className="hidden h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap text-ink hover:bg-soft sm:inline-flex"
      >
        <UserIcon width={20} height={20} />
        {tShell('signIn')}
      </Link>
    )
  }

  const itemClass = 'flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium text-ink hover:bg-soft'
  return (
    <div ref={containerRef} className="relative hidden sm:block">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menuFor', { name: account.name })}
        onClick={() => {
          setOpenedAt(pathname)
          setOpen((value) => !value)
        }}
        className="inline-flex h-10 max-w-[14rem] items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-soft"
      >
        <UserIcon width={20} height={20} className="shrink-0" />
        <span className="truncate">{account.name}</span>
        {CHEVRON}
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false)
        }}
        className="absolute right-0 top-full z-40 mt-2 w-64 rounded-card border border-line bg-white p-2 shadow-lg"
      >
        <p className="border-b border-line px-3 pt-1 pb-3 text-xs text-muted">
          {t('signedInAs')}
          <span className="block truncate text-sm font-medium text-ink">{account.email || account.name}</span>
          {account.allowance ? <AllowanceLine allowance={account.allowance} className="mt-2 block text-xs text-muted" /> : null}
        </p>
        <ul className="mt-2 space-y-0.5">
          <li>
            <Link href="/me" prefetch={false} className={itemClass}>
              {t('myAccount')}
            </Link>
          </li>
          <li>
            <Link href="/me/orders" prefetch={false} className={itemClass}>
              {t('orders')}
            </Link>
          </li>
          {account.canApproveOrders ? (
            <li>
              <Link href="/me/approvals" prefetch={false} className={itemClass}>
                {t('approvals')}
              </Link>
            </li>
          ) : null}
          <li>
            <button type="button" disabled={busy} onClick={logout} className={`${itemClass} disabled:opacity-55`}>
              {busy ? t('busy') : t('logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}

/** The same entries as list items of the phone menu. */
export function AccountMenuItems() {
  const t = useTranslations('account')
  const tShell = useTranslations('shell')
  const account = useAccount()
  const busy = useAppStore((state) => state.isLoading)
  const itemClass = 'flex min-h-12 w-full items-center text-left text-base font-medium text-ink'

  if (!account) {
    return (
      <li>
        <Link href="/login" prefetch={false} className={itemClass}>
          {tShell('signIn')}
        </Link>
      </li>
    )
  }
  return (
    <>
      <li>
        <Link href="/me" prefetch={false} className={itemClass}>
          <span>
            {t('myAccount')}
            <span className="block text-sm font-normal text-muted">{account.name}</span>
            {account.allowance ? <AllowanceLine allowance={account.allowance} className="block text-sm font-normal text-muted" /> : null}
          </span>
        </Link>
      </li>
      <li>
        <Link href="/me/orders" prefetch={false} className={itemClass}>
          {t('orders')}
        </Link>
      </li>
      {account.canApproveOrders ? (
        <li>
          <Link href="/me/approvals" prefetch={false} className={itemClass}>
            {t('approvals')}
          </Link>
        </li>
      ) : null}
      <li>
        <button type="button" data-closes-menu disabled={busy} onClick={logout} className={`${itemClass} disabled:opacity-55`}>
          {busy ? t('busy') : t('logout')}
        </button>
      </li>
    </>
  )
}
