import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '../../../tests/factories/catalog'
import { nextSequence } from '../../../tests/factories/sequence'
import { createPromotion } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { Executor } from '../db/client'
import { orders, promotionPrograms, promotionUsages } from '../db/schema'
import {
  evaluatePromotions,
  PROMO_CODE_EXPIRED,
  PROMO_CODE_NOT_VALID,
  PROMO_CODE_USED_UP,
  type PromotionLine,
  recordPromotionUsage,
} from './promotion-engine'

// The promotion engine against the database: codes looked up exactly, dates judged by the server's
// clock, and usage limits that hold however many orders arrive at once.

const HOUR_MS = 60 * 60_000
const GUEST = { partnerId: null, email: 'jordan@example.com' }

describe.each(testDatabaseKinds())('promotions at checkout on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let lines: PromotionLine[]

  beforeAll(async () => {
    websiteId = (await createWebsite({ name: 'Granite Ridge Store' })).id
    const polo = await createProduct({ websiteId, name: 'Classic Pique Polo' })
    lines = [{ key: `${polo.id}:1:1`, productId: polo.id, totalQuantity: 6, amount: 12_000 }]
  })

  const evaluate = (promoCode?: string) => evaluatePromotions(db(), { websiteId, partnerId: null, lines, subtotal: 12_000, shipping: 995, promoCode })

  async function insertOrder(tx: Executor) {
    const [order] = await tx
      .insert(orders)
      .values({
        websiteId,
        name: `PT${String(nextSequence()).padStart(5, '0')}`,
        accessToken: randomBytes(32).toString('base64url'),
        kind: 'order',
        state: 'draft',
        partnerName: 'Jordan Buyer',
        partnerEmail: 'jordan@example.com',
        billingAddress: { name: 'Jordan Buyer', phone: null, street: '1 Main St', street2: null, city: 'Denver', zip: '80202', countryId: null, stateId: null, country: 'US', state: 'CO' },
        amountUntaxed: 12_000,
        amountTotal: 12_000,
        amountDue: 12_000,
        requestFingerprint: 'test',
      })
      .returning()
    return order!
  }

  const programRow = async (id: number) => (await db().select().from(promotionPrograms).where(eq(promotionPrograms.id, id)))[0]!
  const usagesOf = (id: number) => db().select().from(promotionUsages).where(eq(promotionUsages.programId, id))

  test('finds a code whatever its case, and only by the exact code (no wildcards)', async () => {
    const code = `CREW${nextSequence()}`
    const crew = await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: code, discountPercentage: 15 })
    expect(await evaluate(code.toLowerCase())).toMatchObject({ codeProgramId: crew.id, codeError: null, discount: 1800 })
    for (const guess of ['%', `${code.slice(0, 4)}%`, `${code.slice(0, -1)}_`, '*', `${code} `.repeat(2)]) {
      expect(await evaluate(guess)).toMatchObject({ codeProgramId: null, codeError: PROMO_CODE_NOT_VALID, discount: 0 })
    }
  })

  test("judges dates by the server's clock: a code that ended a minute ago has expired", async () => {
    const code = `LATE${nextSequence()}`
    await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: code, dateFrom: new Date(Date.now() - 48 * HOUR_MS), dateTo: new Date(Date.now() - 60_000) })
    expect(await evaluate(code)).toMatchObject({ codeError: PROMO_CODE_EXPIRED, discount: 0 })
  })

  test('a code of another store is not valid here', async () => {
    const code = `ELSEWHERE${nextSequence()}`
    await createPromotion({ websiteId: (await createWebsite()).id, promoCodeUsage: 'code_needed', promoCode: code })
    expect(await evaluate(code)).toMatchObject({ codeError: PROMO_CODE_NOT_VALID })
  })

  test('a free product reward names the product from the catalog', async () => {
    const site = (await createWebsite()).id
    const notebooks = await createProduct({ websiteId: site, name: 'Pocket Notebook 3-Pack', priceAmount: 1200 })
    const program = await createPromotion({ websiteId: site, rewardType: 'product', rewardProductId: notebooks.id, rewardProductQuantity: 1, ruleMinimumAmount: 7500 })
    const result = await evaluatePromotions(db(), { websiteId: site, partnerId: null, lines, subtotal: 12_000, shipping: 0 })
    expect(result.rewardLines).toEqual([{ programId: program.id, productId: notebooks.id, name: 'Pocket Notebook 3-Pack', quantity: 1, unitPrice: 0, listPrice: 1200 }])
  })

  test('of 10 orders using a code limited to 3 uses at the same moment, exactly 3 get it; the others roll back', async () => {
    const code = `THREE${nextSequence()}`
    const limited = await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: code, maximumUseNumber: 3 })
    const evaluated = await evaluate(code)
    expect(evaluated.programIds).toContain(limited.id)
    const ordersBefore = (await db().select({ id: orders.id }).from(orders)).length

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        db().transaction(async (tx) => {
          const order = await insertOrder(tx)
          await recordPromotionUsage(tx, { programIds: [limited.id], orderId: order.id, websiteId, customer: GUEST })
          return order.id
        }),
      ),
    )

    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    expect(placed).toHaveLength(3)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'conflict', userMessage: PROMO_CODE_USED_UP })
    }
    expect((await programRow(limited.id)).usedCount).toBe(3)
    const usages = await usagesOf(limited.id)
    expect(usages.map((usage) => usage.orderId).sort()).toEqual([...placed].sort())
    // The refused orders were rolled back with their usage.
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(ordersBefore + 3)
    expect(await evaluate(code)).toMatchObject({ codeError: PROMO_CODE_USED_UP })
  })

  test('recording the same order twice counts it once', async () => {
    const program = await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: `TWICE${nextSequence()}`, maximumUseNumber: 5 })
    const order = await insertOrder(db())
    await recordPromotionUsage(db(), { programIds: [program.id, program.id], orderId: order.id, websiteId, customer: GUEST })
    await recordPromotionUsage(db(), { programIds: [program.id], orderId: order.id, websiteId, customer: GUEST })
    expect((await programRow(program.id)).usedCount).toBe(1)
    expect(await usagesOf(program.id)).toHaveLength(1)
  })

  test('an unlimited program is counted every time', async () => {
    // Behind a code, so that it does not discount the other tests' carts.
    const program = await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: `UNLIMITED${nextSequence()}`, maximumUseNumber: 0 })
    for (let n = 0; n < 4; n += 1) await recordPromotionUsage(db(), { programIds: [program.id], orderId: (await insertOrder(db())).id, websiteId, customer: GUEST })
    expect((await programRow(program.id)).usedCount).toBe(4)
  })

  test('refuses a program that ended between the cart and the order, and writes nothing', async () => {
    const program = await createPromotion({ websiteId, dateTo: new Date(Date.now() - 1000) })
    await expect(
      db().transaction(async (tx) => {
        const order = await insertOrder(tx)
        await recordPromotionUsage(tx, { programIds: [program.id], orderId: order.id, websiteId, customer: GUEST })
      }),
    ).rejects.toMatchObject({ code: 'conflict', userMessage: PROMO_CODE_EXPIRED })
    expect((await programRow(program.id)).usedCount).toBe(0)
    expect(await usagesOf(program.id)).toHaveLength(0)
  })
})
