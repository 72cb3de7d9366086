import { z } from './zod'

// Field schemas every part of the wire contract uses: ids, and "no value" for keys that take none.

/** A database id: a positive whole number that fits PostgreSQL's integer. */
export const idSchema = (what: string) =>
  z.number({ error: `must be a ${what} id (a number)` }).int(`must be a whole number`).positive('must be positive').max(2_147_483_647, 'is too large')

/** For keys that take no value: absent, null or {} (all the same, so they share a cache entry). */
export const NoValueSchema = z
  .union([z.undefined(), z.null(), z.strictObject({})], { error: 'must be left out (this key takes no value)' })
  .transform(() => undefined)

/**
 * An id a form may not have chosen yet: a client sends null then, and the server refuses it with
 * `message`, as it refuses a missing one. The type says so: null goes in, only an id comes out.
 */
export function chosen(id: z.ZodNumber, message: string) {
  return id.nullable().transform((value, ctx) => {
    if (value !== null) return value
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/** A gift card number typed at checkout: text of at most 64 characters (the longest number issued). */
export const GiftCardNumberSchema = z
  .string({ error: 'must be the gift card number, as text' })
  .trim()
  .min(1, 'must be the gift card number, as text')
  .max(64, 'is too long to be a gift card number')
