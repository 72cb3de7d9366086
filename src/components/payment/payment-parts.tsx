'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { orderPagePath } from '@/client/checkout/payment-flow'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import { formatPrice } from '@/isomorphic/format'
import { useHydrated } from '@/client/use-hydrated'

// What the three payment pages share: the boxes their messages sit in, the order's head (reference
// and amount), and the links to the order and its PDF.

export function StatusBox({ tone = 'neutral', role = 'status', children }: { tone?: 'neutral' | 'success' | 'problem'; role?: 'status' | 'alert'; children: ReactNode }) {
  const tones = {
    neutral: 'border-line bg-soft text-ink',
    success: 'border-accent/30 bg-accent-soft text-ink',
    problem: 'border-danger/30 bg-danger/5 text-ink',
  }
  return (
    <div role={role} className={`rounded-card border px-6 py-8 text-center sm:px-10 ${tones[tone]}`}>
      {children}
    </div>
  )
}

/** The same words whether the order does not exist or is someone else's (no existence oracle). */
export function OrderNotFound() {
  const t = useTranslations('payment')
  return (
    <StatusBox role="alert">
      <p>{t('notFound')}</p>
      <Link href="/shop" className="btn btn-primary mt-6">
        {t('goShopping')}
      </Link>
    </StatusBox>
  )
}

export function OrderLoading({ label }: { label?: string }) {
  const t = useTranslations('payment')
  return (
    <p role="status" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-muted">
      {label ?? t('loading')}
    </p>
  )
}

export function OrderLoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations('payment')
  return (
    <StatusBox role="alert" tone="problem">
      <p>{t('loadError')}</p>
      <button type="button" onClick={onRetry} className="btn btn-secondary mt-6">
        {t('retry')}
      </button>
    </StatusBox>
  )
}

/** The order's reference and the amount that matters on this page. */
export function OrderHead({ name, amountLabel, amount }: { name: string; amountLabel: string; amount: number }) {
  const t = useTranslations('payment')
  return (
    <dl className="grid gap-4 rounded-card border border-line p-5 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted">{t('order')}</dt>
        <dd className="mt-0.5 text-lg font-semibold text-ink">{name}</dd>
      </div>
      <div className="sm:text-right">
        <dt className="text-muted">{amountLabel}</dt>
        <dd className="mt-0.5 text-lg font-semibold text-ink">{formatPrice(amount)}</dd>
      </div>
    </dl>
  )
}

/** The order's page (me/orders when signed in, the guest confirmation page otherwise) and its PDF. */
export function OrderLinks({ orderId, token, orderUrl }: { orderId: number; token: string | null; orderUrl?: string | null }) {
  const t = useTranslations('payment')
  const hydrated = useHydrated()
  const signedIn = useUserStore((state) => state.isAuthenticated)
  return (
    <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
      <Link href={orderPagePath(orderId, token, { signedIn: hydrated && signedIn })} className="btn btn-primary">
        {t('viewOrder')}
      </Link>
      {orderUrl ? (
        <a href={orderUrl} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
          {t('viewPdf')}
        </a>
      ) : null}
    </div>
  )
}
