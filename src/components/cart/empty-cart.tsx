import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'

/** An empty cart: what it means and the way back to the shop. */
export function EmptyCart() {
  const t = useTranslations('cart')
  return (
    <div className="rounded-card border border-dashed border-line px-6 py-16 text-center">
      <p className="text-lg font-semibold text-ink">{t('emptyTitle')}</p>
      <p className="mt-2 text-muted">{t('emptyBody')}</p>
      <Link href="/shop" className="btn btn-primary mt-6">
        {t('continueShopping')}
      </Link>
    </div>
  )
}
