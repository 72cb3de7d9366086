import { beforeAll, describe, expect, test } from 'vitest'
import { orderExtraFields, paymentMethods } from '../db/schema'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { insertTestOrder, TEST_ADDRESS } from './document-test-support'
import { describeExtraFields, loadOrderDocument } from './order-document'

describe.each(testDatabaseKinds())('loadOrderDocument on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number

  beforeAll(async () => {
    websiteId = (
      await createWebsite({
        name: 'Granite Ridge Outfitters',
        logoImage: 'stores/granite/site/logo.0123456789.png',
        contactEmail: 'orders@granite.example',
        contactPhone: '864-555-0199',
      })
    ).id
    otherWebsiteId = (await createWebsite()).id
    await db()
      .insert(orderExtraFields)
      .values([
        { websiteId, name: 'po_number', label: 'PO number', fieldType: 'text', sequence: 2 },
        { websiteId, name: 'in_hands', label: 'In-hands date', fieldType: 'date', sequence: 1 },
        { websiteId, name: 'gift', label: 'Gift receipt', fieldType: 'checkbox', sequence: 3 },
        { websiteId, name: 'notes', label: 'Notes', fieldType: 'textarea', sequence: 4 },
      ])
  })

  test('reads the store, the order, its lines in their order and the amounts', async () => {
    const [wire] = await db().insert(paymentMethods).values({ websiteId, name: 'Wire transfer', provider: 'wire_transfer' }).returning()
    const order = await insertTestOrder(
      {
        websiteId,
        name: 'S00042',
        kind: 'quotation',
        state: 'draft',
        shippingAddress: { ...TEST_ADDRESS, street: '9 Warehouse Road' },
        deliveryMethodName: 'UPS Ground',
        paymentMethodId: wire!.id,
        promoCode: 'SPRING10',
        orderOptions: [{ name: 'rush', label: 'Rush decoration', price: 2500 }],
        amountUntaxed: 27200,
        amountDiscount: 2720,
        amountOptions: 2500,
        amountDelivery: 1250,
        amountTax: 1900,
        amountTotal: 30130,
        amountGiftCard: 5000,
        amountDue: 25130,
      },
      [
        { sequence: 2, name: 'Trail Hoodie', templateSkuCode: 'TH-1', colorName: 'Forest', size: 'M', logoName: 'Granite Mark', quantity: 1, unitPriceAmount: 5000, subtotalAmount: 5000 },
        { sequence: 1, name: 'Summit Cap', templateSkuCode: 'SC-1', colorName: 'Charcoal', size: null, logoName: null, quantity: 12, unitPriceAmount: 1850, subtotalAmount: 22200 },
      ],
    )

    const document = await loadOrderDocument(db(), { orderId: order.id, websiteId })
    expect(document).toMatchObject({
      store: { name: 'Granite Ridge Outfitters', logoImage: 'stores/granite/site/logo.0123456789.png', email: 'orders@granite.example', phone: '864-555-0199', currency: 'USD' },
      reference: 'S00042',
      kind: 'quotation',
      customer: { name: 'Dana Reyes', email: 'dana@example.com' },
      billingAddress: TEST_ADDRESS,
      shippingAddress: { street: '9 Warehouse Road' },
      deliveryMethodName: 'UPS Ground',
      paymentMethodName: 'Wire transfer',
      promoCode: 'SPRING10',
      options: [{ label: 'Rush decoration', price: 2500 }],
      amounts: { untaxed: 27200, discount: 2720, delivery: 1250, options: 2500, tax: 1900, total: 30130, giftCard: 5000, budget: 0, due: 25130 },
    })
    expect(document!.lines.map((line) => [line.name, line.colorName, line.size, line.logoName, line.quantity, line.unitPrice, line.subtotal])).toEqual([
      ['Summit Cap', 'Charcoal', null, null, 12, 1850, 22200],
      ['Trail Hoodie', 'Forest', 'M', 'Granite Mark', 1, 5000, 5000],
    ])
  })

  test('labels the extra fields as the store names them, in the store’s order, worded for people', async () => {
    const order = await insertTestOrder({
      websiteId,
      extraFields: { po_number: 'PO-7781', gift: false, in_hands: '2026-04-01', notes: '  ', retired_field: 'kept' },
    })
    const document = await loadOrderDocument(db(), { orderId: order.id, websiteId })
    expect(document!.extraFields).toEqual([
      { label: 'In-hands date', value: 'Apr 1, 2026' },
      { label: 'PO number', value: 'PO-7781' },
      { label: 'Gift receipt', value: 'No' },
      { label: 'retired_field', value: 'kept' },
    ])
  })

  test('finds nothing for another store’s order or a missing one', async () => {
    const order = await insertTestOrder({ websiteId: otherWebsiteId })
    expect(await loadOrderDocument(db(), { orderId: order.id, websiteId })).toBeNull()
    expect(await loadOrderDocument(db(), { orderId: order.id + 1000, websiteId })).toBeNull()
  })
})

describe('describeExtraFields', () => {
  test('leaves out blank answers and keeps text that only looks like a date in a text field', () => {
    const definitions = [
      { name: 'code', label: 'Cost center', fieldType: 'text' },
      { name: 'day', label: 'Ship by', fieldType: 'date' },
    ]
    expect(describeExtraFields({ code: '2026-01-02', day: null }, definitions)).toEqual([{ label: 'Cost center', value: '2026-01-02' }])
    expect(describeExtraFields({ day: '2026-13-45' }, definitions)).toEqual([{ label: 'Ship by', value: '2026-13-45' }])
  })
})
