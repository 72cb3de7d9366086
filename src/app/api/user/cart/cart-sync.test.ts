import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createCartSync } from '@/client/cart-sync'
import { initialCartState, type NewCartLine, useCartStore } from '@/client/stores/cart-store'
import { initialUserState, useUserStore } from '@/client/stores/user-store'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import type { SavedCartData } from '@/isomorphic/cart-types'
import { createPartner, TEST_PASSWORD } from '../../../../../tests/factories/accounts'
import { createLogo, createProduct } from '../../../../../tests/factories/catalog'
import { createWebsite } from '../../../../../tests/factories/website'
import { useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as login } from '../login/route'
import { POST as cartRoute } from './route'

// The browser's cart sync against the real /api/user/cart handler and database: the "fetch" it is
// given hands each request to the route as the browser's same-origin call would (with the session).

describe('the browser cart sync', () => {
  useTestDatabase()
  let token = ''
  let partnerId = 0
  let polo: Awaited<ReturnType<typeof createProduct>>
  let cap: Awaited<ReturnType<typeof createProduct>>
  let tee: Awaited<ReturnType<typeof createProduct>>
  let crestId = 0
  let websiteId = 0
  let kimEmail = ''
  const stops: (() => void)[] = []

  const routeFetch: typeof fetch = async (input, init) =>
    cartRoute(new Request(`http://store.test${String(input)}`, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` } }))

  async function serverCart(): Promise<SavedCartData> {
    const response = await routeFetch('/api/user/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ partnerId }) })
    return ((await response.json()) as { data: { cart: SavedCartData } }).data.cart
  }

  async function saveFromAnotherTab(items: unknown[], revision: number) {
    const response = await routeFetch('/api/user/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ partnerId, items, revision }),
    })
    expect(response.status).toBe(200)
  }

  const lineOf = (product: typeof polo, quantity: Record<string, number>): NewCartLine => ({
    productId: product.id,
    name: product.name,
    slug: product.slug,
    templateSkuCode: product.templateSkuCode,
    color: { id: product.variants[0]!.colorValueId!, name: 'Navy' },
    logo: { id: crestId, name: 'Crest' },
    quantity,
    // What the browser believed; the server's answer replaces it.
    unitPrices: Object.fromEntries(Object.keys(quantity).map((size) => [size, 0.01])),
  })
  const itemOf = (product: typeof polo, quantity: Record<string, number>) => ({
    productId: product.id,
    colorId: product.variants[0]!.colorValueId,
    logoId: crestId,
    quantity,
  })

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    useRateLimiter(createMemoryRateLimiter())
    websiteId = (await createWebsite()).id
    const crest = await createLogo({ name: 'Crest' })
    crestId = crest.id
    polo = await createProduct({ websiteId, name: 'Core Blend Polo', priceAmount: 2000, logos: [crest] })
    cap = await createProduct({ websiteId, name: 'Trucker Cap', sizes: ['OSFA'], priceAmount: 1500, logos: [crest] })
    tee = await createProduct({ websiteId, name: 'Tri-Blend Tee', priceAmount: 1200, logos: [crest] })
  })

  // A partner of its own for each test, signed in, with no saved cart: the tests hold in any order.
  beforeEach(async () => {
    useCartStore.setState(initialCartState)
    useUserStore.setState(initialUserState)
    const partner = await createPartner({ websiteId, name: 'Kim' })
    partnerId = partner.id
    kimEmail = partner.email
    const answer = await login(
      new Request('http://store.test/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: partner.email, password: TEST_PASSWORD }),
      }),
    )
    token = ((await answer.json()) as { data: { access_token: string } }).data.access_token
  })

  // One tab per test: the previous test's sync stops listening.
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  function startSync() {
    const sync = createCartSync({ fetch: routeFetch, debounceMs: 5 })
    stops.push(sync.start())
    return sync
  }

  test('while anonymous nothing is sent; at sign-in the anonymous cart joins the saved one and is saved', async () => {
    await saveFromAnotherTab([itemOf(cap, { OSFA: 2 })], 0)
    const sync = startSync()
    useCartStore.getState().addLine(lineOf(polo, { M: 3 }))
    await sync.flush()
    expect((await serverCart()).lines.map((line) => line.name)).toEqual(['Trucker Cap'])

    useUserStore.setState({ isAuthenticated: true, user: { id: partnerId, uid: 'x', name: 'Kim', email: kimEmail, billingAddress: [], shippingAddress: [] } })
    await sync.mergeAtSignIn(partnerId)

    const saved = await serverCart()
    expect(saved.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Trucker Cap', { OSFA: 2 }],
      ['Core Blend Polo', { M: 3 }],
    ])
    // The browser now shows the server's prices, not the ones it believed.
    const { orderLines, cart } = useCartStore.getState()
    expect(orderLines.map((line) => line.priceTotal)).toEqual([30, 60])
    expect(orderLines[1]!.unitPrices).toEqual({ M: 20 })
    expect(cart).toMatchObject({ partnerId, revision: saved.revision })
  })

  test('a change made while another tab saved first is merged, not lost: both tabs’ lines are kept', async () => {
    await saveFromAnotherTab([itemOf(cap, { OSFA: 2 }), itemOf(polo, { M: 3 })], 0)
    useUserStore.setState({ isAuthenticated: true, user: { id: partnerId, uid: 'x', name: 'Kim', email: kimEmail, billingAddress: [], shippingAddress: [] } })
    const sync = startSync()
    await sync.mergeAtSignIn(partnerId)
    const before = await serverCart()

    // The other tab adds a tee and saves first.
    await saveFromAnotherTab([itemOf(cap, { OSFA: 2 }), itemOf(polo, { M: 3 }), itemOf(tee, { L: 4 })], before.revision)

    // This tab, still at the old revision, changes the polo.
    const poloKey = useCartStore.getState().orderLines.find((line) => line.productId === polo.id)!.key
    useCartStore.getState().updateLine(poloKey, { M: 1, XL: 0, L: 2 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await sync.flush()

    const saved = await serverCart()
    expect(saved.revision).toBe(before.revision + 2)
    expect(saved.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Trucker Cap', { OSFA: 2 }],
      ['Core Blend Polo', { M: 1, L: 2 }],
      ['Tri-Blend Tee', { L: 4 }],
    ])
    expect(useCartStore.getState().orderLines.map((line) => line.name)).toEqual(['Trucker Cap', 'Core Blend Polo', 'Tri-Blend Tee'])
    expect(useCartStore.getState().cart?.revision).toBe(saved.revision)
  })
})
