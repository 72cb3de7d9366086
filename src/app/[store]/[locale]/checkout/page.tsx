import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { CheckoutPageBody } from '@/components/checkout/checkout-page-body'
import { readCartHint } from '@/isomorphic/cart-hint'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type CheckoutPageProps = { params: Promise<{ store: string; locale: string }> }

// Indexable (no robots rule): it shows nothing of anyone's (the cart lives in the browser), and
// Lighthouse's SEO audit, which issue 6 asks to pass on it, counts a noindex as a failure.
export async function generateMetadata({ params }: CheckoutPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'checkout' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('title') })) }
}

// Drawn per request, never from the route cache: the cart hint cookie gives the first paint the
// cart's skeleton or its empty state; the cart, the customer and every price are the browser's and
// the server API's.
export const dynamic = 'force-dynamic'

export default async function CheckoutPage({ params }: CheckoutPageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'checkout' }), loadWebsite(storeIdOf(store))])
  return (
    <div className="container-page min-h-[60vh] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('heading')}</h1>
      <CheckoutPageBody countries={website?.shippingCountry ?? []} hint={readCartHint((await headers()).get('cookie'), storeIdOf(store))} />
    </div>
  )
}
