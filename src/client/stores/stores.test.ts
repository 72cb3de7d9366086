import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Website } from '@/isomorphic/catalog-types'
import type { NewCartLine } from './cart-store'

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

type Seed = Record<string, unknown>

/** Loads the stores as a fresh page would, over the given browser storage (or none: the server). */
async function loadStores({ session, local, browser = true }: { session?: Seed; local?: Seed; browser?: boolean } = {}) {
  vi.resetModules()
  const sessionStorage = fakeStorage()
  const localStorage = fakeStorage()
  for (const [key, state] of Object.entries(session ?? {})) sessionStorage.setItem(key, JSON.stringify({ state, version: 1 }))
  for (const [key, state] of Object.entries(local ?? {})) localStorage.setItem(key, JSON.stringify({ state, version: 1 }))
  if (browser) vi.stubGlobal('window', { sessionStorage, localStorage })
  const [user, app, address, cart, checkout, product] = await Promise.all([
    import('./user-store'),
    import('./app-store'),
    import('./address-store'),
    import('./cart-store'),
    import('./checkout-store'),
    import('./product-store'),
  ])
  return { sessionStorage, localStorage, user, app, address, cart, checkout, product }
}

function stored(storage: ReturnType<typeof fakeStorage>, key: string): Record<string, unknown> | undefined {
  const raw = storage.getItem(key)
  return raw === null ? undefined : (JSON.parse(raw) as { state: Record<string, unknown> }).state
}

function dataOf(state: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function'))
}

const polo: NewCartLine = {
  productId: 7,
  name: 'Core Polo',
  slug: 'core-polo',
  templateSkuCode: 'PC54',
  color: { id: 3, name: 'Navy' },
  logo: { id: 11, name: 'Acme crest' },
  quantity: { M: 2, L: 3 },
  unitPrices: { M: 12.5, L: 12.5 },
}

const website = { id: 1, name: 'Acme Team Store', lockBrowsing: 'Disable', ssologin: null } as Website

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('client state groups (spec 3)', () => {
  test('each group starts with exactly the fields the spec lists', async () => {
    const { user, app, address, cart, checkout, product } = await loadStores()
    expect(Object.keys(dataOf(user.useUserStore.getState())).sort()).toEqual(['isAuthenticated', 'isLoading', 'order', 'orders', 'tokenExpiresAt', 'user'])
    expect(Object.keys(dataOf(app.useAppStore.getState())).sort()).toEqual(
      [
        'website', 'sizes', 'promotionProduct', 'promotions', 'deliveryMethods', 'paymentMethods', 'taxcredential',
        'orderExtraFields', 'isValidSession', 'activeAccordian', 'nextAccordian', 'isLoading', 'showExpiryPopup',
      ].sort(),
    )
    expect(Object.keys(dataOf(address.useAddressStore.getState())).sort()).toEqual(
      ['billingAddresses', 'selectedBillingAddress', 'selectedShippingAddress', 'shippingAddresses', 'shippingList', 'validatedAddress'],
    )
    expect(Object.keys(dataOf(cart.useCartStore.getState())).sort()).toEqual(
      ['cart', 'cartAdditionalOrderLine', 'cartExtraOptions', 'isLoading', 'orderLines', 'orderOptions'],
    )
    expect(Object.keys(dataOf(checkout.useCheckoutStore.getState())).sort()).toEqual(
      [
        'isLoading', 'name', 'email', 'billing', 'shipping', 'delivery', 'payment', 'order', 'orderSummary', 'errors',
        'activeAccordian', 'nextAccordian', 'exemptForResale', 'shippingTax', 'freeShippingPromotion', 'promotion',
        'taxesResponse', 'orderExtraFieldsInputs', 'extraFieldsInputPayload', 'newAddedBillingAddress',
        'newAddedShippingAddress', 'failedOrderData', 'codePromotion',
      ].sort(),
    )
    expect(Object.keys(dataOf(product.useProductStore.getState())).sort()).toEqual(
      [
        'isLoading', 'isMetaDataLoading', 'products', 'total', 'productDetails', 'activeColorsList', 'metaData', 'gallery',
        'selectedFilters', 'searchText', 'filteredProducts', 'totalProducts',
      ].sort(),
    )
  })

  test('the initial values are the spec defaults', async () => {
    const { user, app, checkout } = await loadStores()
    expect(user.useUserStore.getState()).toMatchObject({ user: null, isAuthenticated: false, orders: [], order: null })
    expect(app.useAppStore.getState()).toMatchObject({ isValidSession: true, isLoading: false, showExpiryPopup: false, website: null })
    const state = checkout.useCheckoutStore.getState()
    expect(state.activeAccordian).toBe('contact')
    expect(state.nextAccordian).toBe('contact')
    expect(Object.keys(state.orderSummary).sort()).toEqual(
      ['budgetAmount', 'estimatedTotal', 'freeShipping', 'giftCardAmount', 'promotion', 'shipping', 'subTotal', 'taxes', 'totalPrice'],
    )
    expect(Object.keys(state.billing).sort()).toEqual(['city', 'countryId', 'id', 'name', 'phone', 'stateId', 'street', 'street2', 'zip'])
    expect(state.promotion).toEqual({ value: 0, name: '' })
  })

  test('user and app state are kept in session storage under the keys user and app (spec 9)', async () => {
    const { sessionStorage, localStorage, user, app } = await loadStores()
    user.useUserStore.setState({ isAuthenticated: true, isLoading: true })
    app.useAppStore.getState().setWebsite(website)
    app.useAppStore.setState({ isLoading: true, showExpiryPopup: true })

    expect(stored(sessionStorage, 'user')).toEqual({ user: null, isAuthenticated: true, tokenExpiresAt: null, orders: [], order: null })
    expect(stored(sessionStorage, 'app')).toMatchObject({ website, isValidSession: true })
    expect(stored(sessionStorage, 'app')).not.toHaveProperty('isLoading')
    expect(stored(sessionStorage, 'app')).not.toHaveProperty('showExpiryPopup')
    expect(localStorage.items.size).toBe(0)
  })

  test('address and checkout state are kept in local storage, cart state in session storage', async () => {
    const { sessionStorage, localStorage, address, cart, checkout } = await loadStores()
    address.useAddressStore.setState({ shippingList: [] })
    checkout.useCheckoutStore.setState({ email: 'buyer@example.com', errors: { email: 'Required' }, isLoading: true })
    cart.useCartStore.getState().addLine(polo)

    expect(stored(localStorage, 'address')).toMatchObject({ billingAddresses: [], selectedShippingAddress: null })
    expect(stored(localStorage, 'checkout')).toMatchObject({ email: 'buyer@example.com', activeAccordian: 'contact' })
    expect(stored(localStorage, 'checkout')).not.toHaveProperty('errors')
    expect(stored(localStorage, 'checkout')).not.toHaveProperty('isLoading')
    expect(stored(sessionStorage, 'cart')).toMatchObject({ orderLines: [expect.objectContaining({ productId: 7 })] })
    expect(stored(sessionStorage, 'cart')).not.toHaveProperty('isLoading')
  })

  test('product state is not kept anywhere', async () => {
    const { sessionStorage, localStorage, product } = await loadStores()
    product.useProductStore.setState({ searchText: 'polo', total: 3 })
    expect(sessionStorage.items.size + localStorage.items.size).toBe(0)
  })

  test('a new page restores each group from its storage, while hydration still renders the initial state', async () => {
    const line = { ...polo, key: '7:3:11', totalQuantity: 5 }
    const { user, app, cart, checkout } = await loadStores({
      session: {
        user: { isAuthenticated: true, user: { id: 9, name: 'Ann', email: 'ann@example.com', billingAddress: [], shippingAddress: [] } },
        app: { website, sizes: ['S', 'M'], isLoading: true, showExpiryPopup: true },
        cart: { orderLines: [line], isLoading: true },
      },
      local: { checkout: { email: 'ann@example.com', activeAccordian: 'delivery', errors: { zip: 'Invalid' } } },
    })

    expect(user.useUserStore.getState()).toMatchObject({ isAuthenticated: true, user: { id: 9 } })
    expect(app.useAppStore.getState()).toMatchObject({ website, sizes: ['S', 'M'], isLoading: false, showExpiryPopup: false })
    expect(cart.useCartStore.getState()).toMatchObject({ orderLines: [line], isLoading: false })
    expect(checkout.useCheckoutStore.getState()).toMatchObject({ email: 'ann@example.com', activeAccordian: 'delivery', errors: {} })

    // zustand's hooks render hydration from getInitialState, the state the server rendered with.
    expect(cart.useCartStore.getInitialState().orderLines).toEqual([])
    expect(user.useUserStore.getInitialState().isAuthenticated).toBe(false)
  })

  test('a malformed entry in storage leaves the group at its initial state', async () => {
    vi.resetModules()
    const sessionStorage = fakeStorage()
    sessionStorage.setItem('cart', '[{"productId":1}]')
    sessionStorage.setItem('user', '{not json')
    vi.stubGlobal('window', { sessionStorage, localStorage: fakeStorage() })
    const { useCartStore } = await import('./cart-store')
    const { useUserStore } = await import('./user-store')
    expect(useCartStore.getState().orderLines).toEqual([])
    expect(useUserStore.getState().isAuthenticated).toBe(false)
  })

  test('on the server the stores touch no storage and still work in memory', async () => {
    const warn = vi.spyOn(console, 'warn')
    const { cart, sessionStorage } = await loadStores({ browser: false })
    cart.useCartStore.getState().addLine(polo)
    expect(cart.useCartStore.getState().orderLines).toHaveLength(1)
    expect(sessionStorage.items.size).toBe(0)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })

  test('user and address reset to their initial state', async () => {
    const { user, address } = await loadStores()
    user.useUserStore.setState({ isAuthenticated: true, orders: [{ id: 1, name: 'S00001' }] })
    address.useAddressStore.setState({ billingAddresses: [{ id: 1, name: 'HQ', phone: null, street: '1 Main St', street2: null, city: 'Austin', zip: '78701', countryId: 1, stateId: 2 }] })
    user.useUserStore.getState().reset()
    address.useAddressStore.getState().reset()
    expect(dataOf(user.useUserStore.getState())).toEqual(user.initialUserState)
    expect(dataOf(address.useAddressStore.getState())).toEqual(address.initialAddressState)
  })

  test('the app store sets the website and the sizes', async () => {
    const { app } = await loadStores()
    app.useAppStore.getState().setWebsite(website)
    app.useAppStore.getState().setSizes(['XS', 'S', 'M'])
    expect(app.useAppStore.getState()).toMatchObject({ website, sizes: ['XS', 'S', 'M'] })
  })
})

describe('cart lines', () => {
  test('adding a product in a colour with a logo makes a line with its total quantity', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    expect(cart.useCartStore.getState().orderLines).toEqual([{ ...polo, key: '7:3:11', totalQuantity: 5 }])
  })

  test('adding the same product, colour and logo again adds to the line per size', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    cart.useCartStore.getState().addLine({ ...polo, quantity: { L: 1, XL: 4 }, unitPrices: { L: 12.5, XL: 14 } })
    expect(cart.useCartStore.getState().orderLines).toEqual([
      expect.objectContaining({ quantity: { M: 2, L: 4, XL: 4 }, totalQuantity: 10, unitPrices: { M: 12.5, L: 12.5, XL: 14 } }),
    ])
  })

  test('another colour or logo is another line', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    cart.useCartStore.getState().addLine({ ...polo, color: { id: 4, name: 'Red' } })
    cart.useCartStore.getState().addLine({ ...polo, logo: null })
    expect(cart.useCartStore.getState().orderLines.map((line) => line.key)).toEqual(['7:3:11', '7:4:11', '7:3:0'])
  })

  test('only whole positive pieces count, and a line of none is not added', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine({ ...polo, quantity: { S: 0, M: -2, L: 2.7, XL: Number.NaN } })
    expect(cart.useCartStore.getState().orderLines[0]).toMatchObject({ quantity: { L: 2 }, totalQuantity: 2 })
    cart.useCartStore.getState().addLine({ ...polo, productId: 8, quantity: { M: 0 } })
    expect(cart.useCartStore.getState().orderLines).toHaveLength(1)
  })

  test('updating a line sets its pieces per size, and a line left with none goes away', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    cart.useCartStore.getState().updateLine('7:3:11', { M: 1, L: 0, XL: 6 })
    expect(cart.useCartStore.getState().orderLines[0]).toMatchObject({ quantity: { M: 1, XL: 6 }, totalQuantity: 7 })
    cart.useCartStore.getState().updateLine('7:3:11', { M: 0 })
    expect(cart.useCartStore.getState().orderLines).toEqual([])
  })

  test('removing a line keeps the others', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    cart.useCartStore.getState().addLine({ ...polo, productId: 8 })
    cart.useCartStore.getState().removeLine('7:3:11')
    expect(cart.useCartStore.getState().orderLines.map((line) => line.productId)).toEqual([8])
  })

  test('the cart count is the pieces in all lines', async () => {
    const { cart } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    cart.useCartStore.getState().addLine({ ...polo, productId: 8, quantity: { S: 12 } })
    expect(cart.cartCount(cart.useCartStore.getState().orderLines)).toBe(17)
    expect(cart.cartCount([])).toBe(0)
  })

  test('clearing the cart resets checkout, order lines, additional lines, extra options, summary and payment (spec 4)', async () => {
    const { cart, checkout, localStorage } = await loadStores()
    cart.useCartStore.getState().addLine(polo)
    const option = { id: 1, name: 'rush', label: 'Rush decoration', price: 25 }
    cart.useCartStore.setState({
      cart: { partnerId: 9, revision: 3 },
      cartAdditionalOrderLine: [{ ...polo, key: 'gift', totalQuantity: 1 }],
      cartExtraOptions: [option],
      orderOptions: [option],
    })
    checkout.useCheckoutStore.setState({
      email: 'ann@example.com',
      payment: { id: 2, name: 'Invoice', provider: 'manual', instructions: '', forGuests: true },
      orderSummary: { ...checkout.emptyOrderSummary, subTotal: 62.5, totalPrice: 70 },
      activeAccordian: 'payment',
    })

    cart.clearCart()

    expect(cart.useCartStore.getState()).toMatchObject({
      orderLines: [],
      cartAdditionalOrderLine: [],
      cartExtraOptions: [],
      cart: { partnerId: 9, revision: 3 },
      orderOptions: [option],
    })
    expect(dataOf(checkout.useCheckoutStore.getState())).toEqual(checkout.initialCheckoutState)
    expect(stored(localStorage, 'checkout')).toMatchObject({ email: '', payment: null, orderSummary: checkout.emptyOrderSummary })
  })
})
