import { isEmailAddress } from '@/isomorphic/contract/plain-rules'
import type { Address } from '@/isomorphic/contract/address'

// Checks the account forms make before sending (the server checks again: this is for quick,
// specific messages; an email address by the server's own rule). Each returns the message key in
// the 'auth' namespace, or null when fine.

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const NAME_MAX = 120

export type AuthMessageKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'nameRequired'
  | 'nameTooLong'
  | 'passwordsDiffer'

export function checkEmail(value: string): AuthMessageKey | null {
  const email = value.trim()
  if (email === '') return 'emailRequired'
  return isEmailAddress(email) ? null : 'emailInvalid'
}

/** Signing in checks only that something was typed: the rules may have changed since. */
export function checkPassword(value: string): AuthMessageKey | null {
  return value === '' ? 'passwordRequired' : null
}

/** Decision 009: 8 to 128 characters, no composition rules. */
export function checkNewPassword(value: string): AuthMessageKey | null {
  if (value === '') return 'passwordRequired'
  if (value.length < PASSWORD_MIN) return 'passwordTooShort'
  if (value.length > PASSWORD_MAX) return 'passwordTooLong'
  return null
}

export function checkRepeatedPassword(password: string, repeated: string): AuthMessageKey | null {
  return password === repeated ? null : 'passwordsDiffer'
}

export function checkName(value: string): AuthMessageKey | null {
  const name = value.trim()
  if (name === '') return 'nameRequired'
  return name.length > NAME_MAX ? 'nameTooLong' : null
}

/** Field name → message key, only for the fields with a problem. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

/** The checks' results with the passing fields left out. */
export function collectErrors<F extends string, K extends string>(results: Record<F, K | null>): Partial<Record<F, K>> {
  const errors: Partial<Record<F, K>> = {}
  for (const [field, key] of Object.entries(results) as [F, K | null][]) if (key) errors[field] = key
  return errors
}

/** The address form's fields as typed (select values are ids as text, '' for none). */
export type AddressValues = { [Field in keyof Address]: string }

/** Message keys in the 'account' namespace. */
export type AddressMessageKey = 'nameRequired' | 'streetRequired' | 'cityRequired' | 'countryRequired' | 'stateRequired' | 'zipRequired'

type CountryChoice = { id: number; states: readonly { id: number }[] }

/**
 * Name, street, city and ZIP are needed; a country when the store ships to any (one of its
 * countries), and a state of that country when it has states.
 */
export function checkAddress(values: AddressValues, countries: readonly CountryChoice[]): Partial<Record<keyof AddressValues, AddressMessageKey>> {
  const country = countries.find((candidate) => String(candidate.id) === values.countryId)
  const stateKnown = country?.states.some((state) => String(state.id) === values.stateId) ?? false
  return collectErrors<keyof AddressValues, AddressMessageKey>({
    name: values.name.trim() ? null : 'nameRequired',
    phone: null,
    street: values.street.trim() ? null : 'streetRequired',
    street2: null,
    city: values.city.trim() ? null : 'cityRequired',
    countryId: countries.length > 0 && !country ? 'countryRequired' : null,
    stateId: country && country.states.length > 0 && !stateKnown ? 'stateRequired' : null,
    zip: values.zip.trim() ? null : 'zipRequired',
  })
}

/** The typed values as addAddress takes them: trimmed text, ids as numbers or null. */
export function addressPayload(values: AddressValues) {
  const id = (text: string) => (/^\d+$/.test(text) ? Number(text) : null)
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    street: values.street.trim(),
    street2: values.street2.trim(),
    city: values.city.trim(),
    countryId: id(values.countryId),
    stateId: id(values.stateId),
    zip: values.zip.trim(),
  }
}
