import { useTranslations } from 'next-intl'
import { Link } from '@/i18n/navigation'
import type { ProductCardData } from '@/isomorphic/catalog-types'
import { counted, formatPriceRange } from '@/isomorphic/format'
import { Picture } from '../ui/picture'
import { ColorDots, colorsOf } from './color-dots'

type ProductCardProps = {
  product: ProductCardData
  headingLevel?: 'h2' | 'h3'
  /** The first cards of a page are above the fold: load them eagerly. */
  eager?: boolean
  priority?: boolean
  /** The card's rendered width per breakpoint (the image's `sizes`). */
  sizes?: string
  /** The colour to show the product in (the shop's colour filter): its picture, and the link opens it. */
  color?: string | null
}

const DEFAULT_SIZES = '(min-width: 1280px) 290px, (min-width: 1024px) 23vw, (min-width: 640px) 30vw, 46vw'

/**
 * One product in a grid. Every part has a fixed height (the image by its ratio, the name two lines)
 * so that cards line up and the shop's windowed grid can compute row positions.
 */
export function ProductCard({ product, headingLevel: Heading = 'h3', eager = false, priority = false, sizes = DEFAULT_SIZES, color = null }: ProductCardProps) {
  const t = useTranslations('product')
  const colors = colorsOf(product.attributeValues)
  const colorValue = color === null ? undefined : product.attributeValues.find((value) => value.attribute.name === 'Color' && value.name === color)
  // A list cached by an older release has no colorImages: the card then keeps its main picture.
  const colorImage = colorValue ? product.colorImages?.find((image) => image.colorValueId === colorValue.id) : undefined
  const image = colorImage && product.image?.colorValueId !== colorValue?.id ? colorImage : product.image
  const href = `/product/${encodeURIComponent(product.slug)}${colorValue ? `?${new URLSearchParams({ color: colorValue.name })}` : ''}`
  return (
    <article className="group relative flex flex-col">
      <div className="overflow-hidden rounded-card bg-soft">
        <Picture
          image={image}
          alt={colorValue && image !== product.image ? t('cardInColor', { name: product.name, color: colorValue.name }) : product.image?.alt || product.name}
          sizes={sizes}
          widths={[256, 384, 512, 768]}
          loading={eager || priority ? 'eager' : 'lazy'}
          priority={priority}
          className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="mt-3 h-[3.75rem]">
        <Heading className="line-clamp-2 text-sm leading-5 font-medium text-ink">
          <Link
            href={href}
            prefetch={false}
            className="rounded-sm after:absolute after:inset-0 after:rounded-card focus-visible:outline-none group-has-[:focus-visible]:after:outline-2 group-has-[:focus-visible]:after:outline-offset-4 group-has-[:focus-visible]:after:outline-accent"
          >
            {product.name}
          </Link>
        </Heading>
        <p className="mt-0.5 truncate text-xs leading-4 text-muted">{t('sku', { sku: product.templateSkuCode })}</p>
      </div>
      <p className="h-5 text-sm leading-5 font-semibold text-ink">{formatPriceRange(product.price, product.maxPrice)}</p>
      <div className="mt-2">
        <ColorDots colors={colors} label={t('colorsAvailable', counted(colors.length))} />
      </div>
    </article>
  )
}
