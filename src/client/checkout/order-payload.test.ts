import { describe, expect, test } from 'vitest'
import type { CartLine } from '@/client/stores/cart-store'
import type { OrderExtraField } from '@/isomorphic/contract/queries'
import {
  buildCreateOrderPayload,
  cleanOrderAddress,
  exceedsBudget,
  extraFieldsList,
  extraFieldsPayload,
  idOrNull,
  isEmptyAddress,
  type OrderDraft,
  shippingPayload,
} from './order-payload'

const billing = { id: 12, name: ' Ann Lee ', phone: '', street: '1 Main St', street2: '', city: 'Austin', countryId: 233, stateId: 10, zip: '78701' }

const polo: CartLine = {
  key: '7:3:2',
  productId: 7,
  name: 'Polo',
  slug: 'polo',
  templateSkuCode: 'K500',
  color: { id: 3, name: 'Navy' },
  logo: { id: 2, name: 'Crest' },
  quantity: { M: 2, L: 1 },
  totalQuantity: 3,
  unitPrices: { M: 20, L: 20 },
  priceTotal: 60,
}

const extraFields: OrderExtraField[] = [
  { id: 1, name: 'cost_center', label: 'Cost center', fieldType: 'text', isRequired: true, options: [], placeholder: null, sequence: 1, audience: 'everyone', groupId: null },
  { id: 2, name: 'in_hands_date', label: 'In-hands date', fieldType: 'date', isRequired: false, options: [], placeholder: null, sequence: 2, audience: 'everyone', groupId: null },
  { id: 3, name: 'gift_wrap', label: 'Gift wrap', fieldType: 'checkbox', isRequired: false, options: [], placeholder: null, sequence: 3, audience: 'everyone', groupId: null },
]

const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
  name: ' Ann Lee ',
  email: ' ann@example.com ',
  billing,
  shipping: null,
  sameAsBilling: false,
  lines: [polo],
  paymentId: 4,
  orderSequence: 'S00042',
  orderForResale: false,
  extraFields,
  extraInputs: { cost_center: ' 4100-220 ', in_hands_date: '', gift_wrap: 'true', unknown_field: 'sneaky' },
  chosenOptions: [{ id: 1, name: 'rush_decoration', label: 'Rush', price: 35 }],
  deliveryMethodId: 2,
  promoCode: ' WELCOME10 ',
  useGiftCards: true,
  expectedTotal: 104.5,
  budgetAmount: null,
  quotation: false,
  ...overrides,
})

describe('address cleaning before createOrder (spec 5)', () => {
  test('a blank, non-finite or missing id is removed', () => {
    for (const id of ['', '  ', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'abc', 0, -3, 1.5]) {
      expect(cleanOrderAddress({ ...billing, id })).not.toHaveProperty('id')
    }
    expect(cleanOrderAddress({ ...billing, id: 12 })).toHaveProperty('id', 12)
    expect(cleanOrderAddress({ ...billing, id: '12' })).toHaveProperty('id', 12)
  })

  test('uid, partnerUid and any other field of an address book entry are not sent', () => {
    const fromBook = { ...billing, uid: 'u-1', partnerUid: '8a7c…', addressType: 'Billing', isDefaultBilling: true, email: 'x@example.com' }
    expect(Object.keys(cleanOrderAddress(fromBook)).sort()).toEqual(['city', 'countryId', 'id', 'name', 'phone', 'stateId', 'street', 'street2', 'zip'])
  })

  test('text is trimmed and country and state are ids or null', () => {
    expect(cleanOrderAddress({ ...billing, street2: null, countryId: '', stateId: Number.NaN })).toMatchObject({
      name: 'Ann Lee',
      street2: '',
      countryId: null,
      stateId: null,
    })
  })

  test('an empty shipping address is sent as null', () => {
    expect(shippingPayload(null)).toBeNull()
    expect(shippingPayload({ id: '', name: ' ', street: '', city: '', zip: '', countryId: null, stateId: null })).toBeNull()
    expect(isEmptyAddress({ name: '', countryId: 233 })).toBe(false)
    const shipped = shippingPayload({ ...billing, id: Number.NaN })
    expect(shipped).toMatchObject({ street: '1 Main St' })
    expect(shipped).not.toHaveProperty('id')
  })

  test('ids are whole positive numbers only', () => {
    expect(idOrNull(' 7 ')).toBe(7)
    expect(idOrNull(7)).toBe(7)
    expect(idOrNull('7.5')).toBeNull()
    expect(idOrNull(true)).toBeNull()
    expect(idOrNull(Number.MAX_SAFE_INTEGER + 2)).toBeNull()
  })
})

describe('the extra fields sent with the order', () => {
  test('a checkbox is true or false, text is trimmed, an empty optional field and unknown names are left out', () => {
    expect(extraFieldsPayload(extraFields, { cost_center: ' 4100-220 ', in_hands_date: '', gift_wrap: 'true', unknown_field: 'sneaky' })).toEqual({
      cost_center: '4100-220',
      gift_wrap: true,
    })
    expect(extraFieldsPayload(extraFields, {})).toEqual({ gift_wrap: false })
    expect(extraFieldsList({ cost_center: '4100', gift_wrap: true })).toEqual([
      { name: 'cost_center', value: '4100' },
      { name: 'gift_wrap', value: 'true' },
    ])
  })
})

describe('the createOrder payload (spec 3 order creation fields)', () => {
  test('carries the spec fields, ids and pieces for the products, and what the server needs to re-price', () => {
    expect(buildCreateOrderPayload(draft())).toEqual({
      billingaddress: { id: 12, name: 'Ann Lee', phone: '', street: '1 Main St', street2: '', city: 'Austin', countryId: 233, stateId: 10, zip: '78701' },
      products: [{ productId: 7, colorId: 3, logoId: 2, quantity: { M: 2, L: 1 } }],
      shippingaddress: null,
      aquirerId: 4,
      partnername: 'Ann Lee',
      partneremail: 'ann@example.com',
      orderSequence: 'S00042',
      orderForResale: false,
      approvalRequired: false,
      orderExtraFields: { cost_center: '4100-220', gift_wrap: true },
      orderOptions: ['rush_decoration'],
      quotation: false,
      deliveryMethodId: 2,
      promoCode: 'WELCOME10',
      useGiftCards: true,
      expectedTotal: 104.5,
    })
  })

  test('never sends a price for a product', () => {
    const payload = buildCreateOrderPayload(draft())
    expect(JSON.stringify(payload.products)).not.toMatch(/price|unitPrices/i)
  })

  test('"same as billing" ships to the billing address', () => {
    const payload = buildCreateOrderPayload(draft({ sameAsBilling: true, shipping: { ...billing, street: 'elsewhere' } }))
    expect(payload.shippingaddress).toEqual(payload.billingaddress)
  })

  test('a typed shipping address is cleaned like the billing one', () => {
    const payload = buildCreateOrderPayload(draft({ shipping: { ...billing, id: '', partnerUid: 'x', street: '9 Dock Rd' } }))
    expect(payload.shippingaddress).toEqual({ name: 'Ann Lee', phone: '', street: '9 Dock Rd', street2: '', city: 'Austin', countryId: 233, stateId: 10, zip: '78701' })
  })

  test('no payment method and no promo code: neither field is sent', () => {
    const payload = buildCreateOrderPayload(draft({ paymentId: null, promoCode: '  ', quotation: true }))
    expect(payload).not.toHaveProperty('aquirerId')
    expect(payload).not.toHaveProperty('promoCode')
    expect(payload.quotation).toBe(true)
  })

  test('an order over the budget left is flagged for approval (a hint: the server decides)', () => {
    expect(buildCreateOrderPayload(draft({ budgetAmount: 100 })).approvalRequired).toBe(true)
    expect(buildCreateOrderPayload(draft({ budgetAmount: 104.5 })).approvalRequired).toBe(false)
    expect(exceedsBudget(0.3, 0.1 + 0.2)).toBe(false)
    expect(exceedsBudget(500, null)).toBe(false)
  })
})
