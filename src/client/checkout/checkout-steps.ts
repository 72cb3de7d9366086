import { type AddressValues, checkAddress, checkEmail, NAME_MAX } from '@/client/account/account-validation'
import type { CheckoutAddress } from '@/client/stores/checkout-store'
import type { DeliveryOptionData } from '@/isomorphic/cart-types'
import type { OrderExtraField } from '@/isomorphic/contract/queries'

// The checkout's accordion (spec 3: activeAccordian and nextAccordian, both starting at 'contact').
// activeAccordian is the open step; nextAccordian the furthest step the shopper may open (every
// step before it passed its checks). Each step's checks run in the form for quick, specific
// messages; the server checks everything again when the order is created. Pure functions, so the
// rules are tested without a browser. Every check answers a message key of the 'checkout' namespace.

export const CHECKOUT_STEPS = ['contact', 'billing', 'shipping', 'delivery', 'extras', 'promotions', 'payment', 'review'] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]

/** The steps of this store's checkout: 'extras' only when it asks for extra fields or offers options. */
export function stepsFor({ hasExtras }: { hasExtras: boolean }): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((step) => step !== 'extras' || hasExtras)
}

export function isCheckoutStep(value: string): value is CheckoutStep {
  return (CHECKOUT_STEPS as readonly string[]).includes(value)
}

/** A stored step this checkout does not have (an older entry, a store without extras) counts as the first. */
function indexOf(steps: readonly CheckoutStep[], step: string): number {
  const index = steps.indexOf(step as CheckoutStep)
  return index === -1 ? 0 : index
}

/** A step may be opened when it is the furthest one reached or comes before it. */
export function canOpenStep(steps: readonly CheckoutStep[], step: CheckoutStep, nextAccordian: string): boolean {
  return steps.includes(step) && indexOf(steps, step) <= indexOf(steps, nextAccordian)
}

/** After `current` passed its checks: the step that follows opens, and the furthest step reached moves on with it. */
export function advance(steps: readonly CheckoutStep[], current: CheckoutStep, nextAccordian: string): { activeAccordian: CheckoutStep; nextAccordian: CheckoutStep } {
  const following = steps[Math.min(indexOf(steps, current) + 1, steps.length - 1)]!
  const furthest = steps[Math.max(indexOf(steps, nextAccordian), indexOf(steps, following))]!
  return { activeAccordian: following, nextAccordian: furthest }
}

/**
 * A change that makes `step` need checking again (a new shipping address needs a new delivery
 * method): the furthest step reachable goes back to it.
 */
export function reopenFrom(steps: readonly CheckoutStep[], step: CheckoutStep, nextAccordian: string): CheckoutStep {
  return steps[Math.min(indexOf(steps, step), indexOf(steps, nextAccordian))]!
}

export type StepErrors = Record<string, string>

const collect = (entries: [string, string | null][]): StepErrors =>
  Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null))

export function checkContact({ name, email }: { name: string; email: string }): StepErrors {
  const trimmed = name.trim()
  return collect([
    ['name', trimmed === '' ? 'nameRequired' : trimmed.length > NAME_MAX ? 'nameTooLong' : null],
    ['email', checkEmail(email)],
  ])
}

/** The typed address as the account forms' checks read it (ids as text, '' for none). */
export function addressValuesOf(address: CheckoutAddress): AddressValues {
  return {
    name: address.name,
    phone: address.phone,
    street: address.street,
    street2: address.street2,
    city: address.city,
    countryId: address.countryId === null ? '' : String(address.countryId),
    stateId: address.stateId === null ? '' : String(address.stateId),
    zip: address.zip,
  }
}

type CountryChoice = { id: number; states: readonly { id: number }[] }

/** Name, street, city and ZIP, a country the store ships to and a state of it when it has states. */
export function checkCheckoutAddress(address: CheckoutAddress, countries: readonly CountryChoice[]): StepErrors {
  return checkAddress(addressValuesOf(address), countries) as StepErrors
}

export function checkShipping(shipping: CheckoutAddress, countries: readonly CountryChoice[], { sameAsBilling }: { sameAsBilling: boolean }): StepErrors {
  return sameAsBilling ? {} : checkCheckoutAddress(shipping, countries)
}

/** A method the server priced for this address must be chosen. */
export function checkDelivery(deliveryMethodId: number | null, offered: readonly DeliveryOptionData[]): StepErrors {
  if (deliveryMethodId === null) return { delivery: 'deliveryRequired' }
  const chosen = offered.find((option) => option.id === deliveryMethodId)
  if (!chosen || chosen.price === null) return { delivery: 'deliveryUnavailable' }
  return {}
}

export const EXTRA_TEXT_MAX = 500
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD (what a date input gives). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The store's extra fields (getOrderExtraFields): required ones filled in (a required checkbox
 * ticked), a select's value one of its options, a date a real day, text at most 500 characters.
 * Inputs are kept as text by field name; a checkbox is 'true' or ''.
 */
export function checkExtraFields(fields: readonly OrderExtraField[], inputs: Readonly<Record<string, string>>): StepErrors {
  return collect(
    fields.map((field): [string, string | null] => {
      const value = (inputs[field.name] ?? '').trim()
      if (field.fieldType === 'checkbox') return [field.name, field.isRequired && value !== 'true' ? 'checkboxRequired' : null]
      if (value === '') return [field.name, field.isRequired ? (field.fieldType === 'select' ? 'selectRequired' : 'fieldRequired') : null]
      if (field.fieldType === 'select' && !field.options.includes(value)) return [field.name, 'selectRequired']
      if (field.fieldType === 'date' && !isIsoDate(value)) return [field.name, 'dateInvalid']
      if (value.length > EXTRA_TEXT_MAX) return [field.name, 'fieldTooLong']
      return [field.name, null]
    }),
  )
}

/** A payment method must be chosen when the store offers any. */
export function checkPayment(paymentId: number | null, offered: readonly { id: number }[]): StepErrors {
  if (offered.length === 0) return {}
  return paymentId !== null && offered.some((method) => method.id === paymentId) ? {} : { payment: 'paymentRequired' }
}

/** The first step (in order) whose checks fail, or null when every one passes. */
export function firstFailingStep(steps: readonly CheckoutStep[], checks: Partial<Record<CheckoutStep, () => StepErrors>>): { step: CheckoutStep; errors: StepErrors } | null {
  for (const step of steps) {
    const errors = checks[step]?.() ?? {}
    if (Object.keys(errors).length > 0) return { step, errors }
  }
  return null
}
