import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { Suspense } from 'react'
import { OrderConfirmation } from '@/components/checkout/order-confirmation'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type ConfirmationPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: ConfirmationPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'checkout' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('confirmationTitle') })), robots: { index: false, follow: false } }
}

// A guest's order after checkout (?order=<id>&access_token=…): the same shell for everyone; the
// order is loaded in the browser with the token from the address.
export default async function ConfirmationPage({ params }: ConfirmationPageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'checkout' })
  return (
    <div data-toasts-below className="container-page min-h-[60vh] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('confirmationHeading')}</h1>
      <Suspense fallback={<p className="text-muted">{t('loading')}</p>}>
        <OrderConfirmation />
      </Suspense>
    </div>
  )
}
