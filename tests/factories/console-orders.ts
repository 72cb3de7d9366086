import { getDb } from '@/server/db/client'
import { orderLines, orders } from '@/server/db/schema'
import { formatOrderReference } from '@/server/orders/order-reference'
import { nextSequence } from './sequence'

// Orders as the console sees them after the fact (issue 15): rows written straight to the database
// with the states, times and totals a test needs, without going through a checkout. For list,
// dashboard and export tests; the checkout itself is tested with tests/factories/orders.ts.

export type ConsoleOrderInput = Partial<typeof orders.$inferInsert> & {
  websiteId: number
  lines?: Partial<typeof orderLines.$inferInsert>[]
}

/** One order (a confirmed, paid, unfulfilled $10.00 order of two pieces unless told otherwise). */
export async function insertConsoleOrder({ lines, ...input }: ConsoleOrderInput) {
  const db = await getDb()
  const n = nextSequence()
  const [order] = await db
    .insert(orders)
    .values({
      name: formatOrderReference(900_000 + n),
      accessToken: `token-${n}`,
      kind: 'order',
      state: 'sale',
      paymentState: 'paid',
      partnerName: `Customer ${n}`,
      partnerEmail: `customer-${n}@example.test`,
      billingAddress: { name: `Customer ${n}`, phone: null, street: '1 Main Street', street2: null, city: 'Greenville', zip: '29601', countryId: null, stateId: null, country: 'US', state: 'SC' },
      amountUntaxed: input.amountTotal ?? 1000,
      amountTotal: 1000,
      amountDue: 0,
      requestFingerprint: `fingerprint-${n}`,
      ...input,
    })
    .returning()
  const lineInputs = lines ?? [{ quantity: 2 }]
  if (lineInputs.length > 0) {
    await db.insert(orderLines).values(
      lineInputs.map((line, index) => ({
        orderId: order!.id,
        sequence: index + 1,
        name: 'Core Blend Polo',
        templateSkuCode: 'POLO-1',
        colorName: 'Navy',
        size: 'M',
        quantity: 1,
        unitPriceAmount: 500,
        subtotalAmount: (line.quantity ?? 1) * (line.unitPriceAmount ?? 500),
        ...line,
      })),
    )
  }
  return order!
}
