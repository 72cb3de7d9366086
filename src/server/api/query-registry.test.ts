import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { deliveryMethods } from '@/server/db/schema'
import { createDeliveryMethod } from '../../../tests/factories/store-settings'
import { createStore, PLANTED_SECRETS } from '../../../tests/factories/store'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryCache, namedCache, useNamedCache } from '../cache/named-cache'
import type { CoreContext } from '../kernel/context'
import { executeQuery, isPublicQuery, QUERY_KEYS, runQuery } from './query-registry'
import { callerContext } from '../../../tests/support/core-context'

const SECRET_FIELD_NAMES = ['credentials', '"key"', '"token"', 'promoCode"', 'password', 'secret', 'ssoConfig', '"url"']

describe.each(testDatabaseKinds())('the query registry on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: Awaited<ReturnType<typeof createStore>>
  let ctx: CoreContext

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    store = await createStore()
    ctx = callerContext(store.website.id, { ip: '127.0.0.1' })
  })

  test('serves every public query key without a single secret', async () => {
    // getDecorationOptions needs a product drawn for the editor: src/server/decoration/design-service.test.ts covers it.
    for (const key of QUERY_KEYS.filter((key) => isPublicQuery(key) && key !== 'getDecorationOptions')) {
      const value = key === 'getWebsite' ? store.website.id : undefined
      const { payload } = await executeQuery(key, value, ctx)
      for (const secret of PLANTED_SECRETS) expect(payload.json, `${key} leaks ${secret}`).not.toContain(secret)
      for (const field of SECRET_FIELD_NAMES) expect(payload.json.toLowerCase(), `${key} has ${field}`).not.toContain(field.toLowerCase())
    }
  })

  test('getWebsite answers { website } for the configured id', async () => {
    const { website } = await runQuery('getWebsite', store.website.id, ctx)
    expect(website).toMatchObject({ id: store.website.id, name: 'Acme Team Store', shippingCountry: [{ code: 'US', states: [{ code: 'SC' }] }] })
    expect((await runQuery('getWebsite', undefined, ctx)).website.id).toBe(store.website.id)
  })

  test('getWebsite answers not_found for any other website id', async () => {
    await expect(executeQuery('getWebsite', store.website.id + 1, ctx)).rejects.toMatchObject({ code: 'not_found' })
  })

  test('getProductList answers { products: { products, total } } in website order', async () => {
    const answer = await runQuery('getProductList', { pageSize: 999, sort: 'websiteSequence ASC' }, ctx)
    expect(answer.products.total).toBe(2)
    expect(answer.products.products.map((p) => p.name)).toEqual(['Twill Cap', 'Core Blend Polo'])
    expect(answer.products.products[1]).toMatchObject({ price: 24, maxPrice: 24, attributeValues: expect.any(Array), productVariants: expect.any(Array) })
  })

  test('getProductList pages and sorts', async () => {
    const page2 = await runQuery('getProductList', { pageSize: 1, page: 2 }, ctx)
    expect(page2.products).toMatchObject({ total: 2, products: [{ name: 'Core Blend Polo' }] })
    const byPrice = await runQuery('getProductList', { sort: 'price DESC' }, ctx)
    expect(byPrice.products.products.map((p) => p.name)).toEqual(['Core Blend Polo', 'Twill Cap'])
  })

  test('getFeaturedProducts answers the ids asked for, or the home page featured products', async () => {
    const byIds = await runQuery('getFeaturedProducts', { filter: { ids: [store.products.cap.id] } }, ctx)
    expect(byIds.products.products.map((p) => p.name)).toEqual(['Twill Cap'])
    const fromHome = await runQuery('getFeaturedProducts', undefined, ctx)
    expect(fromHome.products.products.map((p) => p.name)).toEqual(['Core Blend Polo'])
  })

  test('getDeliveryMethods answers { shippingmethods: { shippingmethod } } with prices, margin, threshold and rules', async () => {
    const { shippingmethods } = await runQuery('getDeliveryMethods', undefined, ctx)
    expect(shippingmethods.shippingmethod.map((m) => m.name)).toEqual(['Ground', 'By weight', 'UPS Ground'])
    expect(shippingmethods.shippingmethod[0]).toEqual({
      id: store.delivery.ground.id,
      name: 'Ground',
      description: '',
      deliveryType: 'fixed',
      price: 9.95,
      margin: 0,
      freeOver: true,
      amout: 100,
      priceRuleIds: [],
      sequence: 1,
    })
    expect(shippingmethods.shippingmethod[1]).toMatchObject({
      deliveryType: 'base_on_rule',
      margin: 10,
      priceRuleIds: [
        { sequence: 1, variable: 'weight', operator: '<=', maxValue: 5, listBasePrice: 5, listPrice: 0, variableFactor: 'weight' },
        { sequence: 2, variable: 'weight', operator: '>', maxValue: 5, listBasePrice: 5, listPrice: 1.5, variableFactor: 'weight' },
      ],
    })
  })

  test('getPaymentMethods answers the active acquirers', async () => {
    const { paymentAcquirers } = await runQuery('getPaymentMethods', undefined, ctx)
    expect(paymentAcquirers).toEqual([{ id: expect.any(Number), name: 'Invoice', provider: 'manual', instructions: expect.any(String), forGuests: true }])
  })

  test('getTaxes answers which tax service is used, without url, key or token', async () => {
    const { taxcredential } = await runQuery('getTaxes', undefined, ctx)
    expect(taxcredential).toEqual({ taxname: 'avatax', documentrecording: false, companycode: 'ACME' })
  })

  test('getPromotions answers the programs in force, with no codes', async () => {
    const { promotionPrograms } = await runQuery('getPromotions', undefined, ctx)
    expect(promotionPrograms.map((p) => p.name)).toEqual(['Ten off', 'Free cap', 'Coded'])
    expect(promotionPrograms[1]).toMatchObject({ rewardType: 'product', promoApplicability: 'on_current_order', rewardProductId: store.products.cap.id })
    expect(promotionPrograms[2]).toMatchObject({ promoCodeUsage: 'code_needed', discountFixedAmount: 5 })
    expect(promotionPrograms[2]).not.toHaveProperty('promoCode')
  })

  test('getOrderExtraFields answers { orderextrafields } in order', async () => {
    const { orderextrafields } = await runQuery('getOrderExtraFields', undefined, ctx)
    expect(orderextrafields).toEqual([
      { id: expect.any(Number), name: 'po_number', label: 'PO number', fieldType: 'text', isRequired: true, options: [], placeholder: null, sequence: 1, audience: 'everyone', groupId: null },
      { id: expect.any(Number), name: 'department', label: 'Department', fieldType: 'select', isRequired: false, options: ['Sales', 'Support'], placeholder: null, sequence: 2, audience: 'everyone', groupId: null },
    ])
  })

  test('refuses an unknown key with a message naming it', async () => {
    await expect(executeQuery('getFoo', undefined, ctx)).rejects.toMatchObject({ code: 'invalid', message: "Unknown query key 'getFoo'." })
    await expect(executeQuery('__proto__', undefined, ctx)).rejects.toMatchObject({ code: 'invalid', message: "Unknown query key '__proto__'." })
    await expect(executeQuery('toString', undefined, ctx)).rejects.toMatchObject({ code: 'invalid' })
  })

  test.each([
    ['getProductList', { pageSize: 1000 }, 'getProductList: value.pageSize must be at most 999'],
    ['getProductList', { pageSize: 0 }, 'getProductList: value.pageSize must be at least 1'],
    ['getProductList', { pageSize: '999' }, 'getProductList: value.pageSize must be a number'],
    ['getProductList', { sort: 'random' }, "getProductList: value.sort must be one of 'websiteSequence ASC', 'price ASC', 'price DESC', 'name ASC'"],
    ['getProductList', { pageSize: 10, limit: 5 }, "getProductList: value has unknown field 'limit'"],
    ['getProductList', 'all', 'getProductList: value'],
    ['getWebsite', 'one', 'getWebsite: value must be a website id (a number)'],
    ['getWebsite', 1.5, 'getWebsite: value must be a whole number'],
    ['getFeaturedProducts', { filter: { ids: [1, 'x'] } }, 'getFeaturedProducts: value.filter.ids.1 must be a product id (a number)'],
    ['getTaxes', 5, 'getTaxes: value must be left out (this key takes no value)'],
    ['getPromotions', { all: true }, "getPromotions: value has unknown field 'all'"],
  ])('refuses %s with value %j: "%s"', async (key, value, message) => {
    await expect(executeQuery(key, value, ctx)).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining(message) })
  })

  test('serves the same prepared answer until its cache is invalidated, then shows the write', async () => {
    const first = await executeQuery('getDeliveryMethods', undefined, ctx)
    const again = await executeQuery('getDeliveryMethods', null, ctx)
    expect(again.payload).toBe(first.payload)

    await createDeliveryMethod({ websiteId: store.website.id, name: 'Pickup', priceAmount: 0, sequence: 9 })
    expect((await executeQuery('getDeliveryMethods', undefined, ctx)).payload).toBe(first.payload)

    await namedCache().invalidate('DeliveryMethods')
    const fresh = await runQuery('getDeliveryMethods', undefined, ctx)
    expect(fresh.shippingmethods.shippingmethod.map((m) => m.name)).toContain('Pickup')
    await db().delete(deliveryMethods).where(eq(deliveryMethods.name, 'Pickup'))
    await namedCache().invalidate('DeliveryMethods')
  })

  test('equal values share one cache entry whatever their key order', async () => {
    const a = await executeQuery('getProductList', { pageSize: 999, sort: 'websiteSequence ASC' }, ctx)
    const b = await executeQuery('getProductList', { sort: 'websiteSequence ASC', pageSize: 999 }, ctx)
    expect(b.payload).toBe(a.payload)
  })
})
