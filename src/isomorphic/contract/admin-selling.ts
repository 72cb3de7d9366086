import { EditVersionSchema } from './admin-edit'
import { dateText, email, hasAtMostTwoDecimals, positiveAmount, type PromotionInput, PromotionSchema } from './field-rules'
import { z } from './zod'

// Promotions and gift cards in the console (issue 16), for owners and the store's managers
// ('store.manage'). A promotion is saved in the store file's shape (field-rules.ts PromotionSchema),
// so what the console saves imports again and the one promotion engine applies it. A gift card's
// number is a bearer secret stored only as a hash: it is answered once, by giftCards.issue, and
// never again (lists and pages show the last four characters).

export type PromotionStatus = 'active' | 'scheduled' | 'expired' | 'disabled'

export type PromotionRowData = {
  id: number
  name: string
  promoCode: string | null
  rewardType: 'discount' | 'product' | 'free_shipping'
  /** "10% off the order", "Free shipping", "1 × Field Tee free". */
  reward: string
  status: PromotionStatus
  /** The maximum of uses was reached (the status is then 'expired'). */
  usedUp: boolean
  dateFrom: string | null
  dateTo: string | null
  /** Orders that used it (promotion_usages). */
  uses: number
  maximumUses: number
  version: number
}

export type PromotionPage = { rows: PromotionRowData[]; total: number; page: number; pageSize: number }

export type PromotionDetail = PromotionRowData & {
  /** The form's values, in the store file's shape. */
  promotion: PromotionInput
  updatedAt: string
}

export type PromotionFormOptions = { products: { slug: string; name: string }[] }

export type GiftCardStatus = 'active' | 'disabled' | 'expired'

export type GiftCardRowData = {
  id: number
  /** The last four characters of the number: all the console ever shows after issuing. */
  last4: string
  initialAmount: number
  balance: number
  status: GiftCardStatus
  expiresAt: string | null
  /** Who redeemed it into their account, if anyone. */
  redeemedBy: { partnerId: number; email: string | null } | null
  redeemedAt: string | null
  recipientEmail: string | null
  createdAt: string
}

export type GiftCardPage = { rows: GiftCardRowData[]; total: number; page: number; pageSize: number }

export type GiftCardLedgerKind = 'issue' | 'redeem' | 'spend' | 'refund' | 'adjust' | 'disable' | 'enable'

export type GiftCardLedgerRow = {
  /** null for the issue row (the card's issued amount, from the card itself). */
  id: number | null
  kind: GiftCardLedgerKind
  /** Dollars; positive adds to the balance. */
  amount: number
  note: string | null
  order: { id: number; name: string } | null
  createdAt: string
}

export type GiftCardDetail = GiftCardRowData & { note: string | null; ledger: GiftCardLedgerRow[] }

/** One issued card with its full number: only in the answer of giftCards.issue. */
export type IssuedGiftCard = { id: number; code: string; last4: string; amount: number; expiresAt: string | null }

export type GiftCardBatch = {
  cards: IssuedGiftCard[]
  /** The batch as CSV (cells a spreadsheet would run as formulas neutralised), for a one-time download. */
  csv: string
  fileName: string
}

export const GIFT_CARD_BATCH_MAX = 500
export const PROMOTION_PAGE_SIZE = 50
export const GIFT_CARD_PAGE_SIZE = 50

const ID = z.number().int().positive()
const PAGE = z.number().int().min(1).max(10_000).default(1)
const NOTE = z.string().trim().max(500, 'must be at most 500 characters')

/** A change of balance in dollars: not 0, at most cents. */
const signedAmount = z
  .number()
  .refine((value) => value !== 0, 'must not be 0')
  .refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places')
  .refine((value) => Math.abs(value) <= 1_000_000, 'must be at most 1,000,000')

export const SELLING_ADMIN_QUERY_INPUTS = {
  'promotions.list': z.strictObject({
    websiteId: ID,
    status: z.enum(['all', 'active', 'scheduled', 'expired', 'disabled']).default('all'),
    /** Part of the name or code, ignoring case. */
    search: z.string().trim().max(100).optional(),
    page: PAGE,
  }),
  'promotions.get': z.strictObject({ websiteId: ID, id: ID }),
  'promotions.options': z.strictObject({ websiteId: ID }),
  'giftCards.list': z.strictObject({
    websiteId: ID,
    /** The number's last four characters (or fewer: the end of it). */
    last4: z
      .string()
      .trim()
      .max(4, 'must be at most the last 4 characters')
      .regex(/^[A-Za-z0-9]*$/, 'must be letters and digits from the end of the number')
      .optional(),
    status: z.enum(['all', 'active', 'disabled', 'expired']).default('all'),
    balance: z.enum(['any', 'remaining', 'spent']).default('any'),
    page: PAGE,
  }),
  'giftCards.get': z.strictObject({ websiteId: ID, id: ID }),
} satisfies Record<string, z.ZodType>

export type SellingAdminQueryResponses = {
  'promotions.list': PromotionPage
  'promotions.get': PromotionDetail
  'promotions.options': PromotionFormOptions
  'giftCards.list': GiftCardPage
  'giftCards.get': GiftCardDetail
}

export const SELLING_ADMIN_MUTATION_INPUTS = {
  /** Creates a promotion (no id) or saves one (id and the version that was opened). */
  'promotions.save': z
    .strictObject({ websiteId: ID, id: ID.optional(), version: EditVersionSchema.optional(), promotion: PromotionSchema })
    .refine((value) => value.id === undefined || value.version !== undefined, { path: ['version'], message: 'is required to save an existing promotion' }),
  'promotions.setActive': z.strictObject({ websiteId: ID, id: ID, version: EditVersionSchema, active: z.boolean() }),
  'giftCards.issue': z.strictObject({
    websiteId: ID,
    amount: positiveAmount.max(100_000, 'must be at most 100,000'),
    count: z.number().int('must be a whole number').min(1, 'must be at least 1').max(GIFT_CARD_BATCH_MAX, `must be at most ${GIFT_CARD_BATCH_MAX}`),
    expiresAt: dateText.optional(),
    recipientEmail: email.max(320).optional(),
    note: NOTE.optional(),
  }),
  'giftCards.adjust': z.strictObject({ websiteId: ID, id: ID, amount: signedAmount, note: NOTE.min(1, 'must say why the balance changes') }),
  'giftCards.setActive': z.strictObject({ websiteId: ID, id: ID, active: z.boolean(), note: NOTE.optional() }),
} satisfies Record<string, z.ZodType>

export type SellingAdminMutationResponses = {
  'promotions.save': PromotionDetail
  'promotions.setActive': PromotionDetail
  'giftCards.issue': GiftCardBatch
  'giftCards.adjust': GiftCardDetail
  'giftCards.setActive': GiftCardDetail
}
