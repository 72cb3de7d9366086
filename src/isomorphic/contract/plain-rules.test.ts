import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { EmailAddressSchema, EmailSchema } from './accounts'
import { EMAIL_ADDRESS_PATTERN, isEmailAddress } from './plain-rules'

// The storefront checks these rules without zod; the server checks them with the contract's schemas.
// Each input must get the same answer from both, so a rule changed on one side fails here.

const ADDRESSES = [
  'alex.morgan@graniteridge.example',
  'a@b.co',
  'first.last+tag@sub.domain.example.org',
  "o'brien@example.ie",
  'under_score@example.com',
  'digits123@123example.com',
  'x@example.c',
  'no-at-sign.example.com',
  '@example.com',
  'alex@',
  'alex@example',
  'alex@@example.com',
  'alex @example.com',
  ' alex@example.com',
  'alex@example.com ',
  '.alex@example.com',
  'alex.@example.com',
  'alex..morgan@example.com',
  'alex@-example.com',
  'alex@example..com',
  'alex@example.c0m',
  'álex@example.com',
  'alex@exämple.com',
  'alex@[127.0.0.1]',
  '"alex"@example.com',
  'alex@example.com\n',
  '',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
]

describe('what an email address is, in the browser and on the server', () => {
  test.each(ADDRESSES)('%j gets the same answer from the plain check and the contract schema', (text) => {
    expect(isEmailAddress(text)).toBe(EmailAddressSchema.safeParse(text).success)
  })

  test('the inputs cover both answers', () => {
    const answers = new Set(ADDRESSES.map(isEmailAddress))
    expect(answers).toEqual(new Set([true, false]))
  })

  test("the pattern is zod's own rule for an email address", () => {
    expect(EMAIL_ADDRESS_PATTERN.source).toBe(z.regexes.email.source)
    for (const text of ADDRESSES) expect(isEmailAddress(text)).toBe(z.email().safeParse(text).success)
  })

  test('a typed email field is trimmed before the same rule decides', () => {
    expect(EmailSchema.safeParse('  alex@example.com  ').success).toBe(true)
    expect(EmailSchema.safeParse('  alex@example  ').success).toBe(isEmailAddress('alex@example'))
  })
})
