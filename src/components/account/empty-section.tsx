import { Link } from '@/i18n/navigation'
import { useTranslations } from 'next-intl'

/** A section with nothing in it yet: what will appear here, and the way to the shop. */
export function EmptySection({ heading, title, body }: { heading: string; title: string; body: string }) {
  const t = useTranslations('account')
  return (
    <section aria-labelledby="account-section-heading">
      <h2 id="account-section-heading" className="text-xl font-semibold text-ink">
        {heading}
      </h2>
      <div className="mt-6 rounded-card border border-dashed border-line px-6 py-14 text-center">
        <p className="text-lg font-semibold text-ink">{title}</p>
        <p className="mt-2 text-muted">{body}</p>
        <Link href="/shop" className="btn btn-primary mt-6">
          {t('shopNow')}
        </Link>
      </div>
    </section>
  )
}
