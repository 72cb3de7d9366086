import { z } from 'zod'
import { DomainError } from './errors'

// Parsing what callers send: one `invalid` DomainError naming the key and the fields.

/** Keys echoed in messages are cut and stripped of anything unprintable. */
export function printableKey(key: string): string {
  const clean = key.replace(/[^\x20-\x7e]/g, '?')
  return clean.length > 64 ? `${clean.slice(0, 64)}…` : clean
}

function describeIssue(issue: z.core.$ZodIssue, root: string): string {
  const path = [root, ...issue.path.map(String)].join('.')
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((name) => `'${printableKey(name)}'`).join(', ')
    return `${path} has unknown field${issue.keys.length > 1 ? 's' : ''} ${names}`
  }
  return `${path} ${issue.message}`
}

/** Parses an API input; failures become one `invalid` DomainError naming the key and the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, { key, root }: { key: string; root: string }): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.slice(0, 5).map((issue) => describeIssue(issue, root))
  throw new DomainError('invalid', `${printableKey(key)}: ${problems.join('; ')}`)
}

/** For keys that take no value: absent, null or {} (all the same, so they share a cache entry). */
export const NoValueSchema = z
  .union([z.undefined(), z.null(), z.strictObject({})], { error: 'must be left out (this key takes no value)' })
  .transform(() => undefined)

export const idSchema = (what: string) =>
  z.number({ error: `must be a ${what} id (a number)` }).int(`must be a whole number`).positive('must be positive').max(2_147_483_647, 'is too large')
