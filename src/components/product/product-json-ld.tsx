import type { ProductDetails } from '@/isomorphic/catalog-types'
import { productImageUrl } from '@/isomorphic/image-address'
import { plainText } from '../content/markdown'

/** schema.org Product data for search engines. */
export function productStructuredData(product: ProductDetails, currency: string) {
  const prices = product.productVariants.map((variant) => variant.price)
  const low = prices.length > 0 ? Math.min(...prices) : product.price
  const high = prices.length > 0 ? Math.max(...prices) : Math.max(product.price, product.maxPrice)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.templateSkuCode,
    description: plainText(product.description, 500) || undefined,
    image: product.images.slice(0, 4).map((image) => productImageUrl(image, 1200, 1200)),
    brand: product.drBrandId ? { '@type': 'Brand', name: product.drBrandId.name } : undefined,
    category: product.categories[0]?.name,
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: currency,
      lowPrice: low.toFixed(2),
      highPrice: high.toFixed(2),
      offerCount: Math.max(1, product.productVariants.length),
      availability: 'https://schema.org/InStock',
    },
  }
}

/**
 * JSON inside a script element: `<` is escaped so that no value (a product name with
 * "</script>", say) can end the element early.
 */
export function JsonLd({ data }: { data: unknown }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}
