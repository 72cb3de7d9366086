import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { type CheckoutStore, createCheckoutStore, denverAddress, guestContext, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { type FakeAvatax, startFakeAvatax } from '../../../tests/support/fake-tax/fake-avatax'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { summarizeCart } from '../checkout/cart-summary-service'
import { orders, partners, taxCredentials } from '../db/schema'
import { RESALE_CERTIFICATE_REQUIRED, resaleCertificateExpired } from '../tax/resale-certificate'
import { refusal } from '../../../tests/support/domain-refusal'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

// Buying tax-free for resale (decision 012): only a signed-in partner whose resale certificate is
// on file and not expired; anyone else asking is refused with one clear 403, by the checkout
// summary and by createOrder alike, and nothing is written.

describe.each(testDatabaseKinds())('orders for resale on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function customerWith(certificate: { number: string | null; expiresAt: Date | null } | null) {
    const customer = await signedInCustomer(store.websiteId)
    if (certificate) {
      await db()
        .update(partners)
        .set({ resaleCertificateNumber: certificate.number, resaleCertificateExpiresAt: certificate.expiresAt })
        .where(eq(partners.id, customer.partner.id))
    }
    return customer
  }

  async function place(ctx: CoreContext, overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, overrides), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  function summary(ctx: CoreContext, exemptForResale: boolean) {
    const body = orderBody(store, 'unused')
    return summarizeCart(ctx, { items: body.products, address: body.billingaddress, deliveryMethodId: store.ground.id, exemptForResale })
  }

  const yesterday = () => new Date(Date.now() - 86_400_000)
  const nextYear = () => new Date(Date.now() + 365 * 86_400_000)

  test('a guest, a partner without a certificate and one whose certificate expired are refused by the summary and by createOrder', async () => {
    const expiredOn = yesterday()
    const callers: [string, CoreContext, string][] = [
      ['guest', guestContext(store.websiteId), RESALE_CERTIFICATE_REQUIRED],
      ['no certificate', (await customerWith(null)).ctx, RESALE_CERTIFICATE_REQUIRED],
      ['blank number', (await customerWith({ number: '   ', expiresAt: null })).ctx, RESALE_CERTIFICATE_REQUIRED],
      // An expired certificate is named as such, with its date, so the shopper knows what to send.
      ['expired', (await customerWith({ number: 'SC-RESALE-1234', expiresAt: expiredOn })).ctx, resaleCertificateExpired(expiredOn)],
    ]
    for (const [who, ctx, sentence] of callers) {
      const refused = await refusal(summary(ctx, true))
      expect(refused.code, who).toBe('forbidden')
      expect(refused.userMessage).toBe(sentence)

      const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
      // The total a tax-free order would have: 72.00 + 9.95.
      const error = await refusal(executeMutation('createOrder', orderBody(store, orderSequence, { orderForResale: true, expectedTotal: 81.95 }), ctx))
      expect(error.code, who).toBe('forbidden')
      expect(error.userMessage).toBe(sentence)
      expect(await db().select().from(orders).where(eq(orders.name, orderSequence))).toHaveLength(0)

      // The same callers are taxed as usual when they do not ask for the exemption.
      expect((await summary(ctx, false)).orderSummary).toMatchObject({ taxes: 4.32, totalPrice: 86.27 })
    }
  })

  test('a partner with a valid certificate gets no tax in the summary and in the order, which keeps orderForResale', async () => {
    for (const expiresAt of [nextYear(), null]) {
      const { ctx } = await customerWith({ number: 'SC-RESALE-20417', expiresAt })
      expect((await summary(ctx, true)).orderSummary).toMatchObject({ subTotal: 72, shipping: 9.95, taxes: 0, totalPrice: 81.95 })
      const order = await place(ctx, { orderForResale: true, expectedTotal: 81.95 })
      expect(order.amounts).toMatchObject({ taxes: 0, total: 81.95 })
      expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.orderForResale).toBe(true)
    }
  })

  test('getPartner says whether the partner may buy for resale: the last four characters and the expiry, or null', async () => {
    const until = nextYear()
    const valid = await customerWith({ number: 'SC-RESALE-20417', expiresAt: until })
    expect((await runQuery('getPartner', undefined, valid.ctx)).partner).toMatchObject({ resaleCertificate: { last4: '0417', expiresAt: until.toISOString() }, canApproveOrders: false })
    expect(JSON.stringify(await runQuery('getPartner', undefined, valid.ctx))).not.toContain('SC-RESALE-20417')
    const expired = await customerWith({ number: 'SC-RESALE-20417', expiresAt: yesterday() })
    expect((await runQuery('getPartner', undefined, expired.ctx)).partner.resaleCertificate).toBeNull()
    expect((await runQuery('getPartner', undefined, (await customerWith(null)).ctx)).partner.resaleCertificate).toBeNull()
  })

  describe('with Avalara', () => {
    let avatax: FakeAvatax
    let avataxStore: CheckoutStore

    beforeAll(async () => {
      avatax = await startFakeAvatax()
      avataxStore = await createCheckoutStore()
      await db().delete(taxCredentials).where(eq(taxCredentials.websiteId, avataxStore.websiteId))
      await db().insert(taxCredentials).values({ websiteId: avataxStore.websiteId, taxname: 'avatax', url: avatax.url, key: avatax.accountId, token: avatax.licenseKey })
    })
    afterAll(async () => {
      await avatax.close()
    })

    test('the certificate number goes to Avalara as exemptionNo with entity use code G', async () => {
      const customer = await signedInCustomer(avataxStore.websiteId)
      await db().update(partners).set({ resaleCertificateNumber: 'SC-RESALE-20417', resaleCertificateExpiresAt: null }).where(eq(partners.id, customer.partner.id))
      const body = orderBody(avataxStore, 'unused', { billingaddress: denverAddress(avataxStore) })
      const ask = (exemptForResale: boolean) =>
        summarizeCart(customer.ctx, { items: body.products, address: body.billingaddress, deliveryMethodId: avataxStore.ground.id, exemptForResale })
      // Denver: 8.81 % of 72.00 without the exemption; Avalara answers none with it.
      expect((await ask(false)).orderSummary.taxes).toBe(6.34)
      expect(avatax.requests.at(-1)!.body).not.toHaveProperty('exemptionNo')
      expect((await ask(true)).orderSummary.taxes).toBe(0)
      expect(avatax.requests.at(-1)!.body).toMatchObject({ entityUseCode: 'G', exemptionNo: 'SC-RESALE-20417' })
    })
  })
})
