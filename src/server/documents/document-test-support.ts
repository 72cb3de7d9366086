import { inflateSync } from 'node:zlib'
import { getDb } from '../db/client'
import { type OrderAddressSnapshot, orderLines, orders } from '../db/schema'
import type { OrderDocument } from './order-document'

// Shared by the document tests: reading a PDF back, and orders written straight into the tables
// (what createOrder would store), so these tests do not depend on the order use cases.

/**
 * The text a PDF draws, one entry per text run, in drawing order. Reads pdfkit's output (deflated
 * or not): page content streams, TJ arrays of hex strings in the standard fonts' encoding.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1')
  const runs: string[] = []
  const marker = /stream\r?\n/g
  for (let match = marker.exec(raw); match; match = marker.exec(raw)) {
    const dictionary = raw.slice(raw.lastIndexOf(' obj', match.index), match.index)
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1])
    if (!dictionary.trimEnd().endsWith('>>') || !Number.isInteger(length)) continue
    const start = match.index + match[0].length
    marker.lastIndex = start + length
    if (/\/Subtype \/Image/.test(dictionary)) continue
    const bytes = pdf.subarray(start, start + length)
    const content = (/\/FlateDecode/.test(dictionary) ? inflateSync(bytes) : bytes).toString('latin1')
    for (const array of content.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => piece[1]).join('')
      runs.push(Buffer.from(hex, 'hex').toString('latin1'))
    }
  }
  return runs
}

export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page(?![a-zA-Z])/g)?.length ?? 0
}

export function pdfImageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0
}

export const TEST_ADDRESS: OrderAddressSnapshot = {
  name: 'Dana Reyes',
  email: 'dana@example.com',
  phone: '864-555-0100',
  street: '100 Main Street',
  street2: null,
  city: 'Greenville',
  zip: '29601',
  countryId: null,
  stateId: null,
  country: 'United States',
  state: 'SC',
}

export function buildOrderDocument(overrides: Partial<OrderDocument> = {}): OrderDocument {
  return {
    store: { name: 'Granite Ridge Outfitters', logoImage: null, email: 'orders@granite.example', phone: '864-555-0199', domain: null, currency: 'USD' },
    reference: 'S00042',
    kind: 'quotation',
    state: 'draft',
    approvalState: 'not_required',
    paymentState: 'not_paid',
    createdAt: new Date('2026-03-05T15:00:00Z'),
    confirmedAt: null,
    customer: { name: 'Dana Reyes', email: 'dana@example.com' },
    billingAddress: TEST_ADDRESS,
    shippingAddress: { ...TEST_ADDRESS, name: 'Receiving Dock', street: '9 Warehouse Road' },
    deliveryMethodName: 'UPS Ground',
    paymentMethodName: null,
    howToPay: null,
    promoCode: null,
    purchaseOrderNumber: null,
    orderForResale: false,
    lines: [
      {
        lineType: 'product',
        name: 'Field Tee',
        sku: 'FT-100',
        colorName: 'Navy',
        size: 'L',
        logoName: 'Granite Mark',
        quantity: 100,
        unitPrice: 1234,
        discount: 0,
        subtotal: 123400,
      },
    ],
    options: [],
    extraFields: [],
    amounts: { untaxed: 124650, discount: 0, delivery: 1250, options: 0, tax: 8725, total: 133375, giftCard: 0, budget: 0, due: 133375 },
    ...overrides,
  }
}

type NewOrder = typeof orders.$inferInsert
type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>

let orderCount = 0

/** An order (with its lines) inserted straight into the tables. */
export async function insertTestOrder(overrides: Partial<NewOrder> & { websiteId: number }, lines: NewOrderLine[] = []) {
  orderCount++
  const db = await getDb()
  const [order] = await db
    .insert(orders)
    .values({
      name: `S${String(90000 + orderCount).padStart(5, '0')}`,
      accessToken: `test-access-token-${orderCount}-${Math.random().toString(36).slice(2)}`,
      kind: 'order',
      state: 'sale',
      partnerName: 'Dana Reyes',
      partnerEmail: 'dana@example.com',
      billingAddress: TEST_ADDRESS,
      amountUntaxed: lines.reduce((sum, line) => sum + line.subtotalAmount, 0),
      amountTotal: lines.reduce((sum, line) => sum + line.subtotalAmount, 0),
      amountDue: lines.reduce((sum, line) => sum + line.subtotalAmount, 0),
      requestFingerprint: 'test',
      ...overrides,
    })
    .returning()
  if (lines.length > 0) await db.insert(orderLines).values(lines.map((line, index) => ({ sequence: index, ...line, orderId: order!.id })))
  return order!
}
