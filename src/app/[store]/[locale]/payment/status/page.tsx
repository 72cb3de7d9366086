import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { PaymentStatusView } from '@/components/payment/payment-status-view'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PaymentStatusPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PaymentStatusPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'payment' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('statusTitle') })), robots: { index: false, follow: false } }
}

// /payment/status?order=…&token=…&session_id=…: where Stripe sends the shopper back. The shell is
// the same for everyone; the browser asks the server, which asks Stripe.
export default async function PaymentStatusPage({ params }: PaymentStatusPageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'payment' })
  return (
    <div className="container-page min-h-[60vh] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('statusHeading')}</h1>
      <Suspense fallback={<p className="text-muted">{t('confirming')}</p>}>
        <PaymentStatusView />
      </Suspense>
    </div>
  )
}
