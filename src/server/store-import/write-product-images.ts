import { eq, inArray } from 'drizzle-orm'
import { PRODUCT_IMAGE_COLUMNS } from '../catalog/product-columns'
import type { Transaction } from '../db/client'
import { productImages } from '../db/schema'
import type { PreparedImages } from './store-images'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The products' images as drawn and copied by prepareStoreImages, by position.

export async function writeProductImages(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  images: PreparedImages,
  refs: { colorValueIds: Map<string, number>; logoIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  const existing = await tx
    .select({ id: productImages.id, productId: productImages.productId, sequence: productImages.sequence, ...PRODUCT_IMAGE_COLUMNS })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
  const { leftover } = await sync({
    tally,
    entity: 'productImages',
    existing,
    desired: file.products.flatMap((product) =>
      (images.products.get(product.slug) ?? []).map((image) => ({
        productId: productIds.get(product.slug)!,
        path: image.path,
        name: image.name,
        alt: image.alt,
        colorValueId: image.color ? refs.colorValueIds.get(image.color)! : null,
        logoId: image.logo ? refs.logoIds.get(image.logo)! : null,
        sequence: image.sequence,
      })),
    ),
    // By position, so a redrawn image (a new hashed name) updates its row and keeps its id.
    keyOf: (row) => `${row.productId}/${row.sequence}`,
    insert: async (rows) =>
      (
        await tx
          .insert(productImages)
          .values(rows)
          .returning({ id: productImages.id, productId: productImages.productId, sequence: productImages.sequence })
      ).map((row) => ({ id: row.id, key: `${row.productId}/${row.sequence}` })),
    update: (id, values) => tx.update(productImages).set(values).where(eq(productImages.id, id)),
  })
  await removeRows(tx, tally, 'productImages', productImages, leftover)
}
