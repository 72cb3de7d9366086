import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartExtraOption, CartLine } from '@/client/stores/cart-store'
import type { OrderExtraField } from '@/isomorphic/contract/queries'
import { toCents } from '@/isomorphic/money'
import type { CreateOrderPayload, OrderAddressPayload } from './order-contract'

// What createOrder is sent (spec 3's order creation fields, spec 5's address cleaning). Pure, so
// the rules are tested without a browser. The server re-prices everything: nothing here is a price
// except expectedTotal, the total the shopper was shown, which the server compares with its own.

/** An address from the checkout form or the address book; anything beyond these fields is dropped. */
export type AddressLike = {
  id?: unknown
  name?: string | null
  phone?: string | null
  street?: string | null
  street2?: string | null
  city?: string | null
  countryId?: unknown
  stateId?: unknown
  zip?: string | null
  [other: string]: unknown
}

/** A whole positive number (or its digits as text), else null: blank, NaN, Infinity, 0 and fractions are not ids. */
export function idOrNull(value: unknown): number | null {
  if (typeof value === 'string' && !/^\s*\d+\s*$/.test(value)) return null
  if (typeof value !== 'number' && typeof value !== 'string') return null
  const number = Number(value)
  return Number.isSafeInteger(number) && number > 0 ? number : null
}

const text = (value: string | null | undefined) => (value ?? '').trim()

/**
 * Spec 5: a blank, non-finite or missing id is removed; uid and partnerUid (and any other field
 * an address book entry carries) are not sent; text is trimmed; country and state are ids or null.
 */
export function cleanOrderAddress(address: AddressLike): OrderAddressPayload {
  const id = idOrNull(address.id)
  return {
    ...(id === null ? {} : { id }),
    name: text(address.name),
    phone: text(address.phone),
    street: text(address.street),
    street2: text(address.street2),
    city: text(address.city),
    countryId: idOrNull(address.countryId),
    stateId: idOrNull(address.stateId),
    zip: text(address.zip),
  }
}

/** Nothing typed or chosen: no name, street, city, ZIP, country or state. */
export function isEmptyAddress(address: AddressLike | null | undefined): boolean {
  if (!address) return true
  const clean = cleanOrderAddress(address)
  return [clean.name, clean.street, clean.street2, clean.city, clean.zip].every((value) => value === '') && clean.countryId === null && clean.stateId === null
}

/** Spec 5: an empty shipping address is sent as null. */
export function shippingPayload(address: AddressLike | null | undefined): OrderAddressPayload | null {
  return address && !isEmptyAddress(address) ? cleanOrderAddress(address) : null
}

/**
 * The extra fields as the order stores them ({name: value}): a checkbox as true or false, other
 * fields as trimmed text; an empty optional field is left out. Names the store does not ask for
 * are never sent.
 */
export function extraFieldsPayload(fields: readonly OrderExtraField[], inputs: Readonly<Record<string, string>>): Record<string, string | boolean> {
  const payload: Record<string, string | boolean> = {}
  for (const field of fields) {
    const value = (inputs[field.name] ?? '').trim()
    if (field.fieldType === 'checkbox') payload[field.name] = value === 'true'
    else if (value !== '') payload[field.name] = value
  }
  return payload
}

/** The same as a list, for the checkout state's extraFieldsInputPayload. */
export function extraFieldsList(payload: Record<string, string | boolean>): { name: string; value: string }[] {
  return Object.entries(payload).map(([name, value]) => ({ name, value: String(value) }))
}

export type OrderDraft = {
  name: string
  email: string
  billing: AddressLike
  shipping: AddressLike | null
  sameAsBilling: boolean
  lines: readonly CartLine[]
  paymentId: number | null
  orderSequence: string
  orderForResale: boolean
  extraFields: readonly OrderExtraField[]
  extraInputs: Readonly<Record<string, string>>
  chosenOptions: readonly CartExtraOption[]
  deliveryMethodId: number | null
  promoCode: string
  useGiftCards: boolean
  /** A gift card number to pay with; '' or absent for none. */
  giftCardNumber?: string
  /** The day the shopper needs the order ("YYYY-MM-DD"); empty: none. */
  inHandsDate?: string
  /** The shopper's purchase order number, for a "Purchase order" payment; null otherwise. */
  purchaseOrderNumber?: string | null
  /** The order total the shopper was shown (dollars). */
  expectedTotal: number
  /** The budget left to spend, when the store gives the customer one (dollars). */
  budgetAmount: number | null
  quotation: boolean
}

/** True when the order costs more than the budget left: a hint for the server, which decides. */
export function exceedsBudget(total: number, budgetAmount: number | null): boolean {
  return budgetAmount !== null && toCents(total) > toCents(budgetAmount)
}

export function buildCreateOrderPayload(draft: OrderDraft): CreateOrderPayload {
  const billing = cleanOrderAddress(draft.billing)
  // "Same as billing" ships to the billing address, said explicitly so the server prices the same
  // destination the summary was priced for.
  const shipping = draft.sameAsBilling ? shippingPayload(draft.billing) : shippingPayload(draft.shipping)
  const promoCode = draft.promoCode.trim()
  return {
    billingaddress: billing,
    products: cartItemsOf(draft.lines),
    shippingaddress: shipping,
    ...(draft.paymentId === null ? {} : { aquirerId: draft.paymentId }),
    partnername: draft.name.trim(),
    partneremail: draft.email.trim(),
    orderSequence: draft.orderSequence,
    orderForResale: draft.orderForResale,
    approvalRequired: exceedsBudget(draft.expectedTotal, draft.budgetAmount),
    orderExtraFields: extraFieldsPayload(draft.extraFields, draft.extraInputs),
    orderOptions: draft.chosenOptions.map((option) => option.name),
    quotation: draft.quotation,
    deliveryMethodId: draft.deliveryMethodId,
    ...(promoCode === '' ? {} : { promoCode }),
    useGiftCards: draft.useGiftCards,
    ...(draft.giftCardNumber ? { giftCardNumber: draft.giftCardNumber } : {}),
    ...(draft.inHandsDate ? { inHandsDate: draft.inHandsDate } : {}),
    ...(draft.purchaseOrderNumber?.trim() ? { purchaseOrderNumber: draft.purchaseOrderNumber.trim() } : {}),
    expectedTotal: draft.expectedTotal,
  }
}
