import { isRedirectStatus, type RedirectStatus, redirectFromPath as redirectFromPathRule, redirectTarget as redirectTargetRule, ruleSetProblems } from '../redirect-rules'
import { z } from './zod'

// The rule of each kind of field a store file and the console both accept (issue 16): one rule,
// used by the store file's schema (src/server/store-import/store-file-schema.ts) and by the
// console's contract (admin-*.ts), so a value the console saves always imports again, and the other
// way round. Money here is decimal dollars, as in the store file and the JSON API.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
export const CSS_COLOR_PATTERN = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/

export const text = z.string().trim().min(1, 'must not be empty')
export const optionalText = z.string().trim().optional()
export const slug = z.string().regex(SLUG_PATTERN, 'must be a slug: lowercase letters, digits and single hyphens (e.g. "field-tee")')
export const code = z.string().regex(CODE_PATTERN, 'must be a code: letters, digits, "-" and "_" (e.g. "GR-MARK")')
export const sequence = z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0)
export const cssColor = z.string().regex(CSS_COLOR_PATTERN, 'must be a CSS colour like "#1f2a44" or "rgb(31, 42, 68)"')
export const email = z.email('must be an email address')
export const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' })

export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6
/** Decimal dollars, at most cents, more than 0. */
export const positiveAmount = z
  .number()
  .positive('must be a positive amount')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places')
/** Decimal dollars, at most cents, 0 or more. */
export const amount = z
  .number()
  .min(0, 'must be an amount of 0 or more')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places')
export const percent = z.number().min(0, 'must be a percentage of 0 or more').max(1000, 'must be a percentage up to 1000')

/** Markdown of a content page (decision 022): not empty, at most 100,000 characters. */
export const markdownBody = text.max(100_000, 'must be at most 100,000 characters')

export const dateText = z.string().refine((value) => Number.isFinite(Date.parse(value)), {
  message: 'must be a date like "2025-01-31" or "2025-01-31T09:00:00Z"',
})

/** A redirect rule (issue 16; src/isomorphic/redirect-rules.ts): its paths, target and status. */
export const redirectFromPath = z.string().superRefine((value, ctx) => {
  const from = redirectFromPathRule(value)
  if ('problem' in from) ctx.addIssue({ code: 'custom', message: from.problem })
})
export const redirectTarget = z.string().superRefine((value, ctx) => {
  const target = redirectTargetRule(value)
  if ('problem' in target) ctx.addIssue({ code: 'custom', message: target.problem })
})
export const redirectStatus = z
  .number()
  .refine(isRedirectStatus, 'must be 301 or 308 (permanent), or 302 or 307 (temporary)')
  .transform((value) => value as RedirectStatus)
  .default(301)
export const redirectRule = z.strictObject({ from: redirectFromPath, to: redirectTarget, status: redirectStatus })

/** A store's whole list of redirects: no two from one path, no loop, no chain longer than MAX_REDIRECT_HOPS. */
export const redirectRules = z
  .array(redirectRule)
  .max(5000, 'must have at most 5000 redirects')
  .default([])
  .superRefine((rules, ctx) => {
    for (const { index, problem } of ruleSetProblems(rules.map((rule) => ({ fromPath: rule.from, target: rule.to, status: rule.status })))) {
      ctx.addIssue({ code: 'custom', path: [index, problem.field === 'fromPath' ? 'from' : problem.field === 'target' ? 'to' : 'status'], message: problem.message })
    }
  })
