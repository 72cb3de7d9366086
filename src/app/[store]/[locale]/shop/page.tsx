import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { ShopBrowser, type ShopBrowserProps } from '@/components/shop/shop-browser'
import { FIRST_SCREEN } from '@/components/shop/first-screen'
import { facetsOf } from '@/isomorphic/catalog-search'
import { type ProductListItem, productCardOf } from '@/isomorphic/catalog-types'
import { loadProducts, loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../store-metadata'
import { storeIdOf } from '../route-params'

type ShopPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: ShopPageProps): Promise<Metadata> {
  const { store, locale } = await params
  const [t, shell, website] = await Promise.all([
    getTranslations({ locale, namespace: 'shop' }),
    getTranslations({ locale, namespace: 'shell' }),
    loadWebsite(storeIdOf(store)),
  ])
  return storeMetadata({ storeId: storeIdOf(store), locale, title: t('title'), description: t('metaDescription', { name: website?.name || shell('fallbackName') }) })
}

// Static: no searchParams here. The filters live in the URL and are applied in the browser; the
// server renders the unfiltered first screen, which the browser shows until it knows the URL's filters.
export default async function ShopPage({ params }: ShopPageProps) {
  const { store, locale } = await params
  setRequestLocale(locale)
  const [t, products] = await Promise.all([getTranslations({ locale, namespace: 'shop' }), loadProducts(storeIdOf(store))])
  const props: ShopBrowserProps = {
    initialProducts: products.slice(0, FIRST_SCREEN).map(productCardOf),
    total: products.length,
    facets: facetsOf(products),
    swatches: swatchesOf(products),
  }

  return (
    <div className="container-page pt-8 sm:pt-10">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-muted">{t('intro')}</p>
      </header>
      <ShopBrowser {...props} />
    </div>
  )
}

function swatchesOf(products: ProductListItem[]): Record<string, string> {
  const swatches: Record<string, string> = {}
  for (const product of products) {
    for (const value of product.attributeValues) {
      if (value.attribute.name === 'Color' && value.htmlColor) swatches[value.name.trim().toLowerCase()] ??= value.htmlColor
    }
  }
  return swatches
}
