import { expect, test } from './attack'
import { BANK_TRANSFER, orderBody, PAY_ON_INVOICE, PURCHASE_ORDER } from './shop'

// The company store's money rules from outside (issue 13): billing the company is for signed-in
// employees under their budget and approvals, so a guest cannot pay on invoice or by purchase order
// — not when placing the order, not when paying it afterwards.

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
