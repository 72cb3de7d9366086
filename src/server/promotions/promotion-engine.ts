import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { orders, products, promotionPrograms, promotionUsages } from '../db/schema'
import { DomainError } from '../kernel/errors'
import type { Cents } from '../kernel/money'
import type { PricedLine } from '../kernel/pricing-types'

// Promotions at checkout (spec 7, 9; domain.md "Promotions"; security.md 4.3). Programs are Odoo-14
// style coupon programs: applied by themselves (no_code_needed) or by a promo code (code_needed),
// when active, within their dates by the SERVER's clock, not used up, and their rules hold (minimum
// amount, minimum quantity, products in the cart). Rewards: a discount (percentage or fixed amount,
// on the order, the cheapest product or specific products), free shipping, or a free product.
// on_next_order programs issue coupons for a later order and play no part at checkout.
//
// Discounts are taken from the priced product lines, so no program can discount more than the
// lines it applies to hold and the products can never cost less than nothing. Usage limits are
// only checked here; recordPromotionUsage enforces them atomically when the order is written.

export const PROMO_CODE_NOT_VALID = 'This promo code is not valid.'
export const PROMO_CODE_EXPIRED = 'This promo code has expired.'
export const PROMO_CODE_USED_UP = 'This promo code has been fully used.'
export const PROMO_CODE_NOT_APPLICABLE = 'This promo code does not apply to your cart.'
export const PROMO_CODE_FIRST_ORDER_ONLY = 'This promo code is for your first order only.'
export const PROMO_CODE_ALREADY_USED = 'You have already used this promo code.'

/**
 * Who is buying, for per-customer limits and the first-order rule: a signed-in partner, else a
 * guest by email (trimmed, lower-cased). Unknown (a guest's cart before the email is given): null.
 */
export type PromotionCustomer = { partnerId: number; email?: string | null } | { partnerId: null; email: string }

/** The key promotion_usages keeps for a customer: `partner:<id>` or `email:<address>`. */
export function customerKeyOf(customer: PromotionCustomer): string {
  return customer.partnerId !== null ? `partner:${customer.partnerId}` : `email:${customer.email.trim().toLowerCase()}`
}

/** What per-customer rules need to know of a customer: uses per program, and whether an earlier order exists. */
export type CustomerHistory = { usesByProgram: ReadonlyMap<number, number>; hasEarlierOrder: boolean }

/** Longer input is not a promo code (store codes are 3–40 characters). */
const PROMO_CODE_MAX_LENGTH = 64

export type PromotionLine = Pick<PricedLine, 'key' | 'productId' | 'totalQuantity' | 'amount'>

export type PromotionInput = {
  websiteId: number
  partnerId: number | null
  lines: PromotionLine[]
  /** The products' total before any discount (cents); minimum amounts are judged after the discounts applied before. */
  subtotal: Cents
  /** The chosen delivery method's price (cents); free shipping takes it off. */
  shipping: Cents
  promoCode?: string | null
  /** The buyer, when known: programs limited per customer or to a first order are judged for them. */
  customer?: PromotionCustomer | null
  /** The server's clock; tests may set it, clients never can. */
  now?: Date
}

/** A free product the order gains: listPrice is what it is worth, unitPrice what it costs (0). */
export type RewardLine = { programId: number; productId: number; name: string; quantity: number; unitPrice: Cents; listPrice: Cents }

export type AppliedProgram = { id: number; name: string; rewardType: ProgramRow['rewardType']; discount: Cents }

export type PromotionResult = {
  /** Taken off the products (cents), never more than their total. */
  discount: Cents
  freeShipping: boolean
  /** `shipping` when free shipping applies, else 0. */
  shippingDiscount: Cents
  rewardLines: RewardLine[]
  /** Every program applied, automatic ones and the code's: what recordPromotionUsage counts. */
  programIds: number[]
  /** The program the promo code applied, if it did. */
  codeProgramId: number | null
  /** Why the promo code did not apply (one of the PROMO_CODE_* sentences); null when it did or none was given. */
  codeError: string | null
  /** Discount per line key (cents), for order lines and tax. */
  lineDiscounts: Record<string, Cents>
  applied: AppliedProgram[]
}

export type ProgramRow = Pick<
  typeof promotionPrograms.$inferSelect,
  | 'id'
  | 'name'
  | 'rewardType'
  | 'promoApplicability'
  | 'promoCodeUsage'
  | 'promoCode'
  | 'ruleMinimumAmount'
  | 'ruleMinQuantity'
  | 'ruleProductIds'
  | 'dateFrom'
  | 'dateTo'
  | 'maximumUseNumber'
  | 'usedCount'
  | 'maximumUsesPerCustomer'
  | 'firstOrderOnly'
  | 'discountType'
  | 'discountPercentage'
  | 'discountFixedAmount'
  | 'discountApplyOn'
  | 'rewardProductId'
  | 'rewardProductQuantity'
  | 'isActive'
>

export type RewardProduct = { id: number; name: string; priceAmount: Cents }

/** A promotion program as the engine and the store import read it (the shop's list shows fewer: never the code). */
export const PROGRAM_COLUMNS = {
  id: promotionPrograms.id,
  name: promotionPrograms.name,
  rewardType: promotionPrograms.rewardType,
  promoApplicability: promotionPrograms.promoApplicability,
  promoCodeUsage: promotionPrograms.promoCodeUsage,
  promoCode: promotionPrograms.promoCode,
  ruleMinimumAmount: promotionPrograms.ruleMinimumAmount,
  ruleMinQuantity: promotionPrograms.ruleMinQuantity,
  ruleProductIds: promotionPrograms.ruleProductIds,
  dateFrom: promotionPrograms.dateFrom,
  dateTo: promotionPrograms.dateTo,
  maximumUseNumber: promotionPrograms.maximumUseNumber,
  usedCount: promotionPrograms.usedCount,
  maximumUsesPerCustomer: promotionPrograms.maximumUsesPerCustomer,
  firstOrderOnly: promotionPrograms.firstOrderOnly,
  discountType: promotionPrograms.discountType,
  discountPercentage: promotionPrograms.discountPercentage,
  discountFixedAmount: promotionPrograms.discountFixedAmount,
  discountApplyOn: promotionPrograms.discountApplyOn,
  rewardProductId: promotionPrograms.rewardProductId,
  rewardProductQuantity: promotionPrograms.rewardProductQuantity,
  isActive: promotionPrograms.isActive,
}

/** Trimmed and upper-cased; null for blank or over-long input. */
export function normalizePromoCode(code: string | null | undefined): string | null {
  const clean = (code ?? '').trim().toUpperCase()
  return clean.length === 0 || clean.length > PROMO_CODE_MAX_LENGTH ? null : clean
}

/** The website's active current-order programs: the automatic ones, and with `withCode` the one of the code too. */
function currentOrderPrograms(db: Executor, withCode: boolean) {
  return prepared(db, withCode ? 'current_order_programs_code' : 'current_order_programs', () =>
    db
      .select(PROGRAM_COLUMNS)
      .from(promotionPrograms)
      .where(
        and(
          eq(promotionPrograms.websiteId, sql.placeholder('websiteId')),
          eq(promotionPrograms.isActive, true),
          eq(promotionPrograms.promoApplicability, 'on_current_order'),
          withCode
            ? or(
                eq(promotionPrograms.promoCodeUsage, 'no_code_needed'),
                // Equality, never LIKE: '%' and '_' in a code are just characters.
                and(eq(promotionPrograms.promoCodeUsage, 'code_needed'), sql`upper(${promotionPrograms.promoCode}) = ${sql.placeholder('code')}`),
              )
            : eq(promotionPrograms.promoCodeUsage, 'no_code_needed'),
        ),
      )
      .orderBy(promotionPrograms.id),
  )
}

/**
 * The promotions an order earns: loads the website's current-order programs (the automatic ones and
 * the one whose code matches `promoCode` exactly, ignoring case) and applies them to the lines.
 */
export async function evaluatePromotions(db: Executor, input: PromotionInput): Promise<PromotionResult> {
  const code = normalizePromoCode(input.promoCode)
  const programs = await currentOrderPrograms(db, code !== null).execute({ websiteId: input.websiteId, code })
  const rewardIds = [...new Set(programs.flatMap((program) => (program.rewardType === 'product' && program.rewardProductId ? [program.rewardProductId] : [])))]
  const rewardProducts =
    rewardIds.length === 0
      ? []
      : await prepared(db, 'promotion_reward_products', () =>
          db
            .select({ id: products.id, name: products.name, priceAmount: products.priceAmount })
            .from(products)
            .where(and(eq(products.websiteId, sql.placeholder('websiteId')), eq(products.isPublished, true), sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)),
        ).execute({ websiteId: input.websiteId, ids: rewardIds })
  const limited = programs.filter(limitedPerCustomer).map((program) => program.id)
  const history = input.customer && limited.length > 0 ? await customerHistory(db, { websiteId: input.websiteId, customer: input.customer, programIds: limited }) : null
  return applyPromotions(programs, input, new Map(rewardProducts.map((product) => [product.id, product])), history)
}

const limitedPerCustomer = (program: Pick<ProgramRow, 'maximumUsesPerCustomer' | 'firstOrderOnly'>) => program.maximumUsesPerCustomer > 0 || program.firstOrderOnly

/**
 * The customer's uses of `programIds` and whether they have an order (not cancelled, not a
 * quotation) other than `exceptOrderId`: a partner's own orders (and any placed with the account's
 * email, as a guest), a guest's by email.
 */
export async function customerHistory(
  db: Executor,
  { websiteId, customer, programIds, exceptOrderId = null }: { websiteId: number; customer: PromotionCustomer; programIds: readonly number[]; exceptOrderId?: number | null },
): Promise<CustomerHistory> {
  const key = customerKeyOf(customer)
  const [uses, earlier] = await Promise.all([
    db
      .select({ programId: promotionUsages.programId, uses: sql<number>`count(*)::int` })
      .from(promotionUsages)
      .where(and(inArray(promotionUsages.programId, [...programIds]), eq(promotionUsages.customerKey, key), exceptOrderId === null ? undefined : ne(promotionUsages.orderId, exceptOrderId)))
      .groupBy(promotionUsages.programId),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.websiteId, websiteId),
          eq(orders.kind, 'order'),
          ne(orders.state, 'cancel'),
          customer.partnerId === null
            ? sql`lower(${orders.partnerEmail}) = ${customer.email.trim().toLowerCase()}`
            : customer.email
              ? or(eq(orders.partnerId, customer.partnerId), sql`lower(${orders.partnerEmail}) = ${customer.email.trim().toLowerCase()}`)
              : eq(orders.partnerId, customer.partnerId),
          exceptOrderId === null ? undefined : ne(orders.id, exceptOrderId),
        ),
      )
      .limit(1),
  ])
  return { usesByProgram: new Map(uses.map((row) => [row.programId, row.uses])), hasEarlierOrder: earlier.length > 0 }
}

type Availability = 'ok' | 'not_started' | 'ended' | 'used_up' | 'inactive' | 'not_first_order' | 'used_by_customer'

function availability(program: ProgramRow, now: Date, history: CustomerHistory | null = null): Availability {
  if (!program.isActive) return 'inactive'
  if (program.dateFrom && now < program.dateFrom) return 'not_started'
  if (program.dateTo && now > program.dateTo) return 'ended'
  if (program.maximumUseNumber > 0 && program.usedCount >= program.maximumUseNumber) return 'used_up'
  return history ? customerAvailability(program, history) : 'ok'
}

/** The per-customer rules alone: a first order only, and at most maximumUsesPerCustomer uses. */
function customerAvailability(program: Pick<ProgramRow, 'maximumUsesPerCustomer' | 'firstOrderOnly' | 'id'>, history: CustomerHistory): Availability {
  const used = history.usesByProgram.get(program.id) ?? 0
  if (program.firstOrderOnly && (history.hasEarlierOrder || used > 0)) return 'not_first_order'
  if (program.maximumUsesPerCustomer > 0 && used >= program.maximumUsesPerCustomer) return 'used_by_customer'
  return 'ok'
}

function rulesHold(program: ProgramRow, input: PromotionInput): boolean {
  if (input.lines.length === 0) return false
  if (input.subtotal < program.ruleMinimumAmount) return false
  const productIds = new Set(program.ruleProductIds)
  const matching = productIds.size === 0 ? input.lines : input.lines.filter((line) => productIds.has(line.productId))
  if (matching.length === 0) return false
  const quantity = matching.reduce((sum, line) => sum + line.totalQuantity, 0)
  return quantity >= program.ruleMinQuantity
}

/** `amount` × `percent` / 100, rounded half up to the cent (percent has at most 2 decimals). */
export function percentOf(amount: Cents, percent: number): Cents {
  const basisPoints = BigInt(Math.round(percent * 100))
  return Number((BigInt(amount) * basisPoints + 5000n) / 10000n)
}

/**
 * Spreads `amount` over the lines in proportion to what is left of them (largest remainder, so
 * the shares add up to the cent), never taking more than a line has left. Answers the cents taken.
 */
function takeFromLines(remaining: Map<string, Cents>, keys: string[], amount: Cents): Map<string, Cents> {
  const base = keys.reduce((sum, key) => sum + (remaining.get(key) ?? 0), 0)
  const wanted = Math.min(amount, base)
  const shares = new Map<string, Cents>()
  if (wanted <= 0) return shares
  const big = BigInt(base)
  const parts = keys.map((key) => {
    const left = BigInt(remaining.get(key) ?? 0)
    const numerator = BigInt(wanted) * left
    return { key, share: Number(numerator / big), fraction: numerator % big }
  })
  let leftover = wanted - parts.reduce((sum, part) => sum + part.share, 0)
  for (const part of [...parts].sort((a, b) => (b.fraction > a.fraction ? 1 : b.fraction < a.fraction ? -1 : 0))) {
    if (leftover === 0) break
    if (part.share < (remaining.get(part.key) ?? 0)) {
      part.share += 1
      leftover -= 1
    }
  }
  for (const part of parts) {
    if (part.share <= 0) continue
    remaining.set(part.key, (remaining.get(part.key) ?? 0) - part.share)
    shares.set(part.key, part.share)
  }
  return shares
}

/** The discount a program's reward asks for, against what `base` is left (never more than base). */
function discountOn(program: ProgramRow, base: Cents): Cents {
  if (base <= 0) return 0
  if (program.discountType === 'percentage') return Math.min(base, percentOf(base, Number(program.discountPercentage ?? 0)))
  if (program.discountType === 'fixed_amount') return Math.min(base, Math.max(0, program.discountFixedAmount ?? 0))
  return 0
}

/** Applies a discount program to what is left of the lines; answers the shares it took. */
function applyDiscount(program: ProgramRow, lines: PromotionLine[], remaining: Map<string, Cents>): Map<string, Cents> {
  const open = lines.filter((line) => (remaining.get(line.key) ?? 0) > 0)
  switch (program.discountApplyOn ?? 'on_order') {
    case 'on_order': {
      const keys = open.map((line) => line.key)
      const base = keys.reduce((sum, key) => sum + remaining.get(key)!, 0)
      return takeFromLines(remaining, keys, discountOn(program, base))
    }
    case 'specific_products': {
      const productIds = new Set(program.ruleProductIds)
      const keys = open.filter((line) => productIds.has(line.productId)).map((line) => line.key)
      const base = keys.reduce((sum, key) => sum + remaining.get(key)!, 0)
      return takeFromLines(remaining, keys, discountOn(program, base))
    }
    case 'cheapest_product': {
      // One piece of the product with the lowest price per piece.
      const priced = open.filter((line) => line.totalQuantity > 0)
      if (priced.length === 0) return new Map()
      const cheapest = priced.reduce((best, line) => (line.amount * best.totalQuantity < best.amount * line.totalQuantity ? line : best))
      const piece = Math.min(remaining.get(cheapest.key)!, Math.round(cheapest.amount / cheapest.totalQuantity))
      return takeFromLines(remaining, [cheapest.key], discountOn(program, piece))
    }
  }
}

/**
 * The pure part of evaluatePromotions: `programs` are the website's candidate programs, the code
 * (already normalised) picks among the code_needed ones. Automatic programs apply first, then the
 * code's, each in id order, each on what the ones before left of the lines.
 */
export function applyPromotions(
  programs: readonly ProgramRow[],
  input: PromotionInput,
  rewardProducts: ReadonlyMap<number, RewardProduct>,
  history: CustomerHistory | null = null,
): PromotionResult {
  const now = input.now ?? new Date()
  const code = normalizePromoCode(input.promoCode)
  const candidates = programs.filter((program) => program.promoApplicability === 'on_current_order')
  const automatic = candidates.filter((program) => program.promoCodeUsage === 'no_code_needed' && availability(program, now, history) === 'ok' && rulesHold(program, input))

  // A code too long to be one is refused like an unknown one (blank input is no code at all).
  let codeError: string | null = code === null && (input.promoCode ?? '').trim() !== '' ? PROMO_CODE_NOT_VALID : null
  let codeProgram: ProgramRow | null = null
  if (code !== null) {
    const matching = candidates.find((program) => program.promoCodeUsage === 'code_needed' && program.promoCode?.toUpperCase() === code)
    const state = matching ? availability(matching, now, history) : 'inactive'
    if (!matching || state === 'inactive') codeError = PROMO_CODE_NOT_VALID
    else if (state === 'not_started' || state === 'ended') codeError = PROMO_CODE_EXPIRED
    else if (state === 'used_up') codeError = PROMO_CODE_USED_UP
    else if (state === 'not_first_order') codeError = PROMO_CODE_FIRST_ORDER_ONLY
    else if (state === 'used_by_customer') codeError = PROMO_CODE_ALREADY_USED
    else if (!rulesHold(matching, input) || (matching.rewardType === 'product' && !rewardFor(matching, rewardProducts))) codeError = PROMO_CODE_NOT_APPLICABLE
    else codeProgram = matching
  }

  const remaining = new Map<string, Cents>()
  for (const line of input.lines) remaining.set(line.key, (remaining.get(line.key) ?? 0) + Math.max(0, line.amount))
  const lineDiscounts: Record<string, Cents> = {}
  const rewardLines: RewardLine[] = []
  const applied: AppliedProgram[] = []
  let freeShipping = false

  // Discounts first (automatic, then the code's), then the other rewards; each program's minimum
  // amount is judged on the merchandise left after the discounts before it, so a threshold is met
  // by what the shopper pays for the products, not by the price before a discount (issue 13).
  const chosen = [...automatic, ...(codeProgram ? [codeProgram] : [])]
  const sequence = [...chosen.filter((program) => program.rewardType === 'discount'), ...chosen.filter((program) => program.rewardType !== 'discount')]
  for (const program of sequence) {
    const merchandise = [...remaining.values()].reduce((sum, amount) => sum + amount, 0)
    if (merchandise < program.ruleMinimumAmount) {
      if (program === codeProgram) {
        codeProgram = null
        codeError = PROMO_CODE_NOT_APPLICABLE
      }
      continue
    }
    if (program.rewardType === 'discount') {
      const shares = applyDiscount(program, input.lines, remaining)
      let taken = 0
      for (const [key, share] of shares) {
        lineDiscounts[key] = (lineDiscounts[key] ?? 0) + share
        taken += share
      }
      // A discount the programs before it left nothing for is not applied (nor counted against its limit).
      if (taken === 0) {
        if (program === codeProgram) {
          codeProgram = null
          codeError = PROMO_CODE_NOT_APPLICABLE
        }
        continue
      }
      applied.push({ id: program.id, name: program.name, rewardType: program.rewardType, discount: taken })
    } else if (program.rewardType === 'free_shipping') {
      freeShipping = true
      applied.push({ id: program.id, name: program.name, rewardType: program.rewardType, discount: 0 })
    } else {
      const reward = rewardFor(program, rewardProducts)
      if (!reward) continue
      rewardLines.push({ programId: program.id, productId: reward.id, name: reward.name, quantity: Math.max(1, program.rewardProductQuantity), unitPrice: 0, listPrice: reward.priceAmount })
      applied.push({ id: program.id, name: program.name, rewardType: program.rewardType, discount: 0 })
    }
  }

  const discount = Object.values(lineDiscounts).reduce((sum, share) => sum + share, 0)
  return {
    discount,
    freeShipping,
    shippingDiscount: freeShipping ? Math.max(0, input.shipping) : 0,
    rewardLines,
    programIds: applied.map((program) => program.id),
    codeProgramId: codeProgram?.id ?? null,
    codeError,
    lineDiscounts,
    applied,
  }
}

function rewardFor(program: ProgramRow, rewardProducts: ReadonlyMap<number, RewardProduct>): RewardProduct | null {
  return program.rewardProductId ? (rewardProducts.get(program.rewardProductId) ?? null) : null
}

/**
 * Counts the order's programs, inside the order's transaction. Each count is one conditional
 * UPDATE (`maximum_use_number = 0 OR used_count < maximum_use_number`, and still active and in its
 * dates), so concurrent orders can never use a program more often than its limit: the order that
 * comes too late is refused with a 409 naming why, and its transaction rolls back. Recording the
 * same order twice counts it once (promotion_usages is unique per program and order).
 *
 * Per-customer limits and the first-order rule are judged right after that UPDATE, under the lock
 * it holds on the program's row until the transaction ends: a concurrent order of the same
 * customer waits there, and its next statement sees the usage and the order this one committed.
 */
export async function recordPromotionUsage(
  tx: Executor,
  {
    programIds,
    orderId,
    websiteId,
    customer,
    now = new Date(),
  }: { programIds: readonly number[]; orderId: number; websiteId: number; customer: PromotionCustomer; now?: Date },
): Promise<void> {
  const partnerId = customer.partnerId
  const customerKey = customerKeyOf(customer)
  for (const programId of [...new Set(programIds)].sort((a, b) => a - b)) {
    const [usage] = await tx
      .insert(promotionUsages)
      .values({ programId, orderId, partnerId, customerKey, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: promotionUsages.id })
    if (!usage) continue
    // store-scope: programIds are the order's own promotions, evaluated for its store
    const [counted] = await tx
      .update(promotionPrograms)
      .set({ usedCount: sql`${promotionPrograms.usedCount} + 1` })
      .where(
        and(
          eq(promotionPrograms.id, programId),
          eq(promotionPrograms.isActive, true),
          or(eq(promotionPrograms.maximumUseNumber, 0), sql`${promotionPrograms.usedCount} < ${promotionPrograms.maximumUseNumber}`),
          or(isNull(promotionPrograms.dateFrom), lte(promotionPrograms.dateFrom, now)),
          or(isNull(promotionPrograms.dateTo), gte(promotionPrograms.dateTo, now)),
        ),
      )
      .returning({ id: promotionPrograms.id, maximumUsesPerCustomer: promotionPrograms.maximumUsesPerCustomer, firstOrderOnly: promotionPrograms.firstOrderOnly })
    if (counted && !limitedPerCustomer(counted)) continue
    if (counted) {
      const history = await customerHistory(tx, { websiteId, customer, programIds: [programId], exceptOrderId: orderId })
      const state = customerAvailability({ ...counted, id: programId }, history)
      if (state === 'ok') continue
      throw new DomainError('conflict', `promotion program ${programId} refused for ${customerKey} (${state})`, state === 'not_first_order' ? PROMO_CODE_FIRST_ORDER_ONLY : PROMO_CODE_ALREADY_USED)
    }
    // store-scope: programIds are the order's own promotions, evaluated for its store
    const [program] = await tx.select(PROGRAM_COLUMNS).from(promotionPrograms).where(eq(promotionPrograms.id, programId))
    const state = program ? availability(program, now) : 'inactive'
    const userMessage = state === 'used_up' ? PROMO_CODE_USED_UP : state === 'inactive' ? PROMO_CODE_NOT_VALID : PROMO_CODE_EXPIRED
    throw new DomainError('conflict', `promotion program ${programId} can no longer be used (${state})`, userMessage)
  }
}
