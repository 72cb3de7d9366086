import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { AuthCard } from '@/components/account/auth-card'
import { SsoLoginView } from '@/components/account/sso-login-view'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return {
    ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('ssoTitle') })),
    robots: { index: false, follow: false },
    // Back from the provider the address carries a one-time code.
    referrer: 'no-referrer',
  }
}

export default async function SsoLoginPage({ params }: PageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'auth' })
  return (
    <AuthCard title={t('ssoTitle')}>
      <Suspense
        fallback={
          <p role="status" className="rounded-card border border-line bg-soft p-6 text-ink">
            {t('ssoSigningIn')}
          </p>
        }
      >
        <SsoLoginView />
      </Suspense>
    </AuthCard>
  )
}
