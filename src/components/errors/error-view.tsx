import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'

/** Spec 2's error screen: the apology, the reassurance and a 'back home' button to '/'. */
export function ErrorView({ headingLevel: Heading = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const t = useTranslations('errors')
  return (
    <div className="container-page flex max-w-2xl flex-col items-center py-20 text-center sm:py-28">
      <p aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-2xl font-bold text-accent">
        !
      </p>
      <Heading className="mt-6 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">{t('title')}</Heading>
      <p className="mt-4 text-lg text-pretty text-muted">{t('body')}</p>
      <Link href="/" className="btn btn-primary mt-8">
        <span className="first-letter:uppercase">{t('backHome')}</span>
      </Link>
    </div>
  )
}
