import type { OrderPaymentState } from '@/isomorphic/order-types'
import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { type OrderAddressSnapshot, type OrderLineDesignSnapshot, orderExtraFields, orderLines, orders, paymentMethods, websites } from '../db/schema'
import { formatDate } from '@/isomorphic/format'
import type { Cents } from '../kernel/money'
import type { OrderApprovalState } from '@/isomorphic/order-types'
import type { HowToPay } from '@/isomorphic/bank-transfer'
import { transferInstructions } from './transfer-instructions'

// Everything the PDF of an order or quotation shows, read in one place so the renderer does no I/O
// besides the store's logo. Amounts stay integer cents; the renderer formats them.

export type OrderDocumentLine = {
  lineType: 'product' | 'reward' | 'setup'
  name: string
  sku: string
  colorName: string | null
  size: string | null
  logoName: string | null
  quantity: number
  unitPrice: Cents
  discount: Cents
  subtotal: Cents
  /** The design a decorated line was made with (its snapshot): the PDF shows its mockups and placements. */
  designId?: string | null
  design?: OrderLineDesignSnapshot | null
}

export type OrderDocument = {
  store: { name: string; logoImage: string | null; email: string | null; phone: string | null; domain: string | null; currency: string }
  reference: string
  kind: 'quotation' | 'order'
  state: 'draft' | 'sale' | 'cancel'
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
  createdAt: Date
  confirmedAt: Date | null
  customer: { name: string; email: string }
  billingAddress: OrderAddressSnapshot
  shippingAddress: OrderAddressSnapshot | null
  deliveryMethodName: string | null
  paymentMethodName: string | null
  /** How to pay while the order awaits its bank transfer (issue 27): bank details, amount, reference; null otherwise. */
  howToPay: HowToPay | null
  promoCode: string | null
  purchaseOrderNumber: string | null
  orderForResale: boolean
  lines: OrderDocumentLine[]
  options: { label: string; price: Cents }[]
  /** In the store's field order; values already worded for people ('Yes', 'No', 'Mar 5, 2026'). */
  extraFields: { label: string; value: string }[]
  amounts: {
    untaxed: Cents
    discount: Cents
    delivery: Cents
    options: Cents
    tax: Cents
    total: Cents
    giftCard: Cents
    budget: Cents
    due: Cents
  }
}

/** The order's document data, or null when the website has no such order. */
export async function loadOrderDocument(db: Executor, { orderId, websiteId }: { orderId: number; websiteId: number }): Promise<OrderDocument | null> {
  const [row] = await db
    .select({
      order: orders,
      store: {
        name: websites.name,
        logoImage: websites.logoImage,
        email: websites.contactEmail,
        phone: websites.contactPhone,
        domain: websites.domain,
        currency: websites.currency,
      },
      paymentMethodName: paymentMethods.name,
    })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)))
  if (!row) return null
  const { order } = row

  const [lines, fields, howToPay] = await Promise.all([
    db
      .select({
        lineType: orderLines.lineType,
        name: orderLines.name,
        sku: orderLines.templateSkuCode,
        colorName: orderLines.colorName,
        size: orderLines.size,
        logoName: orderLines.logoName,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPriceAmount,
        discount: orderLines.discountAmount,
        subtotal: orderLines.subtotalAmount,
        designId: orderLines.designId,
        design: orderLines.design,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.sequence), asc(orderLines.id)),
    db
      .select({ name: orderExtraFields.name, label: orderExtraFields.label, fieldType: orderExtraFields.fieldType })
      .from(orderExtraFields)
      .where(eq(orderExtraFields.websiteId, websiteId))
      .orderBy(asc(orderExtraFields.sequence), asc(orderExtraFields.id)),
    transferInstructions(db, order),
  ])

  return {
    store: row.store,
    reference: order.name,
    kind: order.kind,
    state: order.state,
    approvalState: order.approvalState,
    paymentState: order.paymentState,
    createdAt: order.createdAt,
    confirmedAt: order.confirmedAt,
    customer: { name: order.partnerName, email: order.partnerEmail },
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    deliveryMethodName: order.deliveryMethodName,
    paymentMethodName: row.paymentMethodName,
    howToPay,
    promoCode: order.promoCode,
    purchaseOrderNumber: order.purchaseOrderNumber,
    orderForResale: order.orderForResale,
    lines,
    options: order.orderOptions.map((option) => ({ label: option.label || option.name, price: option.price })),
    extraFields: describeExtraFields(order.extraFields, fields),
    amounts: {
      untaxed: order.amountUntaxed,
      discount: order.amountDiscount,
      delivery: order.amountDelivery,
      options: order.amountOptions,
      tax: order.amountTax,
      total: order.amountTotal,
      giftCard: order.amountGiftCard,
      budget: order.amountBudget,
      due: order.amountDue,
    },
  }
}

type FieldDefinition = { name: string; label: string; fieldType: string }

/**
 * The stored answers with the labels the store gives them today, in the store's order. Answers to
 * fields the store has since removed are kept (labelled by their name): the order said so.
 * Blank answers are left out.
 */
export function describeExtraFields(values: Record<string, string | boolean | null>, definitions: FieldDefinition[]): { label: string; value: string }[] {
  const answers = new Map(Object.entries(values))
  const described: { label: string; value: string }[] = []
  const add = (label: string, fieldType: string | null, value: string | boolean | null | undefined) => {
    const text = wordValue(fieldType, value)
    if (text !== null) described.push({ label, value: text })
  }
  for (const field of definitions) {
    if (!answers.has(field.name)) continue
    add(field.label || field.name, field.fieldType, answers.get(field.name))
    answers.delete(field.name)
  }
  for (const [name, value] of answers) add(name, null, value)
  return described
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function wordValue(fieldType: string | null, value: string | boolean | null | undefined): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  if (text === '') return null
  const day = fieldType === 'date' ? ISO_DAY.exec(text) : null
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    // Date.UTC rolls 2026-13-45 over into 2027; only a real calendar day is reworded.
    if (date.toISOString().slice(0, 10) === text) return formatDate(date)
  }
  return text
}
