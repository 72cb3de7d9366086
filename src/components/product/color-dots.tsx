import type { ProductAttributeValue } from '@/isomorphic/catalog-types'

const MAX_DOTS = 6

/** Up to six swatches of a product's colours; the count is read out instead of each dot. */
export function ColorDots({ colors, label }: { colors: ProductAttributeValue[]; label: string }) {
  if (colors.length === 0) return <p className="h-4" aria-hidden="true" />
  const shown = colors.slice(0, MAX_DOTS)
  const hidden = colors.length - shown.length
  return (
    <p className="flex h-4 items-center gap-1.5">
      <span className="sr-only">{label}</span>
      {shown.map((color) => (
        <span
          key={color.id}
          aria-hidden="true"
          title={color.name}
          className="size-3.5 rounded-full ring-1 ring-black/15 ring-inset"
          style={{ backgroundColor: swatchColor(color) }}
        />
      ))}
      {hidden > 0 ? (
        <span aria-hidden="true" className="text-xs font-medium text-muted">
          +{hidden}
        </span>
      ) : null}
    </p>
  )
}

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i

/** The colour value's CSS colour when it is a plain colour; a neutral grey otherwise. */
export function swatchColor(color: Pick<ProductAttributeValue, 'htmlColor' | 'name'>): string {
  const value = color.htmlColor?.trim()
  if (value && SAFE_COLOR.test(value)) return value
  return '#d4d7dc'
}

export function colorsOf(values: ProductAttributeValue[]): ProductAttributeValue[] {
  return values.filter((value) => value.attribute.name === 'Color')
}
