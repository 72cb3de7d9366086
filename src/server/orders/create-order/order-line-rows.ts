import { compareSizes } from '@/isomorphic/size-order'
import type { orderLines } from '../../db/schema'
import { toCents } from '../../kernel/money'
import { type CheckoutQuote, spreadDiscount } from '../../checkout/checkout-pricing'

export type OrderLineRow = typeof orderLines.$inferInsert

/** One order line per size of each cart line, in size order, with the line's discount spread over them. */
export function orderLineRows(orderId: number, quote: CheckoutQuote): OrderLineRow[] {
  const rows: OrderLineRow[] = []
  quote.lines.forEach(({ line, display, design }, lineIndex) => {
    const sizes = Object.keys(line.quantity).sort(compareSizes)
    const amounts = sizes.map((size) => toCents(display.unitPrices[size]!) * line.quantity[size]!)
    // A designed line's set-up fees are one more amount of the line (decision 013), discounted alike.
    const setup = design?.setup ?? 0
    const discounts = spreadDiscount(setup > 0 ? [...amounts, setup] : amounts, quote.lineDiscounts[lineIndex]!)
    const designColumns = design ? { designId: design.id, design: design.snapshot } : {}
    sizes.forEach((size, sizeIndex) => {
      const pieces = line.quantity[size]!
      rows.push({
        orderId,
        sequence: rows.length + 1,
        lineType: 'product',
        productId: line.productId,
        productVariantId: display.variantIds[size] ?? null,
        name: line.name,
        templateSkuCode: line.templateSkuCode,
        colorName: display.color?.name ?? null,
        size,
        logoId: display.logo?.id ?? null,
        logoName: display.logo?.name ?? null,
        quantity: pieces,
        unitPriceAmount: toCents(display.unitPrices[size]!),
        discountAmount: discounts[sizeIndex]!,
        subtotalAmount: amounts[sizeIndex]! - discounts[sizeIndex]!,
        taxCode: line.taxCode,
        weight: line.totalQuantity === 0 ? 0 : Math.round((line.weight * 1000 * pieces) / line.totalQuantity) / 1000,
        ...designColumns,
      })
    })
    if (setup > 0) {
      const discount = discounts[sizes.length]!
      rows.push({
        orderId,
        sequence: rows.length + 1,
        lineType: 'setup',
        productId: line.productId,
        name: `Decoration set-up: ${line.name}`,
        templateSkuCode: line.templateSkuCode,
        colorName: display.color?.name ?? null,
        quantity: 1,
        unitPriceAmount: setup,
        discountAmount: discount,
        subtotalAmount: setup - discount,
        taxCode: line.taxCode,
        ...designColumns,
      })
    }
  })
  // Free products of a promotion: shown at their list price, fully discounted, so they change no
  // amount of the order.
  for (const reward of quote.promotion.rewardLines) {
    rows.push({
      orderId,
      sequence: rows.length + 1,
      lineType: 'reward',
      productId: reward.productId,
      name: reward.name,
      quantity: reward.quantity,
      unitPriceAmount: reward.listPrice,
      discountAmount: reward.listPrice * reward.quantity,
      subtotalAmount: 0,
    })
  }
  return rows
}
