import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { createDecorationPartner, createProduct } from '../../../tests/factories/catalog'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { signedInCustomer } from '../../../tests/factories/orders'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { runQuery } from '../api/query-registry'
import { attributeValues, productVariants, shipments, workOrders } from '../db/schema'

// Issue 27: "My orders" shows, beside each order, pictures of what was bought (the product's picture
// in the colour ordered) and the latest parcel's tracking link, as the best stores' order lists do.

describe.each(testDatabaseKinds())('the shopper’s list of orders with pictures and tracking on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let customer: Awaited<ReturnType<typeof signedInCustomer>>
  let shippedId: number
  let waitingId: number

  beforeAll(async () => {
    const websiteId = (await createWebsite()).id
    customer = await signedInCustomer(websiteId)
    const product = await createProduct({
      websiteId,
      name: 'Core Blend Polo',
      colors: ['Navy', 'Red'],
      images: [
        { path: 'products/polo', name: 'polo-red.png', color: 'Red', sequence: 1 },
        { path: 'products/polo', name: 'polo-navy.png', color: 'Navy', sequence: 2 },
      ],
    })
    const [navy] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(attributeValues, eq(attributeValues.id, productVariants.colorValueId))
      .where(eq(attributeValues.name, 'Navy'))
      .limit(1)
    const line = { productId: product.id, productVariantId: navy!.id, name: 'Core Blend Polo', quantity: 3, unitPriceAmount: 2000, subtotalAmount: 6000 }
    const setup = { lineType: 'setup' as const, name: 'Set-up: embroidery', quantity: 1, unitPriceAmount: 2500, subtotalAmount: 2500 }
    const shipped = await insertConsoleOrder({ websiteId, partnerId: customer.partner.id, fulfilmentState: 'shipped', lines: [line, setup] })
    const wire = await createPaymentMethod({ websiteId, name: 'Bank transfer', provider: 'wire_transfer' })
    const waiting = await insertConsoleOrder({ websiteId, partnerId: customer.partner.id, lines: [line], paymentMethodId: wire.id, paymentState: 'pending', amountDue: 6000 })
    shippedId = shipped.id
    waitingId = waiting.id
    const partner = await createDecorationPartner()
    const [work] = await db().insert(workOrders).values({ websiteId, orderId: shipped.id, decorationPartnerId: partner.id, reference: `${shipped.name}-1`, state: 'shipped' }).returning()
    await db()
      .insert(shipments)
      .values({ workOrderId: work!.id, orderId: shipped.id, carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
  })

  test('each order shows the product’s picture in the colour ordered and its pieces, set-up fees not counted', async () => {
    const { orders } = await runQuery('getOrders', { filter: { uid: customer.partner.uid } }, customer.ctx)
    const shipped = orders.orders.find((order) => order.id === shippedId)!
    expect(shipped.preview?.pieces).toBe(3)
    expect(shipped.preview?.pictures).toEqual([{ url: expect.stringContaining('polo-navy_160x160.webp') as string, alt: 'Core Blend Polo' }])
  })

  test('a shipped order carries its parcel’s tracking link with the carrier’s name; one not shipped carries none', async () => {
    const { orders } = await runQuery('getOrders', { filter: { uid: customer.partner.uid } }, customer.ctx)
    expect(orders.orders.find((order) => order.id === shippedId)?.preview?.tracking).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    })
    expect(orders.orders.find((order) => order.id === waitingId)?.preview?.tracking).toBeNull()
  })

  test('an order waiting for the shopper’s bank transfer says so in the list; a paid one does not', async () => {
    const { orders } = await runQuery('getOrders', { filter: { uid: customer.partner.uid } }, customer.ctx)
    expect(orders.orders.find((order) => order.id === waitingId)?.preview?.awaitingTransfer).toBe(true)
    expect(orders.orders.find((order) => order.id === shippedId)?.preview?.awaitingTransfer).toBe(false)
  })
})
