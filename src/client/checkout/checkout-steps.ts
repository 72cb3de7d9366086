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

/**
 * Contact, billing and shipping are one screen: they open together and one Continue checks them
 * all (a guest types the name, email and address in one go). The other steps are a screen each.
 */
const DETAILS_SCREEN: readonly CheckoutStep[] = ['contact', 'billing', 'shipping']

/** The steps open together with `step` (the steps of its screen this checkout has). */
export function screenOf(steps: readonly CheckoutStep[], step: CheckoutStep): CheckoutStep[] {
  return DETAILS_SCREEN.includes(step) ? steps.filter((candidate) => DETAILS_SCREEN.includes(candidate)) : [step]
}

/**
 * The step to open once the steps before `from` are done: the first from `from` on whose checks
 * fail (it needs the shopper), or the review when every one passes. Steps with a sensible default
 * (a saved address, the first delivery method, the first payment method, no promo code) pass and
 * stay closed with their recap, so the shopper is asked only for what is missing. The furthest
 * step reached moves on with it (never back).
 */
export function settle(
  steps: readonly CheckoutStep[],
  from: CheckoutStep,
  nextAccordian: string,
  checks: Partial<Record<CheckoutStep, () => StepErrors>>,
): { activeAccordian: CheckoutStep; nextAccordian: CheckoutStep } {
  const rest = steps.slice(indexOf(steps, from))
  const failing = firstFailingStep(rest, checks)
  const target = failing?.step ?? steps[steps.length - 1]!
  // A step of the details screen opens the screen from its first step.
  const opened = screenOf(steps, target)[0]!
  return { activeAccordian: opened, nextAccordian: steps[Math.max(indexOf(steps, nextAccordian), indexOf(steps, target))]! }
}

/** The step after `step`'s screen (the review when it is the last). */
export function stepAfterScreen(steps: readonly CheckoutStep[], step: CheckoutStep): CheckoutStep {
  const screen = screenOf(steps, step)
  return steps[Math.min(indexOf(steps, screen[screen.length - 1]!) + 1, steps.length - 1)]!

}

/**
 * The country an address starts in: the store's only one, or the first it lists (its home
 * country, as Shopify starts with the store's); the shopper can choose another.
 */
export function defaultCountryId(countries: readonly { id: number }[]): number | null {
  return countries[0]?.id ?? null
}

/**
 * The delivery method chosen until the shopper picks another: the chosen one while it can still
 * deliver, else the store's first that can (the store orders its methods, its usual one first).
 */
export function defaultDeliveryId(chosen: number | null, offered: readonly DeliveryOptionData[]): number | null {
  if (chosen !== null && offered.some((option) => option.id === chosen && option.price !== null)) return chosen
  return offered.find((option) => option.price !== null)?.id ?? null
}

/** The payment method chosen until the shopper picks another: the chosen one while offered, else the store's first. */
export function defaultPayment<Method extends { id: number }>(chosen: Method | null, offered: readonly Method[]): Method | null {
  if (chosen && offered.some((method) => method.id === chosen.id)) return chosen
  return offered[0] ?? null
}

/** The store's payment method that needs the shopper's purchase order number. */
export const PURCHASE_ORDER_PROVIDER = 'purchase_order'
export const PURCHASE_ORDER_NUMBER_MAX = 64

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
export function checkPayment(paymentId: number | null, offered: readonly { id: number; provider?: string }[], purchaseOrderNumber = ''): StepErrors {
  if (offered.length === 0) return {}
  const chosen = paymentId === null ? undefined : offered.find((method) => method.id === paymentId)
  if (!chosen) return { payment: 'paymentRequired' }
  if (chosen.provider === PURCHASE_ORDER_PROVIDER) {
    const number = purchaseOrderNumber.trim()
    if (number === '') return { purchaseOrderNumber: 'purchaseOrderNumberRequired' }
    if (number.length > PURCHASE_ORDER_NUMBER_MAX) return { purchaseOrderNumber: 'purchaseOrderNumberTooLong' }
  }
  return {}
}

/** The first step (in order) whose checks fail, or null when every one passes. */
export function firstFailingStep(steps: readonly CheckoutStep[], checks: Partial<Record<CheckoutStep, () => StepErrors>>): { step: CheckoutStep; errors: StepErrors } | null {
  for (const step of steps) {
    const errors = checks[step]?.() ?? {}
    if (Object.keys(errors).length > 0) return { step, errors }
  }
  return null
}
