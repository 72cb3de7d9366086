'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'
import { notify } from '@/client/notify'
import { sameQuantities } from '@/client/cart-sync-merge'
import { type CartLine, useCartStore } from '@/client/stores/cart-store'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import type { CartAddressData, PricedCartLineData } from '@/isomorphic/cart-types'
import { formatInches } from '@/isomorphic/decoration-placement'
import { MAX_PIECES_PER_SIZE, parseQuantity } from '@/isomorphic/quantity'
import type { DesignSummary } from '@/isomorphic/decoration-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { compareSizes } from '@/isomorphic/size-order'
import { swatchColor } from '../product/color-dots'
import { TrashIcon } from '../ui/icons'
import { Picture } from '../ui/picture'
import { useHydrated } from '@/client/use-hydrated'
import type { CartHint } from '@/isomorphic/cart-hint'
import { CartEstimatePanel } from './cart-estimate-panel'
import { CartSkeleton } from './cart-skeleton'
import { EmptyCart } from './empty-cart'
import { formatBusinessDays } from '@/isomorphic/business-days'
import { useCartSummary } from '@/client/cart/use-cart-summary'
import { type AllowanceStanding, allowanceStanding } from '@/client/cart/allowance'
import { editDesignHref } from '@/client/cart/design-link'

/**
 * The visitor's cart from session storage: change quantities per size, remove lines, estimate
 * delivery and tax. Every price shown is the server's (POST /api/cart/summary).
 */
export function CartView({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  const t = useTranslations('cart')
  const hydrated = useHydrated()
  const lines = useCartStore((state) => state.orderLines)
  const [address, setAddress] = useState<CartAddressData | null>(null)
  const [deliveryMethodId, setDeliveryMethodId] = useState<number | null>(null)
  const summary = useCartSummary(lines, { address, deliveryMethodId })
  const user = useUserStore((state) => (state.isAuthenticated ? state.user : null))

  // Storage is readable only in the browser: until then the server's cart hint draws the cart's
  // skeleton, or, with no hint, the empty cart (a new visitor's), at the first paint.
  if (!hydrated && hint) return <CartSkeleton hint={hint} loading={t('loading')} summary={t('summary')} items={t('items')} />
  if (!hydrated || lines.length === 0) return <EmptyCart />

  const pieces = lines.reduce((sum, line) => sum + line.totalQuantity, 0)
  const data = summary.data
  const pricedByKey = new Map((data?.lines ?? []).map((line) => [line.key, line]))
  const current = data !== null && !summary.loading
  const order = data?.orderSummary
  const chosen = data?.deliveryMethodId ?? null
  // What the order costs before any allowance or gift card: the summary's estimatedTotal already
  // takes the allowance off, which is the checkout's split to show, not the cart's.
  const total = order ? (chosen !== null ? order.totalPrice : order.subTotal) : null
  const totalLabel = chosen !== null ? t('estimatedTotal') : t('subtotal')
  // The priced summary's allowance is the freshest; before an address is estimated it has none.
  const allowance = allowanceStanding(order?.budgetAmount ?? user?.budgetAmount, total)
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="min-w-0 space-y-8">
        <ul role="list" className="divide-y divide-line border-y border-line">
          {lines.map((line) => (
            <CartLineItem key={line.key} line={line} priced={pricedByKey.get(line.key) ?? null} />
          ))}
        </ul>
        {data && data.dropped.length > 0 ? (
          <div role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
            {data.dropped.map((dropped) => (
              <p key={dropped.key}>{dropped.message}</p>
            ))}
          </div>
        ) : null}
        <CartEstimatePanel
          lines={lines}
          countries={countries}
          address={address}
          deliveryMethodId={deliveryMethodId}
          summary={data}
          onAddress={(next) => {
            setAddress(next)
            setDeliveryMethodId(null)
          }}
          onDeliveryMethod={setDeliveryMethodId}
        />
      </div>

      <section aria-labelledby="cart-summary" aria-busy={summary.loading || undefined} className="rounded-card bg-soft p-6 lg:sticky lg:top-24">
        <h2 id="cart-summary" className="text-lg font-semibold text-ink">
          {t('summary')}
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('items')}</dt>
            <dd className="text-ink tabular-nums">{pieces}</dd>
          </div>
          {chosen !== null && order ? (
            <>
              <SummaryRow label={t('subtotal')} value={formatPrice(order.subTotal)} testId="summary-subtotal" />
              <SummaryRow label={t('shipping')} value={order.freeShipping || order.shipping === 0 ? t('free') : formatPrice(order.shipping)} testId="summary-shipping" />
              <SummaryRow label={t('taxes')} value={data?.taxError ? t('taxUnknown') : formatPrice(order.taxes)} testId="summary-taxes" />
            </>
          ) : null}
          {/* Before a delivery is chosen the subtotal is the total: one row, not the same figure twice. */}
          <div className="flex justify-between border-t border-line pt-3 text-base">
            <dt className="font-medium text-ink">{totalLabel}</dt>
            <dd data-testid={chosen !== null ? 'summary-total' : 'summary-subtotal'} className="font-semibold text-ink tabular-nums">
              {total === null ? '…' : formatPrice(total)}
            </dd>
          </div>
        </dl>
        {allowance ? <AllowanceNote standing={allowance} renewsAt={user?.budgetRenewsAt ?? null} /> : null}
        <div aria-live="polite" className="mt-3 min-h-5 text-sm">
          {summary.error ? (
            <p className="text-danger">
              {summary.error}{' '}
              <button type="button" onClick={summary.retry} className="font-medium underline underline-offset-4">
                {t('retry')}
              </button>
            </p>
          ) : data?.taxError ? (
            <p className="text-danger">{data.taxError}</p>
          ) : !current ? (
            <p className="text-muted">{t('updating')}</p>
          ) : (
            <p className="text-muted">{chosen !== null ? t('noteEstimated') : t('note')}</p>
          )}
        </div>
        {data?.leadTime ? (
          <p className="mt-2 text-sm text-ink" data-testid="cart-lead-time">
            {t('leadTime', { days: formatBusinessDays(data.leadTime) })}
          </p>
        ) : null}
        <CheckoutLinks total={total === null ? null : formatPrice(total)} totalLabel={totalLabel} needsApproval={allowance?.over != null} />
      </section>
    </div>
  )
}

/**
 * The summary's "Proceed to checkout", and on a phone the same in a bar fixed to the bottom of the
 * screen with the total, shown while the summary's own button is still further down the page
 * (below the lines and the estimate form), as Dawn and Shopify's checkout do.
 */
function CheckoutLinks({ total, totalLabel, needsApproval }: { total: string | null; totalLabel: string; needsApproval: boolean }) {
  const t = useTranslations('cart')
  const anchor = useRef<HTMLAnchorElement>(null)
  const [below, setBelow] = useState(false)

  useEffect(() => {
    const target = anchor.current
    if (!target || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [])

  return (
    <>
      <Link ref={anchor} href="/checkout" className="btn btn-primary mt-6 w-full">
        {t('checkout')}
      </Link>
      <Link href="/shop" className="mt-3 block text-center text-sm font-medium text-accent hover:text-accent-strong">
        {t('continueShopping')}
      </Link>
      {below ? (
        <div
          data-testid="cart-checkout-bar"
          className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(0,0,0,0.08)] lg:hidden"
        >
          <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
            <p className="min-w-0 text-sm">
              <span className="block text-muted">{totalLabel}</span>
              <span className="block text-lg font-semibold text-ink tabular-nums">{total ?? '…'}</span>
              {needsApproval ? <span className="block text-xs font-medium text-danger">{t('needsApproval')}</span> : null}
            </p>
            <Link href="/checkout" className="btn btn-primary shrink-0">
              {t('checkout')}
            </Link>
          </div>
        </div>
      ) : null}
    </>
  )
}

/**
 * A shopper with an allowance sees what is left of it and when it renews, and is told before
 * checkout when the cart costs more: such an order waits for approval (persist-order.ts).
 */
function AllowanceNote({ standing, renewsAt }: { standing: AllowanceStanding; renewsAt: string | null }) {
  const t = useTranslations('cart')
  return (
    <div data-testid="cart-allowance" className="mt-4 rounded-lg border border-line bg-white px-4 py-3 text-sm">
      <p className="text-ink">
        <span className="font-semibold">{t('allowanceLeft', { amount: formatPrice(standing.left) })}</span>
        {renewsAt ? <span className="text-muted"> · {t('allowanceRenews', { date: formatDate(renewsAt) })}</span> : null}
      </p>
      <div aria-live="polite">
        {standing.over !== null ? (
          <p data-testid="cart-over-allowance" className="mt-2 border-l-4 border-danger pl-3 text-ink">
            {t('overAllowance', { amount: formatPrice(standing.over) })}
          </p>
        ) : null}
      </div>
    </div>
  )
}

function SummaryRow({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId} className="text-ink tabular-nums">
        {value ?? '…'}
      </dd>
    </div>
  )
}

function CartLineItem({ line, priced }: { line: CartLine; priced: PricedCartLineData | null }) {
  const t = useTranslations('cart')
  const removeLine = useCartStore((state) => state.removeLine)
  const sizes = Object.keys(line.quantity).sort(compareSizes)
  const mockup = line.design?.mockupUrls.front ?? line.design?.mockupUrls.back ?? null

  const remove = () => {
    removeLine(line.key)
    notify.success(t('removed'), { role: 'alert' })
  }

  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      <Link href={`/product/${encodeURIComponent(line.slug)}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {mockup ? (
          // eslint-disable-next-line @next/next/no-img-element -- the design's mockup, rendered by the server at its own size
          <img src={mockup} alt="" width={112} height={112} loading="lazy" className="size-20 rounded-lg bg-soft object-contain sm:size-28" />
        ) : (
          <Picture
            image={line.image ?? null}
            alt=""
            sizes="112px"
            widths={[128, 256]}
            className="size-20 rounded-lg bg-soft object-cover sm:size-28"
          />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-ink">
              <Link href={`/product/${encodeURIComponent(line.slug)}`} className="hover:underline hover:underline-offset-4">
                {line.name}
              </Link>
            </h2>
            <p className="mt-0.5 text-sm text-muted">{t('sku', { sku: line.templateSkuCode })}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
              {line.color ? (
                <span className="inline-flex items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="size-3.5 rounded-full ring-1 ring-black/15 ring-inset"
                    style={{ backgroundColor: swatchColor({ htmlColor: line.color.htmlColor ?? null, name: line.color.name }) }}
                  />
                  {t('color', { name: line.color.name })}
                </span>
              ) : null}
              {line.logo ? <span>{t('logo', { name: line.logo.name })}</span> : null}
            </p>
            {line.design ? <DesignDetails line={line} design={line.design} setup={priced?.design?.setup ?? null} /> : null}
            {line.designId ? (
              <Link href={editDesignHref(line, line.designId)} className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-accent-strong underline underline-offset-4 hover:text-accent">
                {t('editDesign')}
                <span className="sr-only"> {t('editDesignOf', { name: line.name })}</span>
              </Link>
            ) : null}
          </div>
          <p className="shrink-0 text-right text-base font-semibold text-ink tabular-nums">
            {priced && sameQuantities(priced.quantity, line.quantity) ? formatPrice(priced.priceTotal) : '…'}
          </p>
        </div>

        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-wrap gap-2">
            {sizes.map((size) => (
              <SizeQuantity key={`${line.key}:${size}`} line={line} size={size} unitPrice={(priced && sameQuantities(priced.quantity, line.quantity) ? priced.unitPrices[size] : line.unitPrices[size]) ?? null} />
            ))}
          </div>
          <button
            type="button"
            onClick={remove}
            aria-label={t('removeLabel', { name: line.name })}
            className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-muted hover:bg-soft hover:text-danger"
          >
            <TrashIcon width={18} height={18} />
            {t('remove')}
          </button>
        </div>
        {priced?.nextBreak && sameQuantities(priced.quantity, line.quantity) ? (
          <p className="mt-3 rounded-md bg-accent/10 px-3 py-2 text-sm font-medium text-ink">{t('nextBreak', { count: priced.nextBreak.morePieces, price: formatPrice(priced.nextBreak.unitPrice) })}</p>
        ) : null}
      </div>
    </li>
  )
}

/** The design's mockups (the back as well when it is decorated) and where each decoration sits. */
function DesignDetails({ line, design, setup }: { line: CartLine; design: DesignSummary; setup: number | null }) {
  const t = useTranslations('cart')
  const views = (['front', 'back'] as const).filter((view) => design.mockupUrls[view])
  return (
    <div className="mt-2 text-sm text-muted">
      <p className="sr-only">{t('designHeading')}</p>
      {views.length > 1 ? (
        <div className="mb-1.5 flex gap-2">
          {views.map((view) => (
            // eslint-disable-next-line @next/next/no-img-element -- the design's mockup, rendered by the server
            <img
              key={view}
              src={design.mockupUrls[view]}
              alt={t('designMockup', { name: line.name, view })}
              width={56}
              height={56}
              loading="lazy"
              className="size-14 rounded-md bg-soft object-contain"
            />
          ))}
        </div>
      ) : null}
      <ul role="list" aria-label={t('designHeading')} className="space-y-0.5">
        {design.placements.map((placement, index) => (
          <li key={index}>
            {t('designPlacement', {
              label: placement.kind === 'text' ? t('designText', { text: placement.label }) : placement.label,
              area: placement.area,
              method: placement.method,
              width: formatInches(placement.width),
              height: formatInches(placement.height),
            })}
          </li>
        ))}
      </ul>
      {setup ? <p className="mt-0.5">{t('designSetup', { amount: formatPrice(setup) })}</p> : null}
    </div>
  )
}

/**
 * One size's quantity, with its unit price (the server's once priced: quantity breaks move it).
 * Typing updates the cart at once; a blank or 0 takes effect when leaving the field.
 */
function SizeQuantity({ line, size, unitPrice }: { line: CartLine; size: string; unitPrice: number | null }) {
  const t = useTranslations('cart')
  const updateLine = useCartStore((state) => state.updateLine)
  const [text, setText] = useState(String(line.quantity[size] ?? 0))
  const id = `qty-${line.key}-${size}`.replace(/[^\w-]/g, '_')
  const priceId = `${id}-price`

  const commit = (value: string) => {
    const pieces = parseQuantity(value)
    const quantity = { ...line.quantity, [size]: pieces }
    const remaining = Object.values(quantity).reduce((sum, amount) => sum + amount, 0)
    updateLine(line.key, quantity)
    if (remaining === 0) notify.success(t('removed'), { role: 'alert' })
  }

  return (
    <div className="w-20">
      <label htmlFor={id} className="block text-center text-xs font-semibold text-ink">
        <span aria-hidden="true">{size}</span>
        <span className="sr-only">{t('quantityFor', { name: line.name, size })}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_PIECES_PER_SIZE}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          if (/^\d+$/.test(event.target.value.trim()) && Number(event.target.value) > 0) commit(event.target.value)
        }}
        onBlur={() => commit(text)}
        aria-describedby={unitPrice === null ? undefined : priceId}
        className="field mt-1 h-10 min-h-0 px-2 text-center tabular-nums"
      />
      {unitPrice === null ? null : (
        <p id={priceId} className="mt-1 text-center text-xs text-muted tabular-nums">
          {t('unitPrice', { price: formatPrice(unitPrice) })}
        </p>
      )}
    </div>
  )
}
