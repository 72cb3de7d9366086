import { eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { productPriceBreaks } from '../db/schema'
import { toCents } from '../kernel/money'
import type { StoreFile } from './store-file-schema'
import { chunks, sync, type Tally } from './sync-rows'

// The store file's `priceBreaks` of each product: one row per product and minimum quantity, matched
// by that pair, so importing the same file again changes nothing; a break the file no longer lists
// is removed (a product without the field has none).

export async function writePriceBreaks(tx: Transaction, tally: Tally, file: StoreFile, productIds: Map<string, number>) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  const existing: { id: number; productId: number; minQuantity: number; priceAmount: number }[] = []
  for (const chunk of chunks(ids, 5000)) {
    existing.push(
      ...(await tx
        .select({ id: productPriceBreaks.id, productId: productPriceBreaks.productId, minQuantity: productPriceBreaks.minQuantity, priceAmount: productPriceBreaks.priceAmount })
        .from(productPriceBreaks)
        .where(inArray(productPriceBreaks.productId, chunk))),
    )
  }
  const { leftover } = await sync({
    tally,
    entity: 'priceBreaks',
    existing,
    desired: file.products.flatMap((product) => {
      const productId = productIds.get(product.slug)!
      return product.priceBreaks.map((tier) => ({ productId, minQuantity: tier.minQuantity, priceAmount: toCents(tier.price) }))
    }),
    keyOf: (row) => `${row.productId}/${row.minQuantity}`,
    insert: async (rows) =>
      (
        await tx
          .insert(productPriceBreaks)
          .values(rows)
          .returning({ id: productPriceBreaks.id, productId: productPriceBreaks.productId, minQuantity: productPriceBreaks.minQuantity })
      ).map((row) => ({ id: row.id, key: `${row.productId}/${row.minQuantity}` })),
    // The table has no updatedAt: only the price can change for a given product and quantity.
    update: (id, values) => tx.update(productPriceBreaks).set({ priceAmount: values.priceAmount }).where(eq(productPriceBreaks.id, id)),
  })
  for (const chunk of chunks(leftover, 1000)) {
    await tx.delete(productPriceBreaks).where(
      inArray(
        productPriceBreaks.id,
        chunk.map((row) => row.id),
      ),
    )
  }
  if (leftover.length > 0) tally.add('priceBreaks', 'removed', leftover.length)
}
