import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AuthCard } from '@/components/account/auth-card'
import { PasswordResetForm } from '@/components/account/password-forms'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('resetTitle') })), robots: { index: false, follow: true } }
}

export default async function PasswordResetPage({ params }: PageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'auth' }), loadWebsite(storeIdOf(store))])
  return (
    <AuthCard title={t('resetHeading')} intro={t('resetIntro')}>
      <PasswordResetForm recaptchaSiteKey={website?.recaptchaSiteKey ?? null} />
    </AuthCard>
  )
}
