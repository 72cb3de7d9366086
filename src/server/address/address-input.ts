import { z } from 'zod'

// An address as the browser holds it (checkout state: name, phone, street, street2, city,
// countryId, stateId, zip, id), or with country and state codes instead of ids. Only the types are
// checked here: missing or empty fields are answered as messages by the validation, not as a
// malformed request. Fields the check does not use (id, isDefaultShipping …) are dropped.

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
