import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { env } from '@/server/env'
import { createPartner, TEST_PASSWORD } from '../../../../../tests/factories/accounts'
import { createLogo, createProduct } from '../../../../../tests/factories/catalog'
import { createWebsite } from '../../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as login } from '../login/route'
import { POST as logout } from '../logout/route'
import { cartItemsOf, mergeAfterConflict } from '@/client/cart-sync-merge'
import { POST as cartRoute } from './route'

const BASE = 'http://store.test'

type CartBody = {
  data?: { cart: { partnerId: number; revision: number; lines: { key: string; productId: number; color: { id: number } | null; logo: { id: number } | null; quantity: Record<string, number>; priceTotal: number }[]; dropped: unknown[] } }
  error?: { code: string; message: string }
}

async function post(handler: (request: Request) => Promise<Response>, path: string, body: unknown, token?: string) {
  const response = await handler(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: (await response.json()) as CartBody }
}

async function signIn(email: string) {
  const { body } = await post(login, '/api/user/login', { login: email, password: TEST_PASSWORD })
  return (body as unknown as { data: { access_token: string } }).data.access_token
}

describe.each(testDatabaseKinds())('/api/user/cart on %s', (kind) => {
  useTestDatabase(kind)
  let dana: { id: number; email: string }
  let eli: { id: number; email: string }
  let item: (quantity: Record<string, number>, productIndex?: number) => { productId: number; colorId: number | null; logoId: number; quantity: Record<string, number> }

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    const websiteId = (await createWebsite()).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    const crest = await createLogo()
    const polo = await createProduct({ websiteId, name: 'Core Blend Polo', priceAmount: 2000, logos: [crest] })
    const cap = await createProduct({ websiteId, name: 'Trucker Cap', sizes: ['OSFA'], priceAmount: 1500, logos: [crest] })
    const productList = [polo, cap]
    item = (quantity, productIndex = 0) => {
      const product = productList[productIndex]!
      return { productId: product.id, colorId: product.variants[0]!.colorValueId, logoId: crest.id, quantity }
    }
  })

  // Two partners of their own for each test, with no cart yet: the tests hold in any order.
  beforeEach(async () => {
    useRateLimiter(createMemoryRateLimiter())
    dana = await createPartner({ websiteId: env().WEBSITE_ID, name: 'Dana' })
    eli = await createPartner({ websiteId: env().WEBSITE_ID, name: 'Eli' })
  })

  test('an anonymous caller gets 401 and nothing else', async () => {
    const { status, body } = await post(cartRoute, '/api/user/cart', { partnerId: dana.id })
    expect(status).toBe(401)
    expect(body.data).toBeUndefined()
  })

  test("another partner's id gets 404: nothing is read or written", async () => {
    const eliToken = await signIn(eli.email)
    await post(cartRoute, '/api/user/cart', { partnerId: eli.id, items: [item({ M: 1 })], revision: 0 }, eliToken)

    const danaToken = await signIn(dana.email)
    const read = await post(cartRoute, '/api/user/cart', { partnerId: eli.id }, danaToken)
    expect(read.status).toBe(404)
    expect(read.body.data).toBeUndefined()
    const write = await post(cartRoute, '/api/user/cart', { partnerId: eli.id, items: [], revision: 1 }, danaToken)
    expect(write.status).toBe(404)

    const eliCart = await post(cartRoute, '/api/user/cart', { partnerId: eli.id }, eliToken)
    expect(eliCart.body.data!.cart).toMatchObject({ revision: 1, lines: [{ quantity: { M: 1 } }] })
  })

  test('a new partner reads an empty cart at revision 0', async () => {
    const token = await signIn(dana.email)
    const { status, body } = await post(cartRoute, '/api/user/cart', { partnerId: dana.id }, token)
    expect(status).toBe(200)
    expect(body.data!.cart).toEqual({ partnerId: dana.id, revision: 0, lines: [], dropped: [] })
  })

  test('bad quantities are a 400 with a message a person can act on', async () => {
    const token = await signIn(dana.email)
    const { status, body } = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: [item({ M: -1 })], revision: 0 }, token)
    expect(status).toBe(400)
    expect(body.error!.message).toContain('Quantity must be at least 1 piece')
  })

  test('a saved cart survives signing out and in again, priced by the server', async () => {
    const first = await signIn(dana.email)
    const saved = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: [item({ S: 2, L: 1 })], revision: 0 }, first)
    expect(saved.status).toBe(200)
    expect(saved.body.data!.cart).toMatchObject({ revision: 1, lines: [{ quantity: { S: 2, L: 1 }, priceTotal: 60 }] })

    await post(logout, '/api/user/logout', undefined, first)
    expect((await post(cartRoute, '/api/user/cart', { partnerId: dana.id }, first)).status).toBe(401)

    const second = await signIn(dana.email)
    const read = await post(cartRoute, '/api/user/cart', { partnerId: dana.id }, second)
    expect(read.body.data!.cart).toMatchObject({ partnerId: dana.id, revision: 1, lines: [{ quantity: { S: 2, L: 1 }, priceTotal: 60 }] })
  })

  test('two tabs saving from the same revision: the second gets 409 with the current cart, and after merging both lines are kept', async () => {
    const token = await signIn(dana.email)
    const start = (await post(cartRoute, '/api/user/cart', { partnerId: dana.id }, token)).body.data!.cart
    const base = [item({ S: 2, L: 1 })]

    const tabA = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: [...base, item({ OSFA: 5 }, 1)], revision: start.revision }, token)
    expect(tabA.status).toBe(200)

    const tabB = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: [item({ S: 4, L: 1 })], revision: start.revision }, token)
    expect(tabB.status).toBe(409)
    expect(tabB.body.error!.code).toBe('conflict')
    const current = tabB.body.data!.cart
    expect(current.revision).toBe(start.revision + 1)
    expect(current.lines).toHaveLength(2)

    // Tab B merges as the browser does: union by line key, its own changed quantities win.
    type Line = { key: string; productId: number; color: { id: number } | null; logo: { id: number } | null; quantity: Record<string, number> }
    const mineItem = item({ S: 4, L: 1 })
    const mine: Line[] = [
      { key: current.lines[0]!.key, productId: mineItem.productId, color: { id: mineItem.colorId! }, logo: { id: mineItem.logoId }, quantity: mineItem.quantity },
    ]
    const merged = mergeAfterConflict<Line>(mine, [], current.lines)
    const retry = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: cartItemsOf(merged), revision: current.revision }, token)
    expect(retry.status).toBe(200)
    expect(retry.body.data!.cart.lines.map((line) => line.quantity)).toEqual([{ S: 4, L: 1 }, { OSFA: 5 }])
    expect(retry.body.data!.cart.revision).toBe(start.revision + 2)
  })

  test('a save without a revision is refused with a clear message', async () => {
    const token = await signIn(dana.email)
    const { status, body } = await post(cartRoute, '/api/user/cart', { partnerId: dana.id, items: [] }, token)
    expect(status).toBe(400)
    expect(body.error!.message).toContain('revision')
  })
})
