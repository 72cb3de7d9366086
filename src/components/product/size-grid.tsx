'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useRef } from 'react'
import { formatPrice } from '@/isomorphic/format'
import { MAX_PIECES_PER_SIZE } from '@/isomorphic/quantity'
import { NO_SIZE } from '@/isomorphic/variant-resolution'
import type { SizeOption } from './product-options'

type SizeGridProps = {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string
  sizes: SizeOption[]
  /** Size name → what the shopper typed. */
  typed: Record<string, string>
  onChange: (size: string, text: string) => void
  /** Show each size's unit price even when they are all the same (a product with quantity breaks). */
  showPrices?: boolean
}

/** Quantities per size, as the product page and the editor take them (a plain quantity for unsized products). */
export function SizeGrid({ idPrefix, sizes, typed, onChange, showPrices = false }: SizeGridProps) {
  const t = useTranslations('product')
  const unsized = sizes.length === 1 && sizes[0]?.name === NO_SIZE
  const samePrice = sizes.every((size) => size.price === sizes[0]?.price)
  const fieldset = useRef<HTMLFieldSetElement>(null)

  // A quantity typed while the page was still loading its script is in the box but not yet in
  // `typed`: take it over once, when the grid comes alive, so what the shopper sees is what counts.
  useEffect(() => {
    for (const input of fieldset.current?.querySelectorAll<HTMLInputElement>('input[data-size]') ?? []) {
      const size = input.dataset.size!
      if (input.value !== (typed[size] ?? '')) onChange(size, input.value)
    }
    // Only on mount: afterwards React owns the boxes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <fieldset ref={fieldset}>
      <legend className="text-sm font-semibold text-ink">{unsized ? t('quantity') : t('sizes')}</legend>
      {sizes.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-muted">{unsized ? t('quantityHint') : t('sizesHint')}</p>
          <div className="mt-3 grid grid-cols-3 gap-2.5 sm:grid-cols-4 xl:grid-cols-5">
            {sizes.map((size) => {
              const inputId = `${idPrefix}-size-${size.name}`
              return (
                <div key={size.name} className="rounded-lg border border-line p-2.5 focus-within:border-accent">
                  <label htmlFor={inputId} className="block text-center text-sm font-semibold text-ink">
                    {unsized ? null : <span aria-hidden="true">{size.name}</span>}
                    <span className="sr-only">{unsized ? t('quantity') : t('quantityFor', { size: size.name })}</span>
                  </label>
                  {showPrices || !samePrice ? <p className="mt-0.5 text-center text-xs text-muted tabular-nums">{formatPrice(size.price)}</p> : null}
                  <input
                    id={inputId}
                    data-size={size.name}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_PIECES_PER_SIZE}
                    step={1}
                    placeholder="0"
                    value={typed[size.name] ?? ''}
                    onChange={(event) => onChange(size.name, event.target.value)}
                    className="field mt-2 h-10 min-h-0 px-2 text-center tabular-nums"
                  />
                </div>
              )
            })}
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">{t('unavailable')}</p>
      )}
    </fieldset>
  )
}
