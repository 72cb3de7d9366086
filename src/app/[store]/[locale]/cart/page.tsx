import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { CartPageBody } from '@/components/cart/cart-page-body'
import { readCartHint } from '@/isomorphic/cart-hint'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type CartPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: CartPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'cart' })
  return storeMetadata({ storeId: storeIdOf(store), locale, title: t('title') })
}

// Drawn per request, never from the route cache: the cart hint cookie gives the first paint the
// cart's skeleton, or its empty state, before the browser has read the cart (src/isomorphic/cart-hint.ts).
export const dynamic = 'force-dynamic'

export default async function CartPage({ params }: CartPageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'cart' }), loadWebsite(storeIdOf(store))])
  return (
    <div className="container-page min-h-[60vh] pt-8 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('heading')}</h1>
      <CartPageBody countries={website?.shippingCountry ?? []} hint={readCartHint((await headers()).get('cookie'), storeIdOf(store))} />
    </div>
  )
}
