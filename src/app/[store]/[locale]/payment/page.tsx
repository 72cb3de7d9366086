import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { PaymentView } from '@/components/payment/payment-view'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type PaymentPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PaymentPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'payment' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('title') })), robots: { index: false, follow: false } }
}

// /payment?order=<id>&token=…: the same shell for everyone (no cookies or headers read); the order
// and the payment methods are loaded in the browser, with the token from the address or the
// signed-in owner's session.
export default async function PaymentPage({ params }: PaymentPageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'payment' })
  return (
    <div className="container-page min-h-[60vh] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('heading')}</h1>
      <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
        <PaymentView />
      </Suspense>
    </div>
  )
}
