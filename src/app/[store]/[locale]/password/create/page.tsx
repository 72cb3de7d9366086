import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { AuthCard } from '@/components/account/auth-card'
import { PasswordCreateForm } from '@/components/account/password-forms'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return {
    ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('createTitle') })),
    robots: { index: false, follow: false },
    // The address carries a single-use token: never hand it to another site.
    referrer: 'no-referrer',
  }
}

export default async function PasswordCreatePage({ params }: PageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'auth' })
  return (
    <AuthCard title={t('createHeading')}>
      <Suspense
        fallback={
          <p role="status" className="rounded-card border border-line bg-soft p-6 text-muted">
            {t('busy')}
          </p>
        }
      >
        <PasswordCreateForm />
      </Suspense>
    </AuthCard>
  )
}
