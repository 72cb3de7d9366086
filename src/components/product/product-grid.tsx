import type { ProductListItem } from '@/isomorphic/catalog-types'
import { ProductCard } from './product-card'

type ProductGridProps = { products: ProductListItem[]; headingLevel?: 'h2' | 'h3'; eagerCount?: number }

/**
 * A plain grid of product cards, three or four across on wide screens (whichever leaves no row
 * half empty); the first `eagerCount` images load eagerly (above the fold).
 */
export function ProductGrid({ products, headingLevel = 'h3', eagerCount = 0 }: ProductGridProps) {
  const threeAcross = products.length % 3 === 0 && products.length % 4 !== 0
  const sizes = threeAcross
    ? '(min-width: 1280px) 390px, (min-width: 1024px) 31vw, (min-width: 640px) 30vw, 46vw'
    : '(min-width: 1280px) 290px, (min-width: 1024px) 23vw, (min-width: 640px) 30vw, 46vw'
  return (
    <ul role="list" className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 ${threeAcross ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerCount} sizes={sizes} />
        </li>
      ))}
    </ul>
  )
}
