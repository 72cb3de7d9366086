import type { ProductDetails, ProductImage, ProductVariant } from '@/isomorphic/catalog-types'
import { fromCents, toCents } from '@/isomorphic/money'
import { type PriceBreak, priceTiers, unitPriceAt } from '@/isomorphic/price-breaks'
import { compareSizes } from '@/isomorphic/size-order'
import { NO_SIZE, variantsBySize, variantsOfColor, variantsWithLogo } from '@/isomorphic/variant-resolution'

// What the product page offers for a chosen colour and logo, derived from the variants by the rule
// the server prices with (variant-resolution.ts): decorated apparel is one colour with one logo,
// ordered as a quantity per size.

export type ColorOption = { id: number; name: string; htmlColor: string | null }
export type LogoOption = ProductVariant['logoIds'][number]
export type SizeOption = { name: string; variantId: number; price: number }

type OptionsSource = Pick<ProductDetails, 'attributeValues' | 'productVariants'>

/** The colours that have variants, in the product's colour order. */
export function colorOptions(product: OptionsSource): ColorOption[] {
  const used = new Set(product.productVariants.map((variant) => variant.colorValueId))
  return product.attributeValues
    .filter((value) => value.attribute.name === 'Color' && used.has(value.id))
    .map((value) => ({ id: value.id, name: value.name, htmlColor: value.htmlColor ?? null }))
}

/** The colour a product page opens on: the one its first picture shows (the list's picture), else the first. */
export function initialColorId(colors: ColorOption[], images: ProductImage[]): number | null {
  const pictured = images[0]?.colorValueId
  return colors.find((color) => color.id === pictured)?.id ?? colors[0]?.id ?? null
}

/** The colour of that name (any case), as `?color=<name>` asks for it; null when none or not one of these. */
export function colorNamed(colors: ColorOption[], name: string | null): number | null {
  const asked = name?.trim().toLowerCase()
  if (!asked) return null
  return colors.find((color) => color.name.trim().toLowerCase() === asked)?.id ?? null
}

/** The logos the chosen colour's variants may be decorated with, in first-seen order. */
export function logoOptions(product: OptionsSource, colorId: number | null): LogoOption[] {
  const seen = new Map<number, LogoOption>()
  for (const variant of variantsOfColor(product.productVariants, colorId)) {
    for (const logo of variant.logoIds) if (!seen.has(logo.id)) seen.set(logo.id, logo)
  }
  return [...seen.values()]
}

/** One entry per size for the colour and logo, in size order, with that size's variant and price. */
export function sizeOptions(product: OptionsSource, colorId: number | null, logoId: number | null): SizeOption[] {
  const sizeNames = new Map(
    product.attributeValues.filter((value) => value.attribute.name === 'Size').map((value) => [value.id, value.name]),
  )
  const candidates = variantsWithLogo(variantsOfColor(product.productVariants, colorId), logoId, (variant, id) => variant.logoIds.some((logo) => logo.id === id))
  const bySize = variantsBySize(candidates, (variant) => (variant.sizeValueId === null ? NO_SIZE : sizeNames.get(variant.sizeValueId)))
  return [...bySize]
    .map(([name, variant]) => ({ name, variantId: variant.id, price: variant.price }))
    .sort((a, b) => compareSizes(a.name, b.name))
}

/** The gallery for a colour: its own pictures, else the ones for every colour, else all of them. */
export function imagesForColor(images: ProductImage[], colorId: number | null): ProductImage[] {
  if (colorId !== null) {
    const own = images.filter((image) => image.colorValueId === colorId)
    if (own.length > 0) return own
  }
  const shared = images.filter((image) => image.colorValueId === null)
  return shared.length > 0 ? shared : images
}

/**
 * The logo the form shows chosen: the shopper's choice while the colour offers it, else the logo of
 * the colour's first picture (so the picture and the choice agree), else the first logo offered.
 */
export function chosenLogoId(logos: LogoOption[], chosen: number | null, images: ProductImage[], colorId: number | null): number | null {
  const offered = (id: number | null) => id !== null && logos.some((logo) => logo.id === id)
  if (offered(chosen)) return chosen
  const pictured = imagesForColor(images, colorId).find((image) => offered(image.logoId))?.logoId ?? null
  return pictured ?? logos[0]?.id ?? null
}

/**
 * The gallery for a colour and logo: the colour's pictures that show that logo or none in particular;
 * when none shows the logo, every picture of the colour (imagesForColor).
 */
export function imagesFor(images: ProductImage[], colorId: number | null, logoId: number | null): ProductImage[] {
  const forColor = imagesForColor(images, colorId)
  if (logoId === null || !forColor.some((image) => image.logoId === logoId)) return forColor
  return forColor.filter((image) => image.logoId === logoId || image.logoId === null)
}


type PricingSource = Pick<ProductDetails, 'basePrice' | 'priceBreaks'>

function breaksInCents(product: PricingSource): PriceBreak[] {
  return product.priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, priceAmount: toCents(tier.price) }))
}

/**
 * A size's unit price at `pieces` of the product (every piece of it, all colours and sizes), by the
 * rule the server charges with (src/isomorphic/price-breaks.ts).
 */
export function unitPriceFor(product: PricingSource, sizePrice: number, pieces: number): number {
  return fromCents(unitPriceAt({ basePrice: toCents(product.basePrice), variantPrice: toCents(sizePrice), breaks: breaksInCents(product), quantity: pieces }))
}

/** The quantity tiers as a shopper reads them ("1–11 $20.00 · 12–47 $18.00 · 48+ $16.00"); empty without breaks. */
export function quantityTiers(product: PricingSource): { from: number; to: number | null; price: number }[] {
  if (product.priceBreaks.length === 0) return []
  return priceTiers(toCents(product.basePrice), breaksInCents(product)).map((tier) => ({ from: tier.from, to: tier.to, price: fromCents(tier.priceAmount) }))
}
