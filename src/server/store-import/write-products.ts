import { eq, inArray, sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { productAttributeValues, productCategories, products } from '../db/schema'
import { toCents } from '../kernel/money'
import { garmentOfProduct } from './decoration-schema'
import type { StoreFile } from './store-file-schema'
import { scale, sync, syncLinks, type Tally } from './sync-rows'

// The store file's `products`: the product rows (by slug; unpublished, never deleted) and their
// categories, colours and sizes.

export function variantPrices(product: StoreFile['products'][number]): Map<string, number> {
  const base = toCents(product.price)
  return new Map(product.sizes.map((size) => [size, base + toCents(product.sizeUpcharges[size] ?? 0)]))
}

export async function writeProducts(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, refs: { brandIds: Map<string, number> }) {
  const existing = await tx
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      templateSkuCode: products.templateSkuCode,
      description: products.description,
      priceAmount: products.priceAmount,
      maxPriceAmount: products.maxPriceAmount,
      weight: products.weight,
      taxCode: products.taxCode,
      brandId: products.brandId,
      websiteSequence: products.websiteSequence,
      isPublished: products.isPublished,
      garmentKind: products.garmentKind,
      leadTime: products.leadTime,
      sizeChart: products.sizeChart,
    })
    .from(products)
    .where(eq(products.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'products',
    existing,
    desired: file.products.map((product) => {
      const prices = [...variantPrices(product).values()]
      return {
        slug: product.slug,
        name: product.name,
        templateSkuCode: product.templateSkuCode,
        description: product.description,
        priceAmount: Math.min(...prices),
        maxPriceAmount: Math.max(...prices),
        weight: scale(product.weight, 3),
        taxCode: product.taxCode,
        brandId: product.brand ? refs.brandIds.get(product.brand)! : null,
        websiteSequence: product.websiteSequence,
        isPublished: product.published,
        garmentKind: garmentOfProduct(product),
        leadTime: product.leadTime ?? null,
        sizeChart: product.sizeChart ?? null,
      }
    }),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(products)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: products.id, key: products.slug }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(products).set(values).where(eq(products.id, id)),
  })
  // Orders may point at products the file no longer lists: they are unpublished, not deleted.
  const stillPublished = leftover.filter((row) => row.isPublished)
  if (stillPublished.length > 0) {
    // store-scope: ids come from the rows this import read with its websiteId
    await tx
      .update(products)
      .set({ isPublished: false, updatedAt: new Date() })
      .where(
        inArray(
          products.id,
          stillPublished.map((row) => row.id),
        ),
      )
    tally.add('products', 'removed', stillPublished.length)
    tally.note('products', 'removed', stillPublished.map((row) => row.slug))
  }
  return ids
}

export async function writeProductLinks(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  refs: { categoryIds: Map<string, number>; colorValueIds: Map<string, number>; sizeValueIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  await syncLinks({
    tally,
    entity: 'productCategories',
    existing: await tx
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids)),
    desired: file.products.flatMap((product) =>
      product.categories.map((slug) => ({ productId: productIds.get(product.slug)!, categoryId: refs.categoryIds.get(slug)! })),
    ),
    keyOf: (link) => `${link.productId}/${link.categoryId}`,
    insert: (links) => tx.insert(productCategories).values(links),
    remove: (links) =>
      tx.delete(productCategories).where(
        sql`(${productCategories.productId}, ${productCategories.categoryId}) in (${sql.join(
          links.map((link) => sql`(${link.productId}, ${link.categoryId})`),
          sql`, `,
        )})`,
      ),
  })
  await syncLinks({
    tally,
    entity: 'productAttributeValues',
    existing: await tx
      .select({ productId: productAttributeValues.productId, attributeValueId: productAttributeValues.attributeValueId })
      .from(productAttributeValues)
      .where(inArray(productAttributeValues.productId, ids)),
    desired: file.products.flatMap((product) => {
      const productId = productIds.get(product.slug)!
      return [
        ...product.colors.map((name) => ({ productId, attributeValueId: refs.colorValueIds.get(name)! })),
        ...product.sizes.map((name) => ({ productId, attributeValueId: refs.sizeValueIds.get(name)! })),
      ]
    }),
    keyOf: (link) => `${link.productId}/${link.attributeValueId}`,
    insert: (links) => tx.insert(productAttributeValues).values(links),
    remove: (links) =>
      tx.delete(productAttributeValues).where(
        sql`(${productAttributeValues.productId}, ${productAttributeValues.attributeValueId}) in (${sql.join(
          links.map((link) => sql`(${link.productId}, ${link.attributeValueId})`),
          sql`, `,
        )})`,
      ),
  })
}
