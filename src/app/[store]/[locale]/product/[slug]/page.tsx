import { formatBusinessDays } from '@/isomorphic/business-days'
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { plainText } from '@/components/content/markdown'
import { RichText } from '@/components/content/rich-text'
import { Breadcrumbs } from '@/components/product/breadcrumbs'
import { JsonLd, productStructuredData } from '@/components/product/product-json-ld'
import { colorOptions, initialColorId } from '@/components/product/product-options'
import { ProductView } from '@/components/product/product-view'
import { logger } from '@/server/kernel/logger'
import { serializeShopFilters } from '@/isomorphic/catalog-search'
import { productImageUrl } from '@/isomorphic/image-address'
import { formatPriceRange } from '@/isomorphic/format'
import { loadProduct, loadWebsite, productViewData } from '@/web/catalog-data'
import { loadDecorationOptions } from '@/web/decoration-data'
import { decodeSegment, storeIdOf } from '../../route-params'
import { storeMetadata } from '../../store-metadata'

type ProductPageProps = { params: Promise<{ store: string; locale: string; slug: string }> }

// Rendered on first request and cached (ISR); no product is rendered at build time.
export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const { store, locale, slug } = await params
  const product = await loadProduct(storeIdOf(store), decodeSegment(slug))
  if (!product) notFound()
  const picture = product.images[0]
  return storeMetadata({
    storeId: storeIdOf(store),
    locale,
    title: product.name,
    description: plainText(product.description) || `${product.name} (${product.templateSkuCode})`,
    image: picture ? { url: productImageUrl(picture, 1200, 1200), width: 1200, height: 1200, alt: picture.alt || product.name } : null,
  })
}

export default async function ProductPage({ params }: ProductPageProps) {
  const { store, locale, slug } = await params
  setRequestLocale(locale)
  const [product, website, t] = await Promise.all([
    loadProduct(storeIdOf(store), decodeSegment(slug)),
    loadWebsite(storeIdOf(store)),
    getTranslations({ locale, namespace: 'product' }),
  ])
  if (!product) notFound()
  const category = product.categories[0]
  // The editor link is offered only for products the editor can draw; a failure there must not take the page down.
  const customizable = await loadDecorationOptions(storeIdOf(store), product.id, initialColorId(colorOptions(product), product.images)).then(
    (options) => options !== null && options.printAreas.length > 0,
    (error: unknown) => {
      logger().warn({ err: error, productId: product.id }, 'decoration options could not be read for the product page')
      return false
    },
  )

  const summary = (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{product.name}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('sku', { sku: product.templateSkuCode })}
        {product.drBrandId ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, {t('brand')}: </span>
            {product.drBrandId.name}
          </>
        ) : null}
      </p>
      <p className="mt-4 text-2xl font-semibold text-ink">{formatPriceRange(product.price, product.maxPrice)}</p>
      {product.leadTime ? (
        <p className="mt-2 text-sm text-muted" data-testid="product-lead-time">
          {t('leadTime', { days: formatBusinessDays(product.leadTime) })}
        </p>
      ) : null}
    </div>
  )

  const details = product.description.trim() ? (
    <section aria-labelledby="product-details" className="mt-10 border-t border-line pt-8">
      <h2 id="product-details" className="text-lg font-semibold text-ink">
        {t('details')}
      </h2>
      <RichText source={product.description} className="prose-content mt-3 text-base" />
    </section>
  ) : null

  return (
    <div className="container-page pt-6 sm:pt-8">
      <JsonLd data={productStructuredData(product, website?.currency ?? 'USD')} />
      <Breadcrumbs
        label={t('breadcrumb')}
        crumbs={[
          { label: t('home'), href: '/' },
          { label: t('shop'), href: '/shop' },
          ...(category ? [{ label: category.name, href: `/shop?${serializeShopFilters({ categories: [category.name] })}` }] : []),
          { label: product.name },
        ]}
      />
      <div className="mt-6">
        <ProductView
          product={productViewData(product)}
          summary={summary}
          details={details}
          customizable={customizable}
        />
      </div>
    </div>
  )
}
