'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { toast } from 'react-toastify'
import { type CartLine, useCartStore } from '@/client/stores/cart-store'
import { Link } from '@/i18n/navigation'
import { formatPrice } from '@/shared/money-format'
import { compareSizes } from '@/shared/size-order'
import { swatchColor } from '../product/color-dots'
import { TrashIcon } from '../ui/icons'
import { Picture } from '../ui/picture'
import { useHydrated } from '../ui/use-hydrated'
import { cartSubtotal, lineEstimate } from './cart-estimate'

/** The visitor's cart from session storage: change quantities per size, remove lines. */
export function CartView() {
  const t = useTranslations('cart')
  const hydrated = useHydrated()
  const lines = useCartStore((state) => state.orderLines)

  // Storage is readable only in the browser: until then a placeholder of the empty cart's size
  // holds the place, so the page does not shift when the cart appears.
  if (!hydrated || lines.length === 0) {
    return (
      <div className="relative rounded-card border border-dashed border-line px-6 py-16 text-center">
        <div className={hydrated ? undefined : 'invisible'}>
          <p className="text-lg font-semibold text-ink">{t('emptyTitle')}</p>
          <p className="mt-2 text-muted">{t('emptyBody')}</p>
          <Link href="/shop" className="btn btn-primary mt-6">
            {t('continueShopping')}
          </Link>
        </div>
        {hydrated ? null : (
          <p role="status" className="absolute inset-0 flex items-center justify-center text-muted">
            {t('loading')}
          </p>
        )}
      </div>
    )
  }

  const pieces = lines.reduce((sum, line) => sum + line.totalQuantity, 0)
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <ul role="list" className="divide-y divide-line border-y border-line">
        {lines.map((line) => (
          <CartLineItem key={line.key} line={line} />
        ))}
      </ul>

      <section aria-labelledby="cart-summary" className="rounded-card bg-soft p-6 lg:sticky lg:top-24">
        <h2 id="cart-summary" className="text-lg font-semibold text-ink">
          {t('summary')}
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{t('items')}</dt>
            <dd className="text-ink tabular-nums">{pieces}</dd>
          </div>
          <div className="flex justify-between border-t border-line pt-3 text-base">
            <dt className="font-medium text-ink">{t('subtotal')}</dt>
            <dd className="font-semibold text-ink tabular-nums">{formatPrice(cartSubtotal(lines))}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-muted">{t('note')}</p>
        <Link href="/checkout" className="btn btn-primary mt-6 w-full">
          {t('checkout')}
        </Link>
        <Link href="/shop" className="mt-3 block text-center text-sm font-medium text-accent hover:text-accent-strong">
          {t('continueShopping')}
        </Link>
      </section>
    </div>
  )
}

function CartLineItem({ line }: { line: CartLine }) {
  const t = useTranslations('cart')
  const removeLine = useCartStore((state) => state.removeLine)
  const sizes = Object.keys(line.quantity).sort(compareSizes)

  const remove = () => {
    removeLine(line.key)
    toast.success(t('removed'))
  }

  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      <Link href={`/product/${encodeURIComponent(line.slug)}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Picture
          image={line.image ?? null}
          alt=""
          sizes="112px"
          widths={[128, 256]}
          className="size-20 rounded-lg bg-soft object-cover sm:size-28"
        />
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
          </div>
          <p className="shrink-0 text-right text-base font-semibold text-ink tabular-nums">{formatPrice(lineEstimate(line))}</p>
        </div>

        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-wrap gap-2">
            {sizes.map((size) => (
              <SizeQuantity key={`${line.key}:${size}`} line={line} size={size} />
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
      </div>
    </li>
  )
}

/** One size's quantity. Typing updates the cart at once; a blank or 0 takes effect when leaving the field. */
function SizeQuantity({ line, size }: { line: CartLine; size: string }) {
  const t = useTranslations('cart')
  const updateLine = useCartStore((state) => state.updateLine)
  const [text, setText] = useState(String(line.quantity[size] ?? 0))
  const id = `qty-${line.key}-${size}`.replace(/[^\w-]/g, '_')

  const commit = (value: string) => {
    const pieces = /^\d+$/.test(value.trim()) ? Math.min(Number(value.trim()), 99_999) : 0
    const quantity = { ...line.quantity, [size]: pieces }
    const remaining = Object.values(quantity).reduce((sum, amount) => sum + amount, 0)
    updateLine(line.key, quantity)
    if (remaining === 0) toast.success(t('removed'))
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
        max={99999}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          if (/^\d+$/.test(event.target.value.trim()) && Number(event.target.value) > 0) commit(event.target.value)
        }}
        onBlur={() => commit(text)}
        className="field mt-1 h-10 min-h-0 px-2 text-center tabular-nums"
      />
    </div>
  )
}
