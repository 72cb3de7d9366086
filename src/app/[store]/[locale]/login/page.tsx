import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AuthCard } from '@/components/account/auth-card'
import { LoginForm } from '@/components/account/login-form'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

// Indexable: shoppers search for a store's sign-in page.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('loginTitle') })) }
}

// The same page for everyone (cacheable): returnTo is read in the browser when the form is sent.
export default async function LoginPage({ params }: PageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'auth' }), loadWebsite(storeIdOf(store))])
  return (
    <AuthCard title={t('loginHeading')} intro={t('loginIntro')}>
      <LoginForm ssoEnabled={Boolean(website?.ssologin?.trim())} recaptchaSiteKey={website?.recaptchaSiteKey ?? null} />
    </AuthCard>
  )
}
