import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'

/** The checkout of an empty cart: nothing to check out, and the way to the shop. */
export function EmptyCheckout() {
  const t = useTranslations('checkout')
  return (
    <div className="rounded-card border border-dashed border-line px-6 py-16 text-center">
      <p className="text-lg font-semibold text-ink">{t('emptyTitle')}</p>
      <p className="mt-2 text-muted">{t('emptyBody')}</p>
      <Link href="/shop" className="btn btn-primary mt-6">
        {t('goShopping')}
      </Link>
    </div>
  )
}
