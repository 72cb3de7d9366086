import { z } from './zod'
import { chosen } from './fields'

// An address as the browser holds it (checkout state: name, phone, street, street2, city,
// countryId, stateId, zip, id), or with country and state codes instead of ids. Only the types are
// checked here: missing or empty fields are answered as messages by the validation, not as a
// malformed request. Fields the check does not use (id, isDefaultShipping …) are dropped.

/**
 * An address as the store speaks of it: who, the street lines, city and ZIP, and the country and
 * state by the ids of the store's own rows. Every address shape of the API and the browser is this
 * one with a few fields added or spelled as typed text.
 */
export type Address = {
  name: string
  phone: string | null
  street: string
  street2: string | null
  city: string
  zip: string
  countryId: number | null
  stateId: number | null
}

/** The street lines of an address (what a destination needs besides its country and state). */
export type AddressLines = Pick<Address, 'street' | 'street2' | 'city' | 'zip'>

/** An address as a form holds it while it is typed: text is '' rather than null. */
export type AddressDraft = Omit<Address, 'phone' | 'street2'> & { phone: string; street2: string }

/** An address for the carriers and tax services, by codes: ISO 3166-1 alpha-2 country, state code or null. */
export type PostalAddress = Omit<AddressLines, 'street2'> & { name?: string | null; street2?: string | null; countryCode: string; stateCode: string | null }

export type AddressType = 'Billing' | 'Shipping'
export const ADDRESS_TYPES = ['Billing', 'Shipping'] as const satisfies readonly AddressType[]

/** An address of a partner's Billing or Shipping book, as the account API answers it (decision 009). */
export type AccountAddress = Address & {
  id: number
  addressType: AddressType
  /** Codes of the country and state, for display and for the carriers. */
  country: string | null
  state: string | null
  isDefaultBilling: boolean
  isDefaultShipping: boolean
}

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters long`)
    .nullish()

const id = z.number({ error: 'must be an id (a number)' }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large')

export const AddressCheckSchema = z.object(
  {
    name: text(100),
    phone: text(30),
    street: text(200),
    street2: text(200),
    city: text(100),
    zip: text(20),
    countryId: id.nullish(),
    stateId: id.nullish(),
    /** ISO 3166-1 alpha-2, when the client speaks codes. */
    countryCode: text(3),
    stateCode: text(10),
  },
  { error: 'must be an address object' },
)

export type AddressCheckInput = z.infer<typeof AddressCheckSchema>

// The partner's address books (mutations addAddress, deleteAddress): here name, street, city, ZIP
// and country are required, and text is trimmed.

const required = (what: string, max: number) =>
  z
    .string({ error: `is required: ${what}` })
    .trim()
    .min(1, `is required: ${what}`)
    .max(max, `must be at most ${max} characters long`)

const optional = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters long`)
    .nullish()
    .transform((value) => value || null)

const positiveId = (error: string) =>
  z.number({ error }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large')

export const AddressBookEntrySchema = z.strictObject({
  /** Given: update that address of the partner's; absent or null: a new address. */
  id: positiveId('must be an address id (a number)').nullish(),
  name: required('the name on the address', 100),
  phone: optional(30),
  street: required('the street address', 200),
  street2: optional(200),
  city: required('the city', 100),
  zip: required('the ZIP or postal code', 20),
  countryId: chosen(positiveId('is required: choose a country'), 'is required: choose a country'),
  stateId: positiveId('must be a state id (a number)').nullish(),
  isDefaultBilling: z.boolean({ error: 'must be true or false' }).optional(),
  isDefaultShipping: z.boolean({ error: 'must be true or false' }).optional(),
})

const PartnerUidSchema = z.string({ error: "is required: the signed-in partner's uid" }).min(1, "is required: the signed-in partner's uid").max(100, 'is too long')

export const AddAddressSchema = z.strictObject({
  address: AddressBookEntrySchema,
  type: z.enum(ADDRESS_TYPES, { error: "must be 'Billing' or 'Shipping'" }),
  partnerUid: PartnerUidSchema,
})

export const DeleteAddressSchema = z.strictObject({
  id: positiveId('is required: the address id (a number)'),
  partnerUid: PartnerUidSchema,
})


/** POST /api/address/validation {raw: {address}} */
export const AddressValidationRequestSchema = z.object({
  raw: z.object({ address: AddressCheckSchema }, { error: 'must be an object with address' }),
})
export type AddressValidationRequest = z.input<typeof AddressValidationRequestSchema>
