import { useTranslations } from 'next-intl'
import { formatPrice } from '@/isomorphic/format'

export type PriceTier = { from: number; to: number | null; price: number }

/**
 * The product's quantity tiers beside its price: "1–11 $20.00 · 12–47 $18.00 · 48+ $16.00", the tier
 * the shopper's quantity reaches marked. Nothing is drawn for a product without breaks.
 */
export function PriceTiers({ tiers, pieces }: { tiers: PriceTier[]; pieces: number }) {
  const t = useTranslations('product')
  if (tiers.length === 0) return null
  const active = tiers.findLast((tier) => tier.from <= Math.max(1, pieces))
  return (
    <section aria-labelledby="price-tiers" className="mt-5">
      <h2 id="price-tiers" className="text-sm font-semibold text-ink">
        {t('quantityPricing')}
      </h2>
      <p className="mt-0.5 text-xs text-muted">{t('quantityPricingHint')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {tiers.map((tier) => {
          const current = tier === active
          return (
            <li
              key={tier.from}
              aria-current={current ? 'true' : undefined}
              className={`min-w-24 rounded-lg border px-3 py-2 text-sm ${current ? 'border-2 border-ink bg-soft' : 'border-line'}`}
            >
              <span className="block text-muted tabular-nums">
                {tier.to === null ? t('tierFrom', { from: tier.from }) : t('tierRange', { from: tier.from, to: tier.to })}
              </span>
              <span className="block font-semibold text-ink tabular-nums">{formatPrice(tier.price)}</span>
              {current ? <span className="sr-only">{t('tierCurrent')}</span> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
