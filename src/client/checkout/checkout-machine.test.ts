import { describe, expect, test } from 'vitest'
import { emptyCheckoutAddress } from '@/client/stores/checkout-store'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { allowanceSplit, checkoutPageReducer, destinationOf, initialCheckoutPage, isPriced, nothingToPay, readySummary, shownSummary, type SummaryView } from './checkout-machine'

const summary = (totalPrice: number): OrderSummaryData => ({
  subTotal: totalPrice,
  taxes: 0,
  totalPrice,
  shipping: 0,
  freeShipping: false,
  promotion: 0,
  giftCardAmount: 0,
  estimatedTotal: totalPrice,
  budgetAmount: null,
})

const live = (overrides: Partial<SummaryView> = {}): SummaryView => ({
  key: 'choices-1',
  summary: summary(100),
  deliveryMethodId: 7,
  loading: false,
  error: null,
  taxError: null,
  ...overrides,
})

describe('placing an order from the checkout page', () => {
  test('placing marks which button is busy and forgets an earlier price change', () => {
    const changed = { ...initialCheckoutPage, pricesChanged: 'Prices changed.' }
    expect(checkoutPageReducer(changed, { type: 'placing', quotation: false })).toMatchObject({ placing: 'order', pricesChanged: null })
    expect(checkoutPageReducer(initialCheckoutPage, { type: 'placing', quotation: true }).placing).toBe('quotation')
  })

  test('a placed order keeps the buttons busy while the page navigates away', () => {
    const placing = checkoutPageReducer(initialCheckoutPage, { type: 'placing', quotation: false })
    expect(checkoutPageReducer(placing, { type: 'placed' })).toMatchObject({ placing: 'order', finished: true })
  })

  test('a refused order frees the buttons', () => {
    const placing = checkoutPageReducer(initialCheckoutPage, { type: 'placing', quotation: false })
    expect(checkoutPageReducer(placing, { type: 'refused' })).toMatchObject({ placing: null, finished: false })
  })

  test('a price change frees the buttons, says so and keeps the summary the server priced', () => {
    const placing = checkoutPageReducer(initialCheckoutPage, { type: 'placing', quotation: false })
    const after = checkoutPageReducer(placing, { type: 'prices-changed', key: 'choices-1', summary: summary(120), message: 'Prices changed.' })
    expect(after).toMatchObject({ placing: null, pricesChanged: 'Prices changed.', confirmed: { key: 'choices-1', summary: summary(120) } })
  })
})

describe('the summary the checkout shows and promises', () => {
  const confirmed = { key: 'choices-1', summary: summary(120) }

  test('shows the summary a refused order was priced at while the choices are the same', () => {
    expect(shownSummary(confirmed, live())?.totalPrice).toBe(120)
  })

  test('shows the live summary once the choices changed', () => {
    expect(shownSummary(confirmed, live({ key: 'choices-2' }))?.totalPrice).toBe(100)
  })

  test('is priced only for a destination and the delivery method the summary was priced with', () => {
    expect(isPriced(live(), { hasDestination: true, deliveryMethodId: 7 })).toBe(true)
    expect(isPriced(live(), { hasDestination: false, deliveryMethodId: 7 })).toBe(false)
    expect(isPriced(live(), { hasDestination: true, deliveryMethodId: null })).toBe(false)
    expect(isPriced(live(), { hasDestination: true, deliveryMethodId: 8 })).toBe(false)
  })

  test('promises nothing while the summary is loading, failed, has a tax error or is not priced', () => {
    expect(readySummary(null, live(), true)?.totalPrice).toBe(100)
    expect(readySummary(null, live({ loading: true }), true)).toBeNull()
    expect(readySummary(null, live({ error: 'down' }), true)).toBeNull()
    expect(readySummary(null, live({ taxError: 'tax down' }), true)).toBeNull()
    expect(readySummary(null, live(), false)).toBeNull()
  })

  test('promises the summary a refused order was priced at, even while the live one reloads', () => {
    expect(readySummary(confirmed, live({ loading: true }), true)?.totalPrice).toBe(120)
  })
})

describe('applying a promo code', () => {
  test('is busy while the server prices the code, and keeps its refusal to show', () => {
    const applying = checkoutPageReducer({ ...initialCheckoutPage, promoProblem: 'old' }, { type: 'promo-applying' })
    expect(applying).toMatchObject({ promoBusy: true, promoProblem: null })
    expect(checkoutPageReducer(applying, { type: 'promo-refused', message: 'Unknown code.' })).toMatchObject({ promoBusy: false, promoProblem: 'Unknown code.' })
    expect(checkoutPageReducer(applying, { type: 'promo-applied' })).toMatchObject({ promoBusy: false, promoProblem: null })
  })

  test('removing the code clears its refusal', () => {
    expect(checkoutPageReducer({ ...initialCheckoutPage, promoProblem: 'Unknown code.' }, { type: 'promo-removed' }).promoProblem).toBeNull()
  })
})

describe('the destination the summary is priced for', () => {
  const countries = [{ id: 233, name: 'United States', code: 'US', states: [{ id: 10, name: 'Texas', code: 'TX' }] }] as unknown as WebsiteCountry[]

  test('is the place of a complete address, without the name and phone', () => {
    const address = { ...emptyCheckoutAddress, name: 'Ann Lee', phone: '555', street: '1 Main St', city: 'Austin', zip: '78701', countryId: 233, stateId: 10 }
    expect(destinationOf(address, countries)).toEqual({ street: '1 Main St', street2: '', city: 'Austin', zip: '78701', countryId: 233, stateId: 10 })
  })

  test('is none while the address is incomplete', () => {
    expect(destinationOf({ ...emptyCheckoutAddress, street: '1 Main St' }, countries)).toBeNull()
  })
})

describe('the checkout page’s short way through (issue 17)', () => {
  test('the quotation PDF is not opened unless the shopper asks for it', () => {
    expect(initialCheckoutPage.openDocument).toBe(false)
  })

  test('the page settles on arrival, again after each Continue, and stops settling when a step is invalid', () => {
    expect(initialCheckoutPage.settleFrom).toBe('contact')
    const settled = checkoutPageReducer(initialCheckoutPage, { type: 'settled' })
    expect(settled.settleFrom).toBeNull()
    expect(checkoutPageReducer(settled, { type: 'settle', from: 'delivery' }).settleFrom).toBe('delivery')
    const invalid = checkoutPageReducer(checkoutPageReducer(settled, { type: 'settle', from: 'delivery' }), { type: 'invalid', step: 'billing' })
    expect(invalid).toMatchObject({ settleFrom: null, errorStep: 'billing' })
  })

  test('the allowance covers what gift cards leave, and the rest is left to pay', () => {
    const priced = { ...summary(120), giftCardAmount: 20, budgetAmount: 75, estimatedTotal: 25 }
    expect(allowanceSplit(priced, true)).toEqual({ covered: 75, leftToPay: 25, allowanceLeft: 0 })
    const within = { ...summary(40.1), budgetAmount: 150, estimatedTotal: 0 }
    expect(allowanceSplit(within, true)).toEqual({ covered: 40.1, leftToPay: 0, allowanceLeft: 109.9 })
  })

  test('nothing is left to pay when the allowance and gift cards cover the priced order', () => {
    expect(nothingToPay({ ...summary(40.1), budgetAmount: 150, estimatedTotal: 0 }, true)).toBe(true)
    expect(nothingToPay({ ...summary(30), giftCardAmount: 30, estimatedTotal: 0 }, true)).toBe(true)
    expect(nothingToPay({ ...summary(120), budgetAmount: 75, estimatedTotal: 45 }, true)).toBe(false)
    expect(nothingToPay({ ...summary(40.1), budgetAmount: 150, estimatedTotal: 0 }, false)).toBe(false)
    expect(nothingToPay(summary(0), true)).toBe(false)
    expect(nothingToPay(null, true)).toBe(false)
  })

  test('there is no split for a shopper without an allowance, or before the order is priced', () => {
    expect(allowanceSplit(summary(100), true)).toBeNull()
    expect(allowanceSplit({ ...summary(100), budgetAmount: 50 }, false)).toBeNull()
    expect(allowanceSplit(null, true)).toBeNull()
  })
})
