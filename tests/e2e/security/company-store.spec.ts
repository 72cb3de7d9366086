import { expect, test } from './attack'
import { BANK_TRANSFER, demoCatalog, orderBody, PAY_ON_INVOICE, PURCHASE_ORDER, STANDARD_GROUND, summarize } from './shop'

// The company store's money rules from outside (issue 13): billing the company is for signed-in
// employees under their budget and approvals, so a guest cannot pay on invoice or by purchase order
// — not when placing the order, not when paying it afterwards; and a first-order promotion is one
// discount per customer (an account, or a guest's email).

test('a guest on the company store cannot pay on invoice or by purchase order, at placement or afterwards', async ({ attack }) => {
  const guest = await attack.caller('invoice-guest')

  const methods = await guest.query('getPaymentMethods')
  expect(methods.status, methods.text).toBe(200)
  const forGuests = Object.fromEntries((methods.json.paymentAcquirers as { name: string; forGuests: boolean }[]).map((method) => [method.name, method.forGuests]))
  expect(forGuests).toMatchObject({ 'Purchase order': false, 'Pay on invoice': false, 'Bank transfer': true })

  // The employee over budget signs out and checks out as a guest with their name and cost centre.
  for (const aquirerId of [PAY_ON_INVOICE, PURCHASE_ORDER]) {
    const body = await orderBody(guest, { name: 'Alex Morgan', email: 'alex.morgan@graniteridge.example', override: { aquirerId } })
    const refused = await guest.mutate('createOrder', body)
    expect(refused.status, refused.text).toBe(403)
    expect(refused.json.error.message).toMatch(/is for signed-in customers: it bills the company under your budget and approvals\. Please sign in, or choose another payment method\.$/)
  }

  // Placed with a method open to guests, the order cannot be switched to the invoice to confirm it.
  const placed = await guest.mutate('createOrder', await orderBody(guest, { name: 'Alex Morgan' }))
  expect(placed.status, placed.text).toBe(200)
  const order = placed.json.createOrder.order as { id: number; accessToken: string; state: string }
  guest.own(order.accessToken)
  expect(order.state).toBe('draft')
  const switched = await guest.mutate('orderPayment', { acquirerId: PAY_ON_INVOICE, orderId: order.id, accessToken: order.accessToken })
  expect(switched.status, switched.text).toBe(403)
  const after = await guest.query('getOrderDetails', { id: order.id, accessToken: order.accessToken })
  expect(after.json.order).toMatchObject({ state: 'draft' })

  const honest = await guest.mutate('orderPayment', { acquirerId: BANK_TRANSFER, orderId: order.id, accessToken: order.accessToken })
  expect(honest.status, honest.text).toBe(200)
})

test('a first-order promotion discounts an account once: a second order with WELCOME10 is refused, as is a guest with its email', async ({ attack }) => {
  const shopper = await attack.caller('welcome-twice')
  const account = await attack.signUp(shopper)
  const shop = await demoCatalog(shopper)
  const cart = { items: [shop.item({ M: 2 })], address: shop.address(account.name), deliveryMethodId: STANDARD_GROUND }

  const priced = await summarize(shopper, { ...cart, promoCode: 'WELCOME10' })
  expect(priced.status, priced.text).toBe(200)
  expect(priced.json.data.orderSummary.promotion).toBe(2.9)
  const first = await shopper.mutate('createOrder', await orderBody(shopper, { override: { promoCode: 'WELCOME10', expectedTotal: priced.json.data.orderSummary.totalPrice } }))
  expect(first.status, first.text).toBe(200)
  shopper.own(first.json.createOrder.order.accessToken)
  expect(first.json.createOrder.order.amounts.discount).toBe(2.9)

  // The summary already says so; createOrder, called straight, refuses it too.
  const again = await summarize(shopper, { ...cart, promoCode: 'WELCOME10' })
  expect(again.status, again.text).toBe(400)
  expect(again.json.error.message).toBe('This promo code is for your first order only.')
  const second = await shopper.mutate('createOrder', await orderBody(shopper, { override: { promoCode: 'WELCOME10', expectedTotal: priced.json.data.orderSummary.totalPrice } }))
  expect(second.status, second.text).toBe(400)
  expect(second.json.error.message).toBe('This promo code is for your first order only.')

  // Signed out, as a guest with the account's email: still not a first order.
  const guest = await attack.caller('welcome-guest')
  const asGuest = await guest.mutate('createOrder', await orderBody(guest, { email: account.email, override: { promoCode: 'WELCOME10', expectedTotal: priced.json.data.orderSummary.totalPrice } }))
  expect(asGuest.status, asGuest.text).toBe(400)
  expect(asGuest.json.error.message).toBe('This promo code is for your first order only.')
})
