// Shopping through the API for the attacks: a demo-store cart line, a Denver address, the server's
// price for them, and placing an order (or saving a quotation) with the total the server computed.
import { type Answer, type Caller, expect } from './attack'

export type CartItem = { productId: number; colorId: number | null; logoId: number | null; quantity: Record<string, number> }
export type Address = { name: string; street: string; city: string; zip: string; countryId: number; stateId: number; street2?: string; phone?: string }

type Catalog = { item: (pieces?: Record<string, number>) => CartItem; address: (name?: string) => Address; unitPrice: number }

let catalog: Promise<Catalog> | null = null

/** The demo's Essential Crew Tee in True Navy with the Stacked Wordmark ($14.50 in M), shipped to Denver, CO. */
export function demoCatalog(caller: Caller): Promise<Catalog> {
  catalog ??= (async () => {
    const products = await caller.query('getProductList', { pageSize: 999 })
    const website = await caller.query('getWebsite')
    type Value = { id: number; name: string; attribute: { name: string } }
    const tee = (products.json.products.products as { slug: string; id: number; attributeValues: Value[] }[]).find((product) => product.slug === 'essential-crew-tee')!
    const navy = tee.attributeValues.find((value) => value.attribute.name === 'Color' && value.name === 'True Navy')!
    const logo = tee.attributeValues.find((value) => value.attribute.name === 'Logo' && value.name === 'Stacked Wordmark')!
    type Country = { id: number; code: string; states: { id: number; code: string }[] }
    const us = (website.json.website.shippingCountry as Country[]).find((country) => country.code === 'US')!
    const colorado = us.states.find((state) => state.code === 'CO')!
    return {
      item: (pieces = { M: 2 }) => ({ productId: tee.id, colorId: navy.id, logoId: logo.id, quantity: pieces }),
      address: (name = 'Casey Field') => ({ name, street: '1600 Wynkoop St', city: 'Denver', zip: '80202', countryId: us.id, stateId: colorado.id }),
      unitPrice: 14.5,
    }
  })()
  return catalog
}

export const STANDARD_GROUND = 1
/** For signed-in employees only (the demo's invoice bills the company). */
export const PAY_ON_INVOICE = 2
export const PURCHASE_ORDER = 1
/** Open to guests: paid up front, nothing billed to the company. */
export const BANK_TRANSFER = 4
/** The demo's order details, which it asks of signed-in customers only. */
export const EXTRA_FIELDS = { cost_center: '4100-220', department: 'Survey' }

/** The server's summary of a cart for an address and delivery method (POST /api/cart/summary). */
export async function summarize(caller: Caller, body: Record<string, unknown>): Promise<Answer> {
  return caller.post('/api/cart/summary', body)
}

export type OrderRequest = {
  items?: CartItem[]
  address?: Address
  name?: string
  email?: string
  extraFields?: Record<string, unknown>
  quotation?: boolean
  /** Replaces fields of the createOrder body (tampering). */
  override?: Record<string, unknown>
}

/** The createOrder body the checkout would send, priced by the server, with a fresh reference. */
export async function orderBody(caller: Caller, request: OrderRequest = {}): Promise<Record<string, unknown>> {
  const shop = await demoCatalog(caller)
  const items = request.items ?? [shop.item()]
  const address = request.address ?? shop.address(request.name)
  const summary = await summarize(caller, { items, address, deliveryMethodId: STANDARD_GROUND })
  expect(summary.status, summary.text).toBe(200)
  const reference = await caller.query('getOrderId')
  expect(reference.status, reference.text).toBe(200)
  const email = request.email ?? caller.account?.email ?? `guest-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  return {
    billingaddress: { ...address, email },
    shippingaddress: null,
    products: items,
    aquirerId: caller.account ? PAY_ON_INVOICE : BANK_TRANSFER,
    partnername: request.name ?? caller.account?.name ?? 'Casey Field',
    partneremail: email,
    orderSequence: reference.json.orderSequence,
    // The demo asks its cost center and department of signed-in employees only (issue 27).
    orderExtraFields: request.extraFields ?? (caller.account || caller.token ? EXTRA_FIELDS : {}),
    deliveryMethodId: STANDARD_GROUND,
    quotation: request.quotation ?? false,
    expectedTotal: summary.json.data.orderSummary.totalPrice,
    ...request.override,
  }
}

export type PlacedOrder = { id: number; name: string; accessToken: string; orderUrl: string; amounts: Record<string, number> }

/** Places an order (or saves a quotation) and gives it; the journal learns its access token is the caller's. */
export async function placeOrder(caller: Caller, request: OrderRequest = {}): Promise<PlacedOrder> {
  const answer = await caller.mutate('createOrder', await orderBody(caller, request))
  expect(answer.status, answer.text).toBe(200)
  const order = answer.json.createOrder.order as PlacedOrder
  caller.own(order.accessToken)
  return order
}
