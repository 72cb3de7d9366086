// The console's security suite needs more than the demo store's three console users (issue 15):
// a second store in the SAME database with its own staff, order, work order and webhook endpoint
// (to try another store's ids), a store manager of the demo store, an owner without a second
// factor, and a member of a second decoration partner. tests/e2e/serve.mjs runs this for the main
// store before the server starts (the embedded database serves one process at a time): it prepares
// the database exactly as the server would (the demo store, its console users), then adds these.
// The server then finds the store in place and starts as usual. What it made is written to
// CONSOLE_FIXTURES_FILE for the specs (tests/e2e/security/console-attack.ts).
//
//   node node_modules/tsx/dist/cli.mjs tests/e2e/support/console-stores.ts <fixtures.json>
import { writeFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { hashPassword } from '@/server/accounts/passwords'
import { closeDb, type Database, getDb } from '@/server/db/client'
import { decorationPartners, giftCards, orderEvents, orderLines, orders, staff, staffStores, webhookDeliveries, webhookEndpoints, websites, workOrderLines, workOrders } from '@/server/db/schema'
import { env } from '@/server/env'
import { prepareDatabase } from '@/server/startup/prepare-database'
import { giftCardLast4, hashGiftCardCode } from '@/server/gift-cards/gift-card-codes'
import { CONSOLE_ACCOUNTS, type ConsoleFixtures, GUEST_GIFT_CARD_AMOUNT_CENTS, GUEST_GIFT_CARD_ATTEMPTS, guestGiftCardNumber } from './console-accounts'
import { FIXTURE_WEBHOOK_SECRETS } from './console-fixtures.mjs'

async function member(db: Database, account: { email: string; name: string; password: string }, role: 'owner' | 'store_manager' | 'fulfilment' | 'decoration_partner', extra: { storeIds?: number[]; decorationPartnerId?: number } = {}): Promise<number> {
  const [row] = await db
    .insert(staff)
    .values({ email: account.email, name: account.name, role, passwordHash: await hashPassword(account.password), passwordChangedAt: new Date(), decorationPartnerId: extra.decorationPartnerId ?? null })
    .returning({ id: staff.id })
  if (extra.storeIds?.length) await db.insert(staffStores).values(extra.storeIds.map((websiteId) => ({ staffId: row!.id, websiteId })))
  return row!.id
}

/** A confirmed, paid order of `websiteId` with one line and one work order per partner given. */
async function paidOrder(db: Database, websiteId: number, reference: string, partnerIds: number[]) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        websiteId,
        name: reference,
        accessToken: `${reference}-fixture-order-access-token`,
        kind: 'order',
        state: 'sale',
        paymentState: 'paid',
        confirmedAt: new Date(),
        partnerName: `${reference} Customer`,
        partnerEmail: `${reference.toLowerCase()}@customers.example`,
        billingAddress: { name: `${reference} Customer`, phone: null, street: '2 Second Street', street2: null, city: 'Boise', zip: '83702', countryId: null, stateId: null, country: 'US', state: 'ID' },
        amountUntaxed: 2000 * partnerIds.length,
        amountTotal: 2000 * partnerIds.length,
        amountDue: 0,
        requestFingerprint: `${reference}-fixture`,
      })
      .returning({ id: orders.id })
    const lineIds: number[] = []
    const workOrderIds: number[] = []
    for (const [index, decorationPartnerId] of partnerIds.entries()) {
      const [line] = await tx
        .insert(orderLines)
        .values({ orderId: order!.id, sequence: index + 1, name: 'Core Blend Polo', templateSkuCode: 'POLO-1', colorName: 'Navy', size: 'M', quantity: 2, unitPriceAmount: 1000, subtotalAmount: 2000 })
        .returning({ id: orderLines.id })
      const [workOrder] = await tx
        .insert(workOrders)
        .values({ websiteId, orderId: order!.id, decorationPartnerId, reference: `${reference}-${index + 1}` })
        .returning({ id: workOrders.id })
      await tx.insert(workOrderLines).values({ workOrderId: workOrder!.id, orderLineId: line!.id, quantity: 2 })
      lineIds.push(line!.id)
      workOrderIds.push(workOrder!.id)
    }
    return { orderId: order!.id, lineIds, workOrderIds }
  })
}

async function main(file: string): Promise<void> {
  await prepareDatabase()
  const db = await getDb()
  const demoStoreId = env().WEBSITE_ID
  const partners = await db.select({ id: decorationPartners.id }).from(decorationPartners).orderBy(asc(decorationPartners.id))
  // The demo partner's member is bound to the first (demo-staff.ts); the second is another partner.
  const [demoPartner] = await db.select({ id: staff.decorationPartnerId }).from(staff).where(eq(staff.email, 'partner@demo.example'))
  const demoPartnerId = demoPartner?.id ?? partners[0]!.id
  const otherPartnerId = partners.find((partner) => partner.id !== demoPartnerId)!.id

  const [second] = await db.insert(websites).values({ code: 'second-store', name: 'Second Store', description: 'Another store in the same database' }).returning({ id: websites.id })
  const secondStoreId = second!.id

  const demoManagerId = await member(db, CONSOLE_ACCOUNTS.demoManager, 'store_manager', { storeIds: [demoStoreId] })
  await member(db, CONSOLE_ACCOUNTS.secondManager, 'store_manager', { storeIds: [secondStoreId] })
  const secondFulfilmentId = await member(db, CONSOLE_ACCOUNTS.secondFulfilment, 'fulfilment', { storeIds: [secondStoreId] })
  await member(db, CONSOLE_ACCOUNTS.ownerWithoutSecondFactor, 'owner')
  await member(db, CONSOLE_ACCOUNTS.scriptName, 'store_manager', { storeIds: [demoStoreId] })
  await member(db, CONSOLE_ACCOUNTS.guarded, 'fulfilment', { storeIds: [demoStoreId] })
  await member(db, CONSOLE_ACCOUNTS.otherPartner, 'decoration_partner', { decorationPartnerId: otherPartnerId })

  // The second store's order (confirmed, paid), its work order for the other partner, a webhook
  // endpoint with one failed delivery (failed: the dispatcher leaves it alone).
  const secondOrder = await paidOrder(db, secondStoreId, 'S2-00001', [otherPartnerId])
  const secondStore = await db.transaction(async (tx) => {
    const [event] = await tx.insert(orderEvents).values({ orderId: secondOrder.orderId, type: 'placed', actorKind: 'system', actorName: 'console fixtures' }).returning({ id: orderEvents.id })
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({ websiteId: secondStoreId, url: 'https://hooks.second-store.example/orders', description: 'Second store ERP', topics: ['order.placed'], secret: FIXTURE_WEBHOOK_SECRETS[0]!, isActive: false })
      .returning({ id: webhookEndpoints.id })
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: `evt_${event!.id}`, topic: 'order.placed', orderId: secondOrder.orderId, orderEventId: event!.id, state: 'failed', attempts: 8, lastStatus: 500 })
      .returning({ id: webhookDeliveries.id })
    return { staffId: secondFulfilmentId, orderId: secondOrder.orderId, orderLineId: secondOrder.lineIds[0]!, workOrderId: secondOrder.workOrderIds[0]!, webhookEndpointId: endpoint!.id, webhookDeliveryId: delivery!.id }
  })
  // A paid order of the demo store with one work order for each of the two partners.
  const demoOrder = await paidOrder(db, demoStoreId, 'S1-90001', [demoPartnerId, otherPartnerId])

  // The demo store's own endpoint, for the role tests (a fulfilment member may not touch it);
  // both endpoints inactive, so the store never calls their made-up hosts.
  const demoEndpoint = await db.transaction(async (tx) => {
    const [event] = await tx.insert(orderEvents).values({ orderId: demoOrder.orderId, type: 'placed', actorKind: 'system', actorName: 'console fixtures' }).returning({ id: orderEvents.id })
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({ websiteId: demoStoreId, url: 'https://hooks.demo-store.example/orders', description: 'Demo store ERP', topics: ['order.placed', 'order.paid'], secret: FIXTURE_WEBHOOK_SECRETS[1]!, isActive: false })
      .returning({ id: webhookEndpoints.id })
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint!.id, eventId: `evt_${event!.id}`, topic: 'order.placed', orderId: demoOrder.orderId, orderEventId: event!.id, state: 'failed', attempts: 8, lastStatus: 500 })
      .returning({ id: webhookDeliveries.id })
    return { id: endpoint!.id, deliveryId: delivery!.id }
  })

  // Cards a guest pays with by number, one per device and attempt (gift-card-guest.spec.ts).
  const guestCards = (['desktop', 'phone'] as const).flatMap((device) => Array.from({ length: GUEST_GIFT_CARD_ATTEMPTS }, (_, attempt) => guestGiftCardNumber(device, attempt)))
  await db.insert(giftCards).values(
    guestCards.map((code) => ({ websiteId: demoStoreId, codeHash: hashGiftCardCode(code), codeLast4: giftCardLast4(code), initialAmount: GUEST_GIFT_CARD_AMOUNT_CENTS, balanceAmount: GUEST_GIFT_CARD_AMOUNT_CENTS })),
  )

  const fixtures: ConsoleFixtures = {
    demoStoreId,
    secondStoreId,
    demoPartnerId,
    otherPartnerId,
    demoWebhookEndpointId: demoEndpoint.id,
    demoWebhookDeliveryId: demoEndpoint.deliveryId,
    demoStore: { staffId: demoManagerId, orderId: demoOrder.orderId, orderLineIds: demoOrder.lineIds, demoPartnerWorkOrderId: demoOrder.workOrderIds[0]!, otherPartnerWorkOrderId: demoOrder.workOrderIds[1]! },
    secondStore,
  }
  writeFileSync(file, `${JSON.stringify(fixtures, null, 2)}\n`)
}

const file = process.argv[2]
if (!file) {
  console.error('Usage: console-stores.ts <fixtures.json>')
  process.exit(2)
}
try {
  await main(file)
} finally {
  await closeDb().catch(() => undefined)
}
