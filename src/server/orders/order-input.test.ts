import { describe, expect, test } from 'vitest'
import { spreadDiscount } from '../checkout/checkout-pricing'
import { cleanOrderAddress, CreateOrderSchema, isEmptyAddress } from './order-input'
import { formatOrderReference } from './order-reference'

describe('addresses are cleaned as spec 5 says before an order is made of them', () => {
  test('blank, non-finite or missing ids are removed; numeric strings are read as ids', () => {
    expect(cleanOrderAddress({ street: '1 Main', countryId: '', stateId: Number.NaN })).toEqual({ street: '1 Main' })
    expect(cleanOrderAddress({ street: '1 Main', countryId: Infinity, stateId: null })).toEqual({ street: '1 Main' })
    expect(cleanOrderAddress({ street: '1 Main', countryId: ' 12 ', stateId: 7 })).toEqual({ street: '1 Main', countryId: 12, stateId: 7 })
  })

  test('uid, partnerUid, the address-book id and any other field are left behind', () => {
    const raw = JSON.parse('{"id":"", "uid":"u-1", "partnerUid":"p-1", "isDefaultBilling":true, "__proto__":{"admin":true}, "city":"Greenville"}') as unknown
    const cleaned = cleanOrderAddress(raw) as Record<string, unknown>
    expect(cleaned).toEqual({ city: 'Greenville' })
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype)
  })

  test('an empty shipping address counts as none', () => {
    expect(isEmptyAddress(null)).toBe(true)
    expect(isEmptyAddress({})).toBe(true)
    expect(isEmptyAddress({ name: ' ', street: '', countryId: '', stateId: null, uid: 'u-1' })).toBe(true)
    expect(isEmptyAddress({ street: '1 Main' })).toBe(false)
    const parsed = CreateOrderSchema.shape.shippingaddress.parse({ name: '', street: '', countryId: '' })
    expect(parsed).toBeNull()
  })
})

describe('order references', () => {
  test("are 'S' and at least five digits", () => {
    expect(formatOrderReference(42)).toBe('S00042')
    expect(formatOrderReference('123456')).toBe('S123456')
    expect(() => formatOrderReference('-1')).toThrow(RangeError)
  })
})

describe('a discount spread over amounts', () => {
  test('adds up exactly, in proportion, never more than an amount', () => {
    expect(spreadDiscount([4800, 2400], 720)).toEqual([480, 240])
    expect(spreadDiscount([1, 1, 1], 2)).toEqual([1, 1, 0])
    expect(spreadDiscount([100, 0], 500)).toEqual([100, 0])
    expect(spreadDiscount([], 10)).toEqual([])
    const shares = spreadDiscount([333, 333, 334], 101)
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(101)
  })
})
