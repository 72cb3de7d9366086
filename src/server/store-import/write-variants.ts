import { eq, inArray, sql } from 'drizzle-orm'
import { VARIANT_COLUMNS, variantSku } from '../catalog/product-columns'
import type { Transaction } from '../db/client'
import { productVariantLogos, productVariants } from '../db/schema'
import type { StoreFile } from './store-file-schema'
import { chunks, removeRows, sync, syncLinks, type Tally } from './sync-rows'
import { variantPrices } from './write-products'

// Every colour × size of each product as a variant (by SKU), with the logos it carries.


export async function writeVariants(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  refs: { colorValueIds: Map<string, number>; sizeValueIds: Map<string, number>; logoIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  const existing = await tx
    .select({ ...VARIANT_COLUMNS, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
  const desired = file.products.flatMap((product) => {
    const productId = productIds.get(product.slug)!
    const prices = variantPrices(product)
    return product.colors.flatMap((color) =>
      product.sizes.map((size) => ({
        productId,
        sku: variantSku(product.templateSkuCode, color, size),
        colorValueId: refs.colorValueIds.get(color)!,
        sizeValueId: refs.sizeValueIds.get(size)!,
        priceAmount: prices.get(size)!,
      })),
    )
  })
  const { ids: variantIds, leftover } = await sync({
    tally,
    entity: 'variants',
    existing,
    desired,
    keyOf: (row) => `${row.productId}/${row.sku}`,
    insert: async (rows) =>
      (await tx.insert(productVariants).values(rows).returning({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })).map(
        (row) => ({ id: row.id, key: `${row.productId}/${row.sku}` }),
      ),
    update: (id, values) => tx.update(productVariants).set(values).where(eq(productVariants.id, id)),
  })
  await removeRows(tx, tally, 'variants', productVariants, leftover)

  const allVariantIds = [...variantIds.values()]
  const existingLinks: { variantId: number; logoId: number }[] = []
  for (const chunk of chunks(allVariantIds, 5000)) {
    existingLinks.push(
      ...(await tx
        .select({ variantId: productVariantLogos.variantId, logoId: productVariantLogos.logoId })
        .from(productVariantLogos)
        .where(inArray(productVariantLogos.variantId, chunk))),
    )
  }
  const logosBySlug = new Map(file.products.map((product) => [product.slug, product.logos.map((code) => refs.logoIds.get(code)!)]))
  const slugById = new Map([...productIds].map(([slug, id]) => [id, slug]))
  await syncLinks({
    tally,
    entity: 'variantLogos',
    existing: existingLinks,
    desired: desired.flatMap((variant) => {
      const variantId = variantIds.get(`${variant.productId}/${variant.sku}`)!
      return (logosBySlug.get(slugById.get(variant.productId)!) ?? []).map((logoId) => ({ variantId, logoId }))
    }),
    keyOf: (link) => `${link.variantId}/${link.logoId}`,
    insert: (links) => tx.insert(productVariantLogos).values(links),
    remove: async (links) => {
      for (const chunk of chunks(links, 1000)) {
        await tx.delete(productVariantLogos).where(
          sql`(${productVariantLogos.variantId}, ${productVariantLogos.logoId}) in (${sql.join(
            chunk.map((link) => sql`(${link.variantId}, ${link.logoId})`),
            sql`, `,
          )})`,
        )
      }
    },
  })
}
