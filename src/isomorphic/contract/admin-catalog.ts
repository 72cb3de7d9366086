import { EditVersionSchema } from './admin-edit'
import { cssColor, slug, text } from './field-rules'
import { idSchema } from './fields'
import { z } from './zod'

// Product images and the catalog's vocabulary in the console (issue 16). Images: uploaded through
// POST /api/admin/product-images (multipart: websiteId, productId, colorValueId, file…), then given
// alt text and a colour, reordered and deleted with the keys below. The vocabulary: the store's
// categories, and the install's brands, colours and sizes (shared by every store). Every key names
// the store it acts from ('store.manage' on it); a record of another store answers 404.

/** The largest file the console takes as a product image. */
export const MAX_PRODUCT_IMAGE_BYTES = 15 * 1024 * 1024
export const MAX_PRODUCT_IMAGE_SIZE_LABEL = '15 MB'
/** Files in one upload request (the page sends them one by one). */
export const MAX_PRODUCT_IMAGES_PER_UPLOAD = 10
export const PRODUCT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp'
export const MAX_IMAGE_ALT = 300
export const MAX_TAXONOMY_NAME = 100

const websiteId = idSchema('store')
const imageId = idSchema('image')
const productId = idSchema('product')
const name = text.max(MAX_TAXONOMY_NAME, `must be at most ${MAX_TAXONOMY_NAME} characters`)
const alt = z.string({ error: 'must be text' }).trim().max(MAX_IMAGE_ALT, `must be at most ${MAX_IMAGE_ALT} characters`)
const ids = (what: string) =>
  z
    .array(idSchema(what))
    .min(1, `must list at least one ${what}`)
    .max(1000, 'is too long')
    .refine((list) => new Set(list).size === list.length, `must not list a ${what} twice`)

/** A new record (no id, no version) or a change to one (its id and the version that was opened). */
const saved = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ websiteId, id: idSchema('record').optional(), version: EditVersionSchema.optional(), ...shape }).refine((value) => (value as { id?: number }).id === undefined || (value as { version?: number }).version !== undefined, {
    message: 'must be the version of the record you opened',
    path: ['version'],
  })
const removed = z.strictObject({ websiteId, id: idSchema('record'), version: EditVersionSchema })

export const CATALOG_ADMIN_QUERY_INPUTS = {
  /** A product's images in the shop's order, optionally one colour's only. */
  'productImages.list': z.strictObject({ websiteId, productId, colorValueId: idSchema('colour').optional() }),
  /** The store's categories and the install's brands, colours and sizes, each with how many products use it. */
  'catalog.taxonomy': z.strictObject({ websiteId }),
} satisfies Record<string, z.ZodType>

export const CATALOG_ADMIN_MUTATION_INPUTS = {
  'productImages.update': z.strictObject({ websiteId, imageId, version: EditVersionSchema, alt, colorValueId: idSchema('colour').nullable() }),
  /** The product's images in their new order (every image of the product, once). */
  'productImages.reorder': z.strictObject({ websiteId, productId, imageIds: ids('image') }),
  'productImages.delete': z.strictObject({ websiteId, imageId, version: EditVersionSchema }),
  'catalog.saveCategory': saved({ name, slug }),
  'catalog.deleteCategory': removed,
  'catalog.reorderCategories': z.strictObject({ websiteId, ids: ids('category') }),
  'catalog.saveBrand': saved({ name }),
  'catalog.deleteBrand': removed,
  'catalog.saveColor': saved({ name, css: cssColor }),
  'catalog.deleteColor': removed,
  'catalog.reorderColors': z.strictObject({ websiteId, ids: ids('colour') }),
  'catalog.saveSize': saved({ name }),
  'catalog.deleteSize': removed,
} satisfies Record<string, z.ZodType>

export type ProductImageData = {
  id: number
  version: number
  /** A square thumbnail's address (the image route), or the https:// address of an external image. */
  thumbnailUrl: string
  alt: string
  colorValueId: number | null
  colorName: string | null
  sequence: number
  /** The stored file's name (or the external address's last part). */
  fileName: string
}

export type ProductImagesData = {
  product: { id: number; websiteId: number; name: string; slug: string; isPublished: boolean }
  /** The product's colours (an image shows one of them, or all). */
  colors: { id: number; name: string; css: string | null }[]
  images: ProductImageData[]
}

export type TaxonomyEntry = { id: number; version: number; name: string; productCount: number }

export type CatalogTaxonomyData = {
  categories: (TaxonomyEntry & { slug: string; sequence: number })[]
  brands: TaxonomyEntry[]
  colors: (TaxonomyEntry & { css: string | null; sequence: number })[]
  /** In the spec's size order (src/isomorphic/size-order.ts). */
  sizes: TaxonomyEntry[]
}

export type ProductImagesUploadResponse = { images: ProductImageData[] }

type Saved = { id: number; version: number }

export type CatalogAdminQueryResponses = {
  'productImages.list': ProductImagesData
  'catalog.taxonomy': CatalogTaxonomyData
}

export type CatalogAdminMutationResponses = {
  'productImages.update': { image: ProductImageData }
  'productImages.reorder': { imageIds: number[] }
  'productImages.delete': { deleted: number }
  'catalog.saveCategory': Saved
  'catalog.deleteCategory': { deleted: number }
  'catalog.reorderCategories': { ids: number[] }
  'catalog.saveBrand': Saved
  'catalog.deleteBrand': { deleted: number }
  'catalog.saveColor': Saved
  'catalog.deleteColor': { deleted: number }
  'catalog.reorderColors': { ids: number[] }
  'catalog.saveSize': Saved
  'catalog.deleteSize': { deleted: number }
}
