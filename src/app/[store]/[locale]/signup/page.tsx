import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { AuthCard } from '@/components/account/auth-card'
import { SignupForm, SignupView } from '@/components/account/signup-view'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

// Indexable, like the sign-in page.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('signupTitle') })) }
}

// The form is in the page's HTML; with ?token= (the mail's link) the browser confirms instead.
export default async function SignupPage({ params }: PageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'auth' }), loadWebsite(storeIdOf(store))])
  const recaptchaSiteKey = website?.recaptchaSiteKey ?? null
  return (
    <AuthCard title={t('signupHeading')} intro={t('signupIntro')}>
      <Suspense fallback={<SignupForm recaptchaSiteKey={recaptchaSiteKey} />}>
        <SignupView recaptchaSiteKey={recaptchaSiteKey} />
      </Suspense>
    </AuthCard>
  )
}
