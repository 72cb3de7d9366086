import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { nextSequence } from '../../../tests/factories/sequence'
import { createPromotion } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { summarizeCart } from '../checkout/cart-summary-service'
import { promotionPrograms, promotionUsages } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { PROMO_CODE_ALREADY_USED, PROMO_CODE_FIRST_ORDER_ONLY } from './promotion-engine'
import { refusal } from '../../../tests/support/domain-refusal'

// Issue 13, item 6: a "first order" code used three times by one account. Programs may be limited
// per customer (a partner; a guest by email) and to a customer's first order, enforced when the
// order is priced and again under the program row's lock when it is written, so two concurrent
// orders of one customer cannot both get a once-per-customer discount.

describe.each(testDatabaseKinds())('promotions limited per customer on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function codeProgram(overrides: Partial<typeof promotionPrograms.$inferInsert>) {
    const code = `CODE${nextSequence()}`
    const program = await createPromotion({ websiteId: store.websiteId, promoCodeUsage: 'code_needed', promoCode: code, ...overrides })
    return { program, code }
  }

  /** The total the checkout shows for the standard body with `promoCode` (what createOrder expects). */
  async function expectedTotal(ctx: CoreContext, promoCode: string): Promise<number> {
    const body = orderBody(store, 'S00000')
    const summary = await summarizeCart(ctx, { items: body.products, address: body.billingaddress, deliveryMethodId: store.ground.id, promoCode })
    return summary.orderSummary.totalPrice
  }

  async function order(ctx: CoreContext, overrides: Record<string, unknown>): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, overrides), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  const usagesOf = (programId: number) => db().select().from(promotionUsages).where(eq(promotionUsages.programId, programId))

  test('a first-order code discounts an account’s first order once; the second is refused at the summary and at placement', async () => {
    const { program, code } = await codeProgram({ firstOrderOnly: true })
    const { ctx } = await signedInCustomer(store.websiteId)
    const first = await order(ctx, { promoCode: code, expectedTotal: await expectedTotal(ctx, code) })
    expect(first.amounts.discount).toBe(7.2)

    const summary = await refusal(expectedTotal(ctx, code))
    expect(summary).toMatchObject({ code: 'invalid', userMessage: PROMO_CODE_FIRST_ORDER_ONLY })
    const again = await refusal(order(ctx, { promoCode: code, expectedTotal: 78.64 }))
    expect(again).toMatchObject({ code: 'invalid', userMessage: PROMO_CODE_FIRST_ORDER_ONLY })
    expect(await usagesOf(program.id)).toHaveLength(1)
  })

  test('an account that has ordered before (without the code) has no first order left', async () => {
    const { code } = await codeProgram({ firstOrderOnly: true })
    const { ctx } = await signedInCustomer(store.websiteId)
    await order(ctx, {})
    expect(await refusal(order(ctx, { promoCode: code, expectedTotal: 78.64 }))).toMatchObject({ userMessage: PROMO_CODE_FIRST_ORDER_ONLY })
  })

  test('a guest is one customer by email, whatever its case; another email is another customer', async () => {
    const { program, code } = await codeProgram({ firstOrderOnly: true })
    const email = `first-${nextSequence()}@example.com`
    const guest = guestContext(store.websiteId)
    const total = await expectedTotal(guest, code)
    await order(guest, { promoCode: code, expectedTotal: total, partneremail: email })
    const again = await refusal(order(guestContext(store.websiteId), { promoCode: code, expectedTotal: total, partneremail: email.toUpperCase() }))
    expect(again).toMatchObject({ code: 'invalid', userMessage: PROMO_CODE_FIRST_ORDER_ONLY })
    await order(guest, { promoCode: code, expectedTotal: total, partneremail: `other-${email}` })
    expect(await usagesOf(program.id)).toHaveLength(2)
  })

  test('an account that signs out cannot take its first-order discount again as a guest with its email', async () => {
    const { code } = await codeProgram({ firstOrderOnly: true })
    const { ctx, partner } = await signedInCustomer(store.websiteId)
    await order(ctx, { promoCode: code, expectedTotal: await expectedTotal(ctx, code), partneremail: partner.email })
    const guest = guestContext(store.websiteId)
    const again = await refusal(order(guest, { promoCode: code, expectedTotal: 78.64, partneremail: partner.email }))
    expect(again.userMessage).toBe(PROMO_CODE_FIRST_ORDER_ONLY)
  })

  test('a code usable twice per customer is refused the third time', async () => {
    const { program, code } = await codeProgram({ maximumUsesPerCustomer: 2 })
    const { ctx } = await signedInCustomer(store.websiteId)
    const total = await expectedTotal(ctx, code)
    await order(ctx, { promoCode: code, expectedTotal: total })
    await order(ctx, { promoCode: code, expectedTotal: total })
    expect(await refusal(order(ctx, { promoCode: code, expectedTotal: total }))).toMatchObject({ code: 'invalid', userMessage: PROMO_CODE_ALREADY_USED })
    expect(await usagesOf(program.id)).toHaveLength(2)
    // Another customer still may.
    const other = await signedInCustomer(store.websiteId)
    await order(other.ctx, { promoCode: code, expectedTotal: total })
  })

  test('two concurrent orders of one customer with a once-per-customer code: one gets it, the other is refused clearly', async () => {
    const { program, code } = await codeProgram({ maximumUsesPerCustomer: 1 })
    const { ctx } = await signedInCustomer(store.websiteId)
    const total = await expectedTotal(ctx, code)
    const references = [(await runQuery('getOrderId', undefined, ctx)).orderSequence, (await runQuery('getOrderId', undefined, ctx)).orderSequence]
    const results = await Promise.allSettled(
      references.map((reference) => executeMutation('createOrder', orderBody(store, reference, { promoCode: code, expectedTotal: total }), ctx)),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const [rejected] = results.filter((result) => result.status === 'rejected')
    expect(rejected!.reason).toBeInstanceOf(DomainError)
    // Which check refuses it depends on timing: the price check when the other order has already
    // committed (400), the code's recording when both got past it (409). The shopper reads the same.
    expect(rejected!.reason).toMatchObject({ userMessage: PROMO_CODE_ALREADY_USED })
    expect(['conflict', 'invalid']).toContain((rejected!.reason as DomainError).code)
    expect(await usagesOf(program.id)).toHaveLength(1)
    const [row] = await db().select().from(promotionPrograms).where(eq(promotionPrograms.id, program.id))
    expect(row!.usedCount).toBe(1)
  })
})
