import path from 'node:path'
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import {
  type CatalogAdminMutationResponses,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGE_SIZE_LABEL,
  MAX_PRODUCT_IMAGES_PER_UPLOAD,
  type ProductImageData,
  type ProductImagesData,
} from '@/isomorphic/contract/admin-catalog'
import type { ParsedAdminMutationValues, ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import { isAbsoluteImageUrl, productImageUrl } from '@/isomorphic/image-address'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type CacheName, invalidateCaches } from '../cache/named-cache'
import { type Executor, getDb } from '../db/client'
import { attributes, attributeValues, productAttributeValues, productImages, products, productVariants, websites } from '../db/schema'
import { deleteStoredImage, slugify } from '../images/image-store'
import { normalizeUploadedImage, storeUploadedImage } from '../images/uploaded-image'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'

// A product's images in the console (issue 16): upload (POST /api/admin/product-images, several
// files at once), alt text and colour, order, delete. Store managers of the product's store and
// owners ('store.manage'); a product of another store answers 404 like a missing one. Uploads go
// through the image pipeline (images/uploaded-image.ts: checked, re-encoded, stored content-hashed),
// into a folder of their own per product (stores/{code}/product-uploads/{id}), which a store-file
// import never clears. Each save is one transaction with its audit rows; the caches that show a
// product's images are dropped after it commits.

/** The caches that carry product images: the list, the product page, featured products, the home page. */
export const PRODUCT_IMAGE_CACHES: readonly CacheName[] = ['ProductList', 'Products', 'FeaturedProducts', 'HomePage']

const THUMBNAIL = 256

type ImageRow = typeof productImages.$inferSelect
type ProductRow = { id: number; websiteId: number; name: string; slug: string; isPublished: boolean }

/** The product, if the caller manages `websiteId` and the product is that store's; else 404. */
async function managedProduct(db: Executor, ctx: CoreContext, websiteId: number, productId: number, lock = false): Promise<ProductRow> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const query = db
    .select({ id: products.id, websiteId: products.websiteId, name: products.name, slug: products.slug, isPublished: products.isPublished })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.websiteId, websiteId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Product', productId)
  return row
}

/** The image, if it belongs to a product of `websiteId` that the caller manages; else 404. */
async function managedImage(db: Executor, ctx: CoreContext, websiteId: number, imageId: number): Promise<{ image: ImageRow; product: ProductRow }> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const [found] = await db
    .select({ image: productImages, product: { id: products.id, websiteId: products.websiteId, name: products.name, slug: products.slug, isPublished: products.isPublished } })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(productImages.id, imageId), eq(products.websiteId, websiteId)))
    .for('update', { of: productImages })
  if (!found) throw notFound('Image', imageId)
  return found
}

/** The product's colours: those of its variants and those listed on it, in the shop's order. */
async function productColors(db: Executor, productId: number): Promise<ProductImagesData['colors']> {
  const rows = await db
    .selectDistinct({ id: attributeValues.id, name: attributeValues.name, css: attributeValues.htmlColor, sequence: attributeValues.sequence })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(
      and(
        eq(attributes.name, 'Color'),
        sql`(${attributeValues.id} in (select ${productVariants.colorValueId} from ${productVariants} where ${productVariants.productId} = ${productId})
          or ${attributeValues.id} in (select ${productAttributeValues.attributeValueId} from ${productAttributeValues} where ${productAttributeValues.productId} = ${productId}))`,
      ),
    )
  return rows
    .sort((a, b) => a.sequence - b.sequence || a.name.localeCompare(b.name) || a.id - b.id)
    .map(({ id, name, css }) => ({ id, name, css }))
}

function imageData(row: ImageRow, colorNames: ReadonlyMap<number, string>): ProductImageData {
  const external = isAbsoluteImageUrl(row.path)
  return {
    id: row.id,
    version: row.version,
    thumbnailUrl: productImageUrl({ path: row.path, name: row.name }, THUMBNAIL, THUMBNAIL),
    alt: row.alt,
    colorValueId: row.colorValueId,
    colorName: row.colorValueId === null ? null : (colorNames.get(row.colorValueId) ?? null),
    sequence: row.sequence,
    fileName: external ? path.posix.basename(new URL(row.path).pathname) : row.name,
  }
}

const imagesInOrder = (db: Executor, productId: number) =>
  db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sequence), asc(productImages.id))

async function colorNamesFor(db: Executor, rows: readonly ImageRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.colorValueId).filter((id): id is number => id !== null))]
  if (ids.length === 0) return new Map()
  const values = await db.select({ id: attributeValues.id, name: attributeValues.name }).from(attributeValues).where(inArray(attributeValues.id, ids))
  return new Map(values.map((value) => [value.id, value.name]))
}

export async function listProductImages(ctx: CoreContext, value: ParsedAdminQueryValues['productImages.list']): Promise<ProductImagesData> {
  const db = await getDb()
  const product = await managedProduct(db, ctx, value.websiteId, value.productId)
  const [colors, rows] = await Promise.all([productColors(db, product.id), imagesInOrder(db, product.id)])
  const shown = value.colorValueId === undefined ? rows : rows.filter((row) => row.colorValueId === value.colorValueId)
  const names = new Map(colors.map((color) => [color.id, color.name]))
  for (const [id, name] of await colorNamesFor(db, shown)) names.set(id, name)
  return { product, colors, images: shown.map((row) => imageData(row, names)) }
}

async function assertProductColor(db: Executor, productId: number, colorValueId: number | null): Promise<void> {
  if (colorValueId === null) return
  const colors = await productColors(db, productId)
  if (!colors.some((color) => color.id === colorValueId)) {
    throw new DomainError('invalid', `colour ${colorValueId} is not one of product ${productId}'s`, 'That colour is not one of this product’s colours. Choose one of its colours, or “All colours”.')
  }
}

export type UploadedFile = { name: string; data: Buffer }

/** How a file is named in a refusal: its name as sent, quoted and shortened. */
export function fileLabel(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  const short = clean.length > 80 ? `${clean.slice(0, 77)}…` : clean
  return short ? `“${short}”` : 'The file'
}

/**
 * Adds the files to the product's images, after its others, showing `colorValueId` (null: every
 * colour). Every file is checked first: one bad file refuses the upload with its sentence, and
 * nothing is written.
 */
export async function uploadProductImages(
  ctx: CoreContext,
  input: { websiteId: number; productId: number; colorValueId: number | null; files: readonly UploadedFile[] },
): Promise<{ images: ProductImageData[] }> {
  const db = await getDb()
  const product = await managedProduct(db, ctx, input.websiteId, input.productId)
  if (input.files.length === 0) throw new DomainError('invalid', 'no file in the upload', 'Choose at least one image to upload.')
  if (input.files.length > MAX_PRODUCT_IMAGES_PER_UPLOAD) {
    throw new DomainError('invalid', `${input.files.length} files in one upload`, `Upload at most ${MAX_PRODUCT_IMAGES_PER_UPLOAD} images at a time.`)
  }
  for (const file of input.files) {
    if (file.data.length > MAX_PRODUCT_IMAGE_BYTES) {
      throw new DomainError('invalid', `upload of ${file.data.length} bytes`, `${fileLabel(file.name)} is larger than ${MAX_PRODUCT_IMAGE_SIZE_LABEL}: make it smaller and upload it again.`)
    }
  }
  await assertProductColor(db, product.id, input.colorValueId)

  // Decode and re-encode every file before anything is stored: a bad one refuses the whole upload.
  const normalized = []
  for (const file of input.files) normalized.push({ file, image: await normalizeUploadedImage(file.data, fileLabel(file.name)) })
  const [website] = await db.select({ code: websites.code }).from(websites).where(eq(websites.id, product.websiteId))
  const folder = `stores/${slugify(website!.code)}/product-uploads/${product.id}`
  const stored: { file: UploadedFile; result: Awaited<ReturnType<typeof storeUploadedImage>> }[] = []
  for (const { file, image } of normalized) {
    const stem = `${product.slug}-${slugify(path.parse(file.name).name).slice(0, 40)}`
    stored.push({ file, result: await storeUploadedImage(image, folder, stem) })
  }

  const inserted = await db.transaction(async (tx) => {
    await managedProduct(tx, ctx, input.websiteId, input.productId, true)
    const [last] = await tx.select({ sequence: max(productImages.sequence) }).from(productImages).where(eq(productImages.productId, product.id))
    let sequence = (last?.sequence ?? -1) + 1
    const rows: ImageRow[] = []
    for (const { result } of stored) {
      const [row] = await tx
        .insert(productImages)
        .values({ productId: product.id, path: result.folder, name: result.name, alt: product.name, colorValueId: input.colorValueId, sequence: sequence++ })
        .returning()
      rows.push(row!)
      await recordAudit(tx, ctx, {
        websiteId: product.websiteId,
        action: 'productImage.upload',
        entityType: 'productImage',
        entityId: row!.id,
        after: { productId: product.id, name: row!.name, alt: row!.alt, colorValueId: row!.colorValueId, sequence: row!.sequence, version: row!.version },
      })
    }
    return rows
  })
  await invalidateCaches(PRODUCT_IMAGE_CACHES, input.websiteId)
  const names = await colorNamesFor(db, inserted)
  return { images: inserted.map((row) => imageData(row, names)) }
}

export async function updateProductImage(ctx: CoreContext, value: ParsedAdminMutationValues['productImages.update']): Promise<CatalogAdminMutationResponses['productImages.update']> {
  const db = await getDb()
  const row = await db.transaction(async (tx) => {
    const { image, product } = await managedImage(tx, ctx, value.websiteId, value.imageId)
    await assertFreshEdit(tx, { entityType: 'productImage', entityId: image.id, label: `The image ${image.name}`, expectedVersion: value.version, currentVersion: image.version })
    await assertProductColor(tx, product.id, value.colorValueId)
    const version = image.version + 1
    const [updated] = await tx.update(productImages).set({ alt: value.alt, colorValueId: value.colorValueId, version }).where(eq(productImages.id, image.id)).returning()
    await recordAudit(tx, ctx, {
      websiteId: product.websiteId,
      action: 'productImage.update',
      entityType: 'productImage',
      entityId: image.id,
      before: { alt: image.alt, colorValueId: image.colorValueId },
      after: { alt: updated!.alt, colorValueId: updated!.colorValueId, version },
    })
    return updated!
  })
  return { image: imageData(row, await colorNamesFor(db, [row])) }
}

export async function reorderProductImages(ctx: CoreContext, value: ParsedAdminMutationValues['productImages.reorder']): Promise<CatalogAdminMutationResponses['productImages.reorder']> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const product = await managedProduct(tx, ctx, value.websiteId, value.productId, true)
    const rows = await imagesInOrder(tx, product.id)
    const current = rows.map((row) => row.id)
    const known = new Set(current)
    if (value.imageIds.length !== current.length || value.imageIds.some((id) => !known.has(id))) {
      throw new DomainError(
        'conflict',
        `reorder of product ${product.id} with ${value.imageIds.join(',')} but images are ${current.join(',')}`,
        'The product’s images changed since you opened this page. Reload it, then put them in order again.',
      )
    }
    for (const [sequence, id] of value.imageIds.entries()) {
      const row = rows.find((candidate) => candidate.id === id)!
      if (row.sequence !== sequence) await tx.update(productImages).set({ sequence }).where(eq(productImages.id, id))
    }
    await recordAudit(tx, ctx, {
      websiteId: product.websiteId,
      action: 'product.images_reorder',
      entityType: 'product',
      entityId: product.id,
      before: { imageIds: current },
      after: { imageIds: value.imageIds },
    })
    return { imageIds: value.imageIds }
  })
}

export async function deleteProductImage(ctx: CoreContext, value: ParsedAdminMutationValues['productImages.delete']): Promise<CatalogAdminMutationResponses['productImages.delete']> {
  const db = await getDb()
  const image = await db.transaction(async (tx) => {
    const { image, product } = await managedImage(tx, ctx, value.websiteId, value.imageId)
    await assertFreshEdit(tx, { entityType: 'productImage', entityId: image.id, label: `The image ${image.name}`, expectedVersion: value.version, currentVersion: image.version })
    await tx.delete(productImages).where(eq(productImages.id, image.id))
    await recordAudit(tx, ctx, {
      websiteId: product.websiteId,
      action: 'productImage.delete',
      entityType: 'productImage',
      entityId: image.id,
      before: { productId: product.id, path: image.path, name: image.name, alt: image.alt, colorValueId: image.colorValueId, sequence: image.sequence },
    })
    return image
  })
  await removeUploadedFile(db, image)
  return { deleted: image.id }
}

/** Removes an uploaded file that no image row uses any more (a store file's own images are the import's). */
async function removeUploadedFile(db: Executor, image: ImageRow): Promise<void> {
  if (!/^stores\/[a-z0-9-]+\/product-uploads\/\d+$/.test(image.path)) return
  const [used] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.path, image.path), eq(productImages.name, image.name)))
    .limit(1)
  if (used) return
  await deleteStoredImage(`${image.path}/${image.name}`).catch(() => undefined)
}

export const PRODUCT_IMAGE_ADMIN_QUERIES = {
  'productImages.list': defineAdminQuery('productImages.list', (value, ctx) => listProductImages(ctx, value)),
}

export const PRODUCT_IMAGE_ADMIN_MUTATIONS = {
  'productImages.update': defineAdminMutation('productImages.update', { invalidates: PRODUCT_IMAGE_CACHES, handler: (value, ctx) => updateProductImage(ctx, value) }),
  'productImages.reorder': defineAdminMutation('productImages.reorder', { invalidates: PRODUCT_IMAGE_CACHES, handler: (value, ctx) => reorderProductImages(ctx, value) }),
  'productImages.delete': defineAdminMutation('productImages.delete', { invalidates: PRODUCT_IMAGE_CACHES, handler: (value, ctx) => deleteProductImage(ctx, value) }),
}
