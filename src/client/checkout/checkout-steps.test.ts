import { describe, expect, test } from 'vitest'
import { emptyCheckoutAddress } from '@/client/stores/checkout-store'
import type { OrderExtraField } from '@/isomorphic/contract/queries'
import {
  advance,
  canOpenStep,
  checkContact,
  checkDelivery,
  checkExtraFields,
  checkPayment,
  checkShipping,
  checkCheckoutAddress,
  firstFailingStep,
  isIsoDate,
  reopenFrom,
  screenOf,
  settle,
  stepAfterScreen,
  defaultCountryId,
  defaultDeliveryId,
  defaultPayment,
  stepsFor,
} from './checkout-steps'

const countries = [
  { id: 233, states: [{ id: 10 }, { id: 11 }] },
  { id: 39, states: [] },
]

const address = { ...emptyCheckoutAddress, name: 'Ann Lee', street: '1 Main St', city: 'Austin', zip: '78701', countryId: 233, stateId: 10 }

const field = (overrides: Partial<OrderExtraField>): OrderExtraField => ({
  id: 1,
  name: 'cost_center',
  label: 'Cost center',
  fieldType: 'text',
  isRequired: false,
  options: [],
  placeholder: null,
  sequence: 10,
  audience: 'everyone',
  groupId: null,
  ...overrides,
})

describe('the checkout accordion (spec 3: activeAccordian and nextAccordian)', () => {
  const steps = stepsFor({ hasExtras: true })

  test('has the extras step only for a store that asks for extra fields or offers options', () => {
    expect(stepsFor({ hasExtras: true })).toEqual(['contact', 'billing', 'shipping', 'delivery', 'extras', 'promotions', 'payment', 'review'])
    expect(stepsFor({ hasExtras: false })).not.toContain('extras')
  })

  test('continuing opens the next step and moves the furthest step reached with it', () => {
    expect(advance(steps, 'contact', 'contact')).toEqual({ activeAccordian: 'billing', nextAccordian: 'billing' })
    expect(advance(steps, 'payment', 'payment')).toEqual({ activeAccordian: 'review', nextAccordian: 'review' })
  })

  test('continuing an earlier step again does not forget how far the shopper got', () => {
    expect(advance(steps, 'billing', 'payment')).toEqual({ activeAccordian: 'shipping', nextAccordian: 'payment' })
  })

  test('the review step is the last: continuing there stays there', () => {
    expect(advance(steps, 'review', 'review')).toEqual({ activeAccordian: 'review', nextAccordian: 'review' })
  })

  test('only steps up to the furthest one reached can be opened', () => {
    expect(canOpenStep(steps, 'billing', 'delivery')).toBe(true)
    expect(canOpenStep(steps, 'delivery', 'delivery')).toBe(true)
    expect(canOpenStep(steps, 'payment', 'delivery')).toBe(false)
  })

  test('a stored step the checkout does not have counts as the first step', () => {
    const withoutExtras = stepsFor({ hasExtras: false })
    expect(canOpenStep(withoutExtras, 'billing', 'extras')).toBe(false)
    expect(advance(withoutExtras, 'contact', 'nonsense')).toEqual({ activeAccordian: 'billing', nextAccordian: 'billing' })
  })

  test('a change that needs a step checked again takes the furthest step back to it, never forward', () => {
    expect(reopenFrom(steps, 'delivery', 'review')).toBe('delivery')
    expect(reopenFrom(steps, 'delivery', 'billing')).toBe('billing')
  })

  test('placing checks every step and opens the first that fails', () => {
    const failing = firstFailingStep(steps, {
      contact: () => ({}),
      billing: () => ({}),
      delivery: () => ({ delivery: 'deliveryRequired' }),
      payment: () => ({ payment: 'paymentRequired' }),
    })
    expect(failing).toEqual({ step: 'delivery', errors: { delivery: 'deliveryRequired' } })
    expect(firstFailingStep(steps, { contact: () => ({}) })).toBeNull()
  })
})

describe('step checks', () => {
  test('contact needs a name and a valid email', () => {
    expect(checkContact({ name: ' ', email: '' })).toEqual({ name: 'nameRequired', email: 'emailRequired' })
    expect(checkContact({ name: 'Ann', email: 'ann@example' })).toEqual({ email: 'emailInvalid' })
    expect(checkContact({ name: 'x'.repeat(121), email: 'ann@example.com' })).toEqual({ name: 'nameTooLong' })
    expect(checkContact({ name: 'Ann Lee', email: 'ann@example.com' })).toEqual({})
  })

  test('an address needs name, street, city, ZIP, a country the store ships to and a state of it', () => {
    expect(checkCheckoutAddress(emptyCheckoutAddress, countries)).toEqual({
      name: 'nameRequired',
      street: 'streetRequired',
      city: 'cityRequired',
      zip: 'zipRequired',
      countryId: 'countryRequired',
    })
    expect(checkCheckoutAddress({ ...address, stateId: 99 }, countries)).toEqual({ stateId: 'stateRequired' })
    expect(checkCheckoutAddress({ ...address, countryId: 39, stateId: null }, countries)).toEqual({})
    expect(checkCheckoutAddress(address, countries)).toEqual({})
  })

  test('the shipping address is not checked when the goods ship to the billing address', () => {
    expect(checkShipping(emptyCheckoutAddress, countries, { sameAsBilling: true })).toEqual({})
    expect(checkShipping(emptyCheckoutAddress, countries, { sameAsBilling: false })).toHaveProperty('street', 'streetRequired')
  })

  test('delivery needs a method the server priced for this address', () => {
    const offered = [
      { id: 1, name: 'Ground', deliveryType: 'fixed', price: 9.5, free: false, error: null, description: '', arrival: null },
      { id: 2, name: 'UPS', deliveryType: 'ups_rubikx', price: null, free: false, error: 'Not a valid address. Please check your entered address', description: '', arrival: null },
    ]
    expect(checkDelivery(null, offered)).toEqual({ delivery: 'deliveryRequired' })
    expect(checkDelivery(2, offered)).toEqual({ delivery: 'deliveryUnavailable' })
    expect(checkDelivery(7, offered)).toEqual({ delivery: 'deliveryUnavailable' })
    expect(checkDelivery(1, offered)).toEqual({})
  })

  test('extra fields: required ones filled, select values from the options, real dates, text not too long', () => {
    const fields = [
      field({ name: 'cost_center', isRequired: true }),
      field({ name: 'department', fieldType: 'select', isRequired: true, options: ['Survey', 'Safety'] }),
      field({ name: 'in_hands_date', fieldType: 'date' }),
      field({ name: 'terms', fieldType: 'checkbox', isRequired: true }),
      field({ name: 'note', fieldType: 'textarea' }),
    ]
    expect(checkExtraFields(fields, {})).toEqual({ cost_center: 'fieldRequired', department: 'selectRequired', terms: 'checkboxRequired' })
    expect(
      checkExtraFields(fields, { cost_center: '4100', department: 'Marketing', in_hands_date: '2026-02-30', terms: 'true', note: 'x'.repeat(501) }),
    ).toEqual({ department: 'selectRequired', in_hands_date: 'dateInvalid', note: 'fieldTooLong' })
    expect(checkExtraFields(fields, { cost_center: '4100', department: 'Survey', in_hands_date: '2026-03-02', terms: 'true' })).toEqual({})
  })

  test('a date is a real calendar day written YYYY-MM-DD', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(isIsoDate('03/02/2026')).toBe(false)
  })

  test('payment needs one of the offered methods, when the store offers any', () => {
    const offered = [{ id: 4 }, { id: 5 }]
    expect(checkPayment(null, offered)).toEqual({ payment: 'paymentRequired' })
    expect(checkPayment(9, offered)).toEqual({ payment: 'paymentRequired' })
    expect(checkPayment(5, offered)).toEqual({})
    expect(checkPayment(null, [])).toEqual({})
  })
})

describe('a short checkout: steps with a sensible default stay closed (issue 17)', () => {
  const steps = stepsFor({ hasExtras: true })
  const passing = () => ({})
  const failing = () => ({ field: 'fieldRequired' })

  test('contact, billing and shipping are one screen; every other step is a screen of its own', () => {
    expect(screenOf(steps, 'billing')).toEqual(['contact', 'billing', 'shipping'])
    expect(screenOf(steps, 'delivery')).toEqual(['delivery'])
    expect(stepAfterScreen(steps, 'contact')).toBe('delivery')
    expect(stepAfterScreen(steps, 'extras')).toBe('promotions')
  })

  test('settling opens the first step that needs the shopper and moves the furthest step reached to it', () => {
    const checks = { contact: passing, billing: passing, shipping: passing, delivery: passing, extras: failing }
    expect(settle(steps, 'contact', 'contact', checks)).toEqual({ activeAccordian: 'extras', nextAccordian: 'extras' })
  })

  test('with every default in place the shopper lands on the review', () => {
    expect(settle(steps, 'delivery', 'delivery', {})).toEqual({ activeAccordian: 'review', nextAccordian: 'review' })
  })

  test('a missing billing address opens the whole details screen, from Contact', () => {
    expect(settle(steps, 'contact', 'contact', { billing: failing })).toEqual({ activeAccordian: 'contact', nextAccordian: 'billing' })
  })

  test('settling never moves the furthest step reached back', () => {
    expect(settle(steps, 'delivery', 'payment', { delivery: failing })).toEqual({ activeAccordian: 'delivery', nextAccordian: 'payment' })
  })

  test('an address starts in the store’s only country, or the first it lists', () => {
    expect(defaultCountryId([{ id: 233 }])).toBe(233)
    expect(defaultCountryId([{ id: 233 }, { id: 39 }])).toBe(233)
    expect(defaultCountryId([])).toBeNull()
  })

  test('the delivery method is the chosen one while it can deliver, else the store’s first that can', () => {
    const option = (id: number, price: number | null) => ({ id, name: `M${id}`, deliveryType: 'fixed', description: '', arrival: null, price, free: false, error: null })
    const offered = [option(1, null), option(2, 9.95), option(3, 0)]
    expect(defaultDeliveryId(null, offered)).toBe(2)
    expect(defaultDeliveryId(3, offered)).toBe(3)
    expect(defaultDeliveryId(1, offered)).toBe(2)
    expect(defaultDeliveryId(null, [option(1, null)])).toBeNull()
  })

  test('the payment method is the chosen one while offered, else the store’s first', () => {
    const card = { id: 3, name: 'Card' }
    const wire = { id: 4, name: 'Wire' }
    expect(defaultPayment(null, [card, wire])).toBe(card)
    expect(defaultPayment(wire, [card, wire])).toBe(wire)
    expect(defaultPayment({ id: 1, name: 'Purchase order' }, [card, wire])).toBe(card)
    expect(defaultPayment(null, [])).toBeNull()
  })

  test('a purchase order payment needs the purchase order number; other methods do not', () => {
    const methods = [
      { id: 1, provider: 'purchase_order' },
      { id: 2, provider: 'invoice' },
    ]
    expect(checkPayment(1, methods, '')).toEqual({ purchaseOrderNumber: 'purchaseOrderNumberRequired' })
    expect(checkPayment(1, methods, '   ')).toEqual({ purchaseOrderNumber: 'purchaseOrderNumberRequired' })
    expect(checkPayment(1, methods, 'x'.repeat(65))).toEqual({ purchaseOrderNumber: 'purchaseOrderNumberTooLong' })
    expect(checkPayment(1, methods, 'PO-4471')).toEqual({})
    expect(checkPayment(2, methods, '')).toEqual({})
  })
})
