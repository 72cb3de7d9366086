import { ACCENT_MIN_CONTRAST, contrastRatio, parseCssColor } from '../colors'
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

/** A product's style code (templateSkuCode), the stem of its variants' SKUs. */
export const styleCode = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, 'must be a style code like "PC54" or "ST650"')
/** Shipping weight of one unit, pounds. */
export const weight = z.number().min(0, 'must be a weight in pounds of 0 or more')
export const taxCode = z.string().min(1, 'must not be empty')
/** Markdown of a content page (decision 022): not empty, at most 100,000 characters. */
export const markdownBody = text.max(100_000, 'must be at most 100,000 characters')

export const dateText = z.string().refine((value) => Number.isFinite(Date.parse(value)), {
  message: 'must be a date like "2025-01-31" or "2025-01-31T09:00:00Z"',
})

/**
 * A product's quantity price breaks: from `minQuantity` pieces of the product in one cart or order,
 * its base price is `price` (src/isomorphic/price-breaks.ts). Each quantity once, from 2 up (the
 * price of one piece is the product's own). Check the prices against the product's with
 * `priceBreakIssues`.
 */
export const priceBreaks = z
  .array(
    z.strictObject({
      minQuantity: z
        .number()
        .int('must be a whole number')
        .min(2, 'must be 2 or more: the price of 1 piece is the product’s price')
        .max(1_000_000, 'must be at most 1000000'),
      price: positiveAmount,
    }),
  )
  .max(20, 'must list at most 20 breaks')
  .superRefine((breaks, ctx) => {
    const seen = new Set<number>()
    breaks.forEach((tier, index) => {
      if (seen.has(tier.minQuantity)) {
        ctx.addIssue({ code: 'custom', path: [index, 'minQuantity'], message: `lists ${tier.minQuantity} pieces twice: each quantity can have one price` })
      }
      seen.add(tier.minQuantity)
    })
  })

/**
 * What is wrong with breaks against the product's base price (dollars): each must lower it, and each
 * must be below the break before it (more pieces always cost less each; the console's save applies
 * the same rule, src/isomorphic/product-rules.ts). Paths are relative to the list.
 */
export function priceBreakIssues(basePrice: number, breaks: readonly { minQuantity: number; price: number }[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  const cents = (dollars: number) => Math.round(dollars * 100)
  const sorted = breaks.map((tier, index) => ({ ...tier, index })).sort((a, b) => a.minQuantity - b.minQuantity)
  sorted.forEach((tier, position) => {
    if (cents(tier.price) >= cents(basePrice)) {
      issues.push({ path: [tier.index, 'price'], message: `must be below the product’s price (${basePrice.toFixed(2)}): a break lowers the price` })
      return
    }
    const before = sorted[position - 1]
    if (before && before.minQuantity < tier.minQuantity && cents(tier.price) >= cents(before.price)) {
      issues.push({
        path: [tier.index, 'price'],
        message: `must be below the price from ${before.minQuantity} pieces (${before.price.toFixed(2)}): more pieces cost less each`,
      })
    }
  })
  return issues
}
const count = z.number().int('must be a whole number').min(0, 'must be 0 or more')

/** A promo code as a shopper types it: compared ignoring case, unique per store. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/
export const promoCode = z.string().regex(PROMO_CODE_PATTERN, 'must be 3–40 letters, digits, "-" or "_"')

/**
 * A promotion program (Odoo-style, see src/server/promotions/promotion-engine.ts) as the store file
 * writes it and the console saves it: products by slug, money in dollars, dates as text.
 */
export const PromotionSchema = z
  .strictObject({
    name: text,
    rewardType: z.enum(['discount', 'product', 'free_shipping']),
    promoApplicability: z.enum(['on_current_order', 'on_next_order']).default('on_current_order'),
    /** When set, the shopper must enter this code; otherwise the program applies by itself. */
    promoCode: promoCode.optional(),
    minimumAmount: amount.default(0),
    minimumQuantity: count.default(0),
    products: z.array(slug).default([]),
    dateFrom: dateText.optional(),
    dateTo: dateText.optional(),
    maximumUses: count.default(0),
    /** Uses per customer (a signed-in partner; a guest by email address); 0: no limit. */
    maximumUsesPerCustomer: count.default(0),
    /** Only on a customer's first order (no earlier order of theirs that was not cancelled). */
    firstOrderOnly: z.boolean().default(false),
    discount: z
      .strictObject({
        type: z.enum(['percentage', 'fixed_amount']),
        percentage: z.number().gt(0, 'must be more than 0').max(100, 'must be at most 100').optional(),
        fixedAmount: positiveAmount.optional(),
        applyOn: z.enum(['on_order', 'cheapest_product', 'specific_products']).default('on_order'),
      })
      .optional(),
    rewardProduct: z.strictObject({ slug, quantity: z.number().int().min(1, 'must be at least 1').default(1) }).optional(),
    active: z.boolean().default(true),
  })
  .superRefine((promotion, ctx) => {
    if (promotion.rewardType === 'discount') {
      const discount = promotion.discount
      if (!discount) ctx.addIssue({ code: 'custom', path: ['discount'], message: 'is required for a discount reward' })
      else if (discount.type === 'percentage' && discount.percentage === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount', 'percentage'], message: 'is required for a percentage discount' })
      else if (discount.type === 'fixed_amount' && discount.fixedAmount === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount', 'fixedAmount'], message: 'is required for a fixed_amount discount' })
    }
    if (promotion.rewardType === 'product' && !promotion.rewardProduct) {
      ctx.addIssue({ code: 'custom', path: ['rewardProduct'], message: 'is required for a product reward' })
    }
    if (promotion.dateFrom && promotion.dateTo && Date.parse(promotion.dateFrom) > Date.parse(promotion.dateTo)) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' })
    }
  })

export type PromotionInput = z.input<typeof PromotionSchema>
export type Promotion = z.output<typeof PromotionSchema>
/**
 * A store's accent colour: a CSS colour on which white text reads at 4.5:1 or better. Zod runs a
 * refinement even when the pattern has failed, so the contrast is measured only on a value the
 * pattern accepted ("red" is one refusal, the pattern's, and never a colour parser's exception).
 */
export const accentColor = cssColor.refine((value) => !CSS_COLOR_PATTERN.test(value) || contrastRatio(parseCssColor(value), { r: 255, g: 255, b: 255 }) >= ACCENT_MIN_CONTRAST, {
  message: `must be dark enough for white text on it to read (a contrast of ${ACCENT_MIN_CONTRAST}:1 with white or more; try a darker shade)`,
})

/** A Google Analytics 4 measurement id. */
export const analyticsId = z.string().trim().regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google Analytics 4 measurement id like "G-ABC123XYZ9"')
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

/** How often an allowance program renews ('none': granted once). */
export const allowancePeriod = z.enum(['year', 'quarter', 'month', 'none'], { error: 'must be one of year, quarter, month, none' })
/** What is left of an allowance at the end of its period: expires, is kept, or is kept up to an amount. */
export const allowanceRollover = z.enum(['none', 'all', 'capped'], { error: 'must be one of none, all, capped' })
/** An allowance amount in dollars, at most 1,000,000. */
export const allowanceAmount = amount.max(1_000_000, 'must be at most 1,000,000')
/** A calendar day (UTC), as allowance programs start. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((value) => Number.isFinite(Date.parse(`${value}T00:00:00Z`)), 'must be a real date')
export const ROLLOVER_CAP_NEEDED = 'is needed when rollover is "up to an amount"'
