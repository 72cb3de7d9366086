import type { ProductListItem } from '@/shared/catalog-types'
import { ProductCard } from './product-card'

export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4'

type ProductGridProps = { products: ProductListItem[]; headingLevel?: 'h2' | 'h3'; eagerCount?: number }

/** A plain grid of product cards; the first `eagerCount` images load eagerly (above the fold). */
export function ProductGrid({ products, headingLevel = 'h3', eagerCount = 0 }: ProductGridProps) {
  return (
    <ul role="list" className={PRODUCT_GRID_CLASS}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  )
}
