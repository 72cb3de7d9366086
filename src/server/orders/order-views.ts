import type { OrderEventData } from '@/isomorphic/order-events'
import type { HowToPay } from '@/isomorphic/bank-transfer'
import { itemsSubtotal } from '@/isomorphic/order-totals'
import type { OrderAddressData, OrderData, OrderDetailData, OrderLineData } from '@/isomorphic/order-types'
import type { OrderAddressSnapshot, orderLines, orders } from '../db/schema'
import { orderLineDesign } from '../decoration/design-details'
import { fromCents } from '../kernel/money'

// Order rows as the API answers them (src/isomorphic/order-types.ts): cents become dollars, the PDF
// addresses carry the order's access token (the DOCUMENTS helper's route checks it).

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
/** An order line with its variant's colour (orderLinesWithColor). */
export type OrderLineWithColor = OrderLineRow & { colorId: number | null }

export function orderDocumentUrls(id: number, accessToken: string): { orderUrl: string; downloadSaleorderUrl: string } {
  const orderUrl = `/api/orders/${id}/document?access_token=${encodeURIComponent(accessToken)}`
  return { orderUrl, downloadSaleorderUrl: `${orderUrl}&download=1` }
}

export function toOrderData(row: OrderRow): OrderData {
  const subTotal = itemsSubtotal({ untaxed: row.amountUntaxed, discount: row.amountDiscount, options: row.amountOptions, delivery: row.amountDelivery })
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    state: row.state,
    approvalState: row.approvalState,
    paymentState: row.paymentState,
    approvalRequired: row.approvalState === 'awaiting_approval',
    createdAt: row.createdAt.toISOString(),
    amounts: {
      subTotal: fromCents(subTotal),
      discount: fromCents(row.amountDiscount),
      options: fromCents(row.amountOptions),
      shipping: fromCents(row.amountDelivery),
      taxes: fromCents(row.amountTax),
      total: fromCents(row.amountTotal),
      giftCard: fromCents(row.amountGiftCard),
      budget: fromCents(row.amountBudget),
      due: fromCents(row.amountDue),
    },
    accessToken: row.accessToken,
    ...orderDocumentUrls(row.id, row.accessToken),
  }
}

export function toAddressData(snapshot: OrderAddressSnapshot): OrderAddressData {
  return {
    name: snapshot.name,
    email: snapshot.email ?? null,
    phone: snapshot.phone,
    street: snapshot.street,
    street2: snapshot.street2,
    city: snapshot.city,
    zip: snapshot.zip,
    countryId: snapshot.countryId,
    stateId: snapshot.stateId,
    country: snapshot.country,
    state: snapshot.state,
  }
}

export function toLineData(line: OrderLineWithColor): OrderLineData {
  return {
    id: line.id,
    lineType: line.lineType,
    productId: line.productId,
    productVariantId: line.productVariantId,
    name: line.name,
    templateSkuCode: line.templateSkuCode,
    color: line.colorName,
    colorId: line.colorId,
    size: line.size,
    logo: line.logoName === null ? null : { id: line.logoId, name: line.logoName },
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceAmount),
    discount: fromCents(line.discountAmount),
    subtotal: fromCents(line.subtotalAmount),
    design: line.design ? orderLineDesign(line.designId, line.design) : null,
  }
}

/**
 * The order's extra field values with the store's labels, in the store's field order (the stored
 * object's key order is the database's, not the checkout's); fields the store has dropped since
 * come last under their names.
 */
export function extraFieldsOf(values: Record<string, string | boolean | null>, storeFields: readonly { name: string; label: string }[]): OrderDetailData['extraFields'] {
  const known = storeFields.filter((field) => Object.hasOwn(values, field.name)).map((field) => ({ name: field.name, label: field.label, value: values[field.name]! }))
  const knownNames = new Set(known.map((field) => field.name))
  const dropped = Object.keys(values)
    .filter((name) => !knownNames.has(name))
    .sort()
    .map((name) => ({ name, label: name, value: values[name]! }))
  return [...known, ...dropped]
}

/** `storeFields`: the website's extra fields in display order; `timeline`: the shopper's part of it; `howToPay`: the bank transfer it awaits. */
export function toOrderDetailData(
  row: OrderRow,
  lines: OrderLineWithColor[],
  storeFields: readonly { name: string; label: string }[],
  timeline: OrderEventData[],
  howToPay: HowToPay | null,
): OrderDetailData {
  return {
    ...toOrderData(row),
    partnerName: row.partnerName,
    partnerEmail: row.partnerEmail,
    billingAddress: toAddressData(row.billingAddress),
    shippingAddress: row.shippingAddress ? toAddressData(row.shippingAddress) : null,
    deliveryMethod: row.deliveryMethodName === null ? null : { id: row.deliveryMethodId, name: row.deliveryMethodName },
    inHandsDate: row.inHandsDate ?? null,
    paymentMethodId: row.paymentMethodId,
    promoCode: row.promoCode,
    purchaseOrderNumber: row.purchaseOrderNumber,
    orderForResale: row.orderForResale,
    extraFields: extraFieldsOf(row.extraFields, storeFields),
    orderOptions: row.orderOptions.map((option) => ({ name: option.name, label: option.label, price: fromCents(option.price) })),
    lines: lines.map(toLineData),
    approvalDecidedAt: row.approvalDecidedAt?.toISOString() ?? null,
    approvalNote: row.approvalNote,
    refunded: fromCents(row.amountRefunded),
    timeline,
    howToPay,
  }
}
