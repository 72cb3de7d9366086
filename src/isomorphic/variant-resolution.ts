// Which variant a cart line's pieces are made of: one rule for the product page's size grid and
// for the server's pricing (and so the summary and createOrder). A line names a colour, a logo and
// pieces per size; each size is the first variant, in the product's variant order, of that colour
// that carries that logo and is of that size.

/** A variant without a size is ordered by plain quantity (the spec's 'Quantity' size). */
export const NO_SIZE = 'Quantity'

/** The colour's variants; every variant when no colour is chosen. */
export function variantsOfColor<V extends { colorValueId: number | null }>(variants: readonly V[], colorId: number | null): V[] {
  return colorId === null ? [...variants] : variants.filter((variant) => variant.colorValueId === colorId)
}

/** The variants that may carry the logo; all of them when no logo is chosen. */
export function variantsWithLogo<V>(variants: readonly V[], logoId: number | null, carries: (variant: V, logoId: number) => boolean): V[] {
  return logoId === null ? [...variants] : variants.filter((variant) => carries(variant, logoId))
}

/**
 * Size name → the variant its pieces are made of: the first variant of that size. Variants whose
 * size has no name (a size value that no longer exists) cannot be ordered and are left out.
 */
export function variantsBySize<V>(variants: readonly V[], sizeNameOf: (variant: V) => string | null | undefined): Map<string, V> {
  const bySize = new Map<string, V>()
  for (const variant of variants) {
    const name = sizeNameOf(variant)
    if (name && !bySize.has(name)) bySize.set(name, variant)
  }
  return bySize
}
