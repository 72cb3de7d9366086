'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useState } from 'react'
import type { CartLine } from '@/client/stores/cart-store'
import type { FreeItemData, OrderSummaryData } from '@/isomorphic/cart-types'
import { formatPrice } from '@/isomorphic/format'
import { fromCents, toCents } from '@/isomorphic/money'

type SummaryPanelProps = {
  lines: readonly CartLine[]
  summary: OrderSummaryData | null
  /** A delivery method is priced: shipping, tax and the total are known. */
  priced: boolean
  loading: boolean
  error: string | null
  taxError: string | null
  onRetry: () => void
  /** What the promotions add for free. */
  freeItems: readonly FreeItemData[]
  /** What the shopper's allowance covers and what is left to pay (allowanceSplit); null without an allowance. */
  allowance: { covered: number; leftToPay: number; allowanceLeft: number } | null
  /** The promo code field, under the lines (issue 27: in view, not behind a step). */
  promoCode?: ReactNode
}

/**
 * Spec 3's order summary, as the server priced it: subtotal, promotion, shipping (or free), tax,
 * the total, what gift cards and the allowance (budget) cover, and what is left to pay. On a phone
 * it is folded under a "Show order summary $X" bar at the top of the checkout (Shopify's).
 */
export function CheckoutSummaryPanel({ lines, summary, priced, loading, error, taxError, onRetry, freeItems, allowance, promoCode }: SummaryPanelProps) {
  const t = useTranslations('checkout')
  const [unfolded, setUnfolded] = useState(false)
  const pieces = lines.reduce((sum, line) => sum + line.totalQuantity, 0)
  const money = (value: number | undefined) => (value === undefined ? '…' : formatPrice(value))
  const headline = summary ? formatPrice(priced ? summary.totalPrice : summary.subTotal) : '…'
  return (
    <>
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls="checkout-summary-panel"
        onClick={() => setUnfolded((open) => !open)}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-card border border-line bg-soft px-4 text-sm font-medium text-accent-strong lg:hidden"
      >
        <span className="flex items-center gap-2">
          {unfolded ? t('hideSummary') : t('showSummary')}
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 transition-transform ${unfolded ? 'rotate-180' : ''}`} fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </span>
        <span className="text-base font-semibold text-ink tabular-nums">{headline}</span>
      </button>
    <section
      id="checkout-summary-panel"
      aria-labelledby="checkout-summary"
      aria-busy={loading || undefined}
      className={`${unfolded ? 'mt-3' : 'hidden'} rounded-card bg-soft p-6 lg:sticky lg:top-8 lg:mt-0 lg:block`}
    >
      <h2 id="checkout-summary" className="text-lg font-semibold text-ink">
        {t('summary')}
      </h2>
      <ul role="list" className="mt-4 space-y-2 border-b border-line pb-4 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3">
            <span className="min-w-0 break-words text-ink">
              {line.name}
              <span className="text-muted"> × {line.totalQuantity}</span>
            </span>
          </li>
        ))}
        {freeItems.map((item) => (
          <li key={`free-${item.productId}`} className="flex justify-between gap-3">
            <span className="min-w-0 break-words text-ink">
              {item.name}
              <span className="text-muted"> × {item.quantity}</span>
            </span>
            <span className="shrink-0 text-accent-strong">{t('free')}</span>
          </li>
        ))}
      </ul>
      {/* On a phone the field stands above the steps instead (checkout-view). */}
      {promoCode ? <div className="mt-4 hidden border-b border-line pb-4 lg:block">{promoCode}</div> : null}
      <dl className="mt-4 space-y-2 text-sm">
        <Row label={t('items')} value={String(pieces)} />
        {/* Before delivery is priced the bottom line is the subtotal itself: not said twice. */}
        {priced || (summary && summary.promotion > 0) ? <Row label={t('subtotal')} value={money(summary?.subTotal)} testId="checkout-subtotal" /> : null}
        {summary && summary.promotion > 0 ? <Row label={t('promotion')} value={`−${formatPrice(summary.promotion)}`} testId="checkout-promotion" /> : null}
        {priced && summary ? (
          <>
            <Row label={t('shipping')} value={summary.freeShipping || summary.shipping === 0 ? t('free') : formatPrice(summary.shipping)} testId="checkout-shipping" />
            <Row label={t('taxes')} value={taxError ? t('taxUnknown') : formatPrice(summary.taxes)} testId="checkout-taxes" />
          </>
        ) : null}
        <div className="flex justify-between border-t border-line pt-3 text-base">
          <dt className="font-medium text-ink">{priced ? t('total') : t('subtotal')}</dt>
          <dd data-testid="checkout-total" className="font-semibold text-ink tabular-nums">
            {summary ? formatPrice(priced ? summary.totalPrice : fromCents(toCents(summary.subTotal) - toCents(summary.promotion))) : '…'}
          </dd>
        </div>
        {priced && summary && summary.giftCardAmount > 0 ? (
          <Row label={t('giftCardAmount')} value={`−${formatPrice(summary.giftCardAmount)}`} testId="checkout-gift-card" />
        ) : null}
        {allowance ? (
          <>
            <Row label={t('allowanceCovers')} value={`−${formatPrice(allowance.covered)}`} testId="checkout-allowance" />
            <div className="flex justify-between text-base">
              <dt className="font-medium text-ink">{t('amountDue')}</dt>
              <dd data-testid="checkout-due" className="font-semibold text-ink tabular-nums">
                {formatPrice(allowance.leftToPay)}
              </dd>
            </div>
            <Row label={t('allowanceAfter')} value={formatPrice(allowance.allowanceLeft)} testId="checkout-budget" />
          </>
        ) : priced && summary && summary.estimatedTotal !== summary.totalPrice ? (
          <div className="flex justify-between text-base">
            <dt className="font-medium text-ink">{t('amountDue')}</dt>
            <dd data-testid="checkout-due" className="font-semibold text-ink tabular-nums">
              {formatPrice(summary.estimatedTotal)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {error ? (
          <p className="text-danger">
            {error}{' '}
            <button type="button" onClick={onRetry} className="font-medium underline underline-offset-4">
              {t('retry')}
            </button>
          </p>
        ) : taxError ? (
          <p className="text-danger">{taxError}</p>
        ) : loading ? (
          <p className="text-muted">{t('updating')}</p>
        ) : !priced ? (
          <p className="text-muted">{t('summaryNote')}</p>
        ) : null}
      </div>
    </section>
    </>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId} className="text-ink tabular-nums">
        {value}
      </dd>
    </div>
  )
}
