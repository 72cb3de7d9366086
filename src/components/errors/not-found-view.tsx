'use client'

import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'

/** Spec 5's 404: 'Page Not Found: {path}' with the path the visitor asked for, and a way home. */
export function NotFoundView() {
  const t = useTranslations('errors')
  const path = usePathname()
  return (
    <div className="container-page flex max-w-2xl flex-col items-center py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-accent">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-all text-ink sm:text-3xl">{t('notFound', { path })}</h1>
      <p className="mt-4 text-lg text-muted">{t('notFoundBody')}</p>
      <Link href="/" className="btn btn-primary mt-8">
        <span className="first-letter:uppercase">{t('backHome')}</span>
      </Link>
    </div>
  )
}
