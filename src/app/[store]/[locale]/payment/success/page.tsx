import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { PaymentSuccessView } from '@/components/payment/payment-success-view'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PaymentSuccessPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PaymentSuccessPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'payment' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('successTitle') })), robots: { index: false, follow: false } }
}

// /payment/success?order=…&token=…: the confirmation, shown only for an order the server confirmed.
export default async function PaymentSuccessPage({ params }: PaymentSuccessPageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'payment' })
  return (
    <div data-toasts-below className="container-page min-h-[60vh] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('successHeading')}</h1>
      <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
        <PaymentSuccessView />
      </Suspense>
    </div>
  )
}
