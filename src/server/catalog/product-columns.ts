import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { productImages, productVariants } from '../db/schema'
import { slugify } from '../images/image-store'

// How a product's variants and images are read, wherever they are read: the product page, the
// cart's pricing and the store import.

/** A variant as the shop reads it: its SKU, colour, size and price (cents). */
export const VARIANT_COLUMNS = {
  id: productVariants.id,
  sku: productVariants.sku,
  colorValueId: productVariants.colorValueId,
  sizeValueId: productVariants.sizeValueId,
  priceAmount: productVariants.priceAmount,
}

/** An image as the shop shows it: where it is, its words, and the colour or logo it shows. */
export const PRODUCT_IMAGE_COLUMNS = {
  path: productImages.path,
  name: productImages.name,
  alt: productImages.alt,
  colorValueId: productImages.colorValueId,
  logoId: productImages.logoId,
}

/** A product's images in display order. */
export function readProductImages(db: Executor, productId: number) {
  return db
    .select(PRODUCT_IMAGE_COLUMNS)
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sequence), asc(productImages.id))
}

/** A variant's SKU as the store file makes it, and the console proposes it: 'PC54-NAVY-XL'. */
export function variantSku(templateSkuCode: string, color: string, size: string): string {
  return `${templateSkuCode}-${slugify(color).toUpperCase()}-${size.toUpperCase()}`
}
