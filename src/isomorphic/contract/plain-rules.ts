// The contract's rules the storefront's own code checks in the browser, as plain values with no zod
// (issue 28, performance.md P6): zod is ≈ 89 kB of every first load that imports a contract schema.
// The contract's schemas are built from these (accounts.ts, orders.ts), so there is one rule each;
// plain-rules.test.ts runs both on the same inputs. Nothing here may import zod, even indirectly
// (eslint's storefront rule refuses contract value imports other than this file).

/**
 * What an email address is: zod's own `z.email()` pattern (zod/v4/core regexes.email), which the
 * contract's EmailAddressSchema is given explicitly, so the schema and the browser's check are one rule.
 */
export const EMAIL_ADDRESS_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/

/** True when the text (already trimmed) is an email address: EmailAddressSchema's answer, without zod. */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS_PATTERN.test(text)
}

/** The longest note an approver may give with a decision. */
export const APPROVAL_NOTE_MAX_LENGTH = 1000
