import type { OrderFieldAudience } from '../order-field-audience'
import { z } from './zod'
import type { AccountPartner } from '../account-types'
import { ADDRESS_TYPES, type AccountAddress } from './address'
import type { HomePageData, ProductListItem, Website } from '../catalog-types'
import type { DecorationOptions, ListedDesign, SavedDesign } from '../decoration-types'
import type { DecidedApprovalData, OrderAwaitingApprovalData, OrderData, OrderDetailData } from '../order-types'
import { DecorationOptionsValueSchema, DesignIdValueSchema } from './decoration'
import { idSchema, NoValueSchema } from './fields'
import { OrderDetailsQuerySchema, OrdersQuerySchema } from './orders'

// The JSON answers of POST /api/query per key (spec 7, design/domain.md "response shapes"), shared
// by the server registry that produces them and the browser client that reads them. Amounts are
// decimal dollars. Secrets (carrier and tax credentials, promo codes) never appear here.

/** The named server caches (spec 7's `cache` values); POST /api/cache/invalidate takes one. */
export const CACHE_NAMES = [
  'Website',
  'OrderExtraFields',
  'FeaturedProducts',
  'DeliveryMethods',
  'ProductList',
  'HomePage',
  'PaymentMethods',
  'Promotions',
  'Taxes',
  'Products',
  'ContentPages',
  'OrderOptions',
  'Redirects',
] as const
export type CacheName = (typeof CACHE_NAMES)[number]

export type OrderExtraField = {
  id: number
  name: string
  label: string
  fieldType: 'text' | 'textarea' | 'select' | 'checkbox' | 'date'
  isRequired: boolean
  options: string[]
  placeholder: string | null
  sequence: number
  /** Who is asked (issue 27): everyone, signed-in customers, or the customers of group `groupId`. */
  audience: OrderFieldAudience
  groupId: number | null
}

export type DeliveryVariable = 'weight' | 'volume' | 'wv' | 'price' | 'quantity'

export type DeliveryPriceRule = {
  id: number
  sequence: number
  variable: DeliveryVariable
  operator: '==' | '<=' | '<' | '>=' | '>'
  maxValue: number
  listBasePrice: number
  listPrice: number
  variableFactor: DeliveryVariable
}

export type DeliveryMethod = {
  id: number
  name: string
  description: string
  deliveryType: 'fixed' | 'base_on_rule' | 'usps' | 'ups_rubikx' | 'fedex_rubikx'
  price: number
  /** Percent added to the price. */
  margin: number
  freeOver: boolean
  /** The free-delivery threshold (spelled so in the spec). */
  amout: number
  priceRuleIds: DeliveryPriceRule[]
  sequence: number
}

/** `forGuests` false: only signed-in customers may pay with it (a method that bills the company). */
export type PaymentAcquirer = { id: number; name: string; provider: string; instructions: string; forGuests: boolean }

/** How tax is computed; keys and tokens stay on the server. */
export type PublicTaxCredential = {
  taxname: 'builtin' | 'custom' | 'avatax'
  documentrecording: boolean
  companycode: string
}

export type PromotionProgram = {
  id: number
  name: string
  rewardType: 'discount' | 'product' | 'free_shipping'
  promoApplicability: 'on_current_order' | 'on_next_order'
  promoCodeUsage: 'no_code_needed' | 'code_needed'
  ruleMinimumAmount: number
  ruleMinQuantity: number
  ruleProductIds: number[]
  dateFrom: string | null
  dateTo: string | null
  discountType: 'percentage' | 'fixed_amount' | null
  discountPercentage: number | null
  discountFixedAmount: number | null
  discountApplyOn: 'on_order' | 'cheapest_product' | 'specific_products' | null
  rewardProductId: number | null
  rewardProductQuantity: number
}

/** A gift card as its owner sees it (getGiftCards). */
export type GiftCardData = {
  id: number
  last4: string
  balance: number
  initialAmount: number
  expiresAt: string | null
  redeemedAt: string | null
}

/** A paid extra the shopper may add to an order (rush decoration, bagging …); price in dollars. */
export type OrderOption = { id: number; name: string; label: string; price: number }

export type QueryResponses = {
  getWebsite: { website: Website }
  getOrderExtraFields: { orderextrafields: OrderExtraField[] }
  getFeaturedProducts: { products: { products: ProductListItem[] } }
  getDeliveryMethods: { shippingmethods: { shippingmethod: DeliveryMethod[] } }
  getPaymentMethods: { paymentAcquirers: PaymentAcquirer[] }
  getTaxes: { taxcredential: PublicTaxCredential }
  getPromotions: { promotionPrograms: PromotionProgram[] }
  getProductList: { products: { products: ProductListItem[]; total: number } }
  getOrderOptions: { orderOptions: OrderOption[] }
  getPartner: { partner: AccountPartner }
  getAddresses: { addresses: AccountAddress[] }
  getOrderId: { orderSequence: string }
  getOrders: { orders: { orders: OrderData[] } }
  getOrderDetails: { order: OrderDetailData }
  getGiftCards: { giftCards: GiftCardData[] }
  getDecorationOptions: { decorationOptions: DecorationOptions }
  getDesign: { design: SavedDesign }
  getDesigns: { designs: ListedDesign[] }
  getOrdersAwaitingApproval: { orders: OrderAwaitingApprovalData[] }
  getDecidedApprovals: { orders: DecidedApprovalData[] }
}

export type QueryKey = keyof QueryResponses

export const PRODUCT_LIST_SORTS = ['websiteSequence ASC', 'price ASC', 'price DESC', 'name ASC'] as const
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number]

export const PRODUCT_LIST_MAX_PAGE_SIZE = 999

const ProductListValueSchema = z
  .strictObject({
    pageSize: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(PRODUCT_LIST_MAX_PAGE_SIZE, `must be at most ${PRODUCT_LIST_MAX_PAGE_SIZE}`)
      .default(PRODUCT_LIST_MAX_PAGE_SIZE),
    page: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'is too large').default(1),
    sort: z.enum(PRODUCT_LIST_SORTS, { error: `must be one of ${PRODUCT_LIST_SORTS.map((s) => `'${s}'`).join(', ')}` }).default('websiteSequence ASC'),
  })
  .optional()
  .transform((value) => value ?? { pageSize: PRODUCT_LIST_MAX_PAGE_SIZE, page: 1, sort: 'websiteSequence ASC' as const })

const FeaturedProductsValueSchema = z
  .strictObject({
    filter: z.strictObject({ ids: z.array(idSchema('product')).max(100, 'may list at most 100 ids').optional() }).optional(),
  })
  .optional()

const AddressesValueSchema = z.strictObject({
  filter: z.strictObject({
    addressType: z.enum(ADDRESS_TYPES, { error: "must be 'Billing' or 'Shipping'" }).optional(),
    partnerUid: z.string({ error: "is required: the signed-in partner's uid" }).uuid('must be a partner uid'),
  }),
})

/** The schema of each key's `value`: the server validates with it, the client's types are read from it. */
export const QUERY_INPUTS = {
  getWebsite: idSchema('website').optional(),
  getOrderExtraFields: NoValueSchema,
  getFeaturedProducts: FeaturedProductsValueSchema,
  getDeliveryMethods: NoValueSchema,
  getPaymentMethods: NoValueSchema,
  getTaxes: NoValueSchema,
  getPromotions: NoValueSchema,
  getProductList: ProductListValueSchema,
  getOrderOptions: NoValueSchema,
  getPartner: NoValueSchema,
  getAddresses: AddressesValueSchema,
  getOrderId: NoValueSchema,
  getOrders: OrdersQuerySchema,
  getOrderDetails: OrderDetailsQuerySchema,
  getGiftCards: NoValueSchema,
  getDecorationOptions: DecorationOptionsValueSchema,
  getDesign: DesignIdValueSchema,
  getDesigns: NoValueSchema,
  getOrdersAwaitingApproval: NoValueSchema,
  getDecidedApprovals: NoValueSchema,
} satisfies Record<QueryKey, z.ZodType>

/** What a client may send as each key's `value`. */
export type QueryValues = { [K in QueryKey]: z.input<(typeof QUERY_INPUTS)[K]> }
/** The value a handler receives, once parsed (defaults filled in). */
export type ParsedQueryValues = { [K in QueryKey]: z.output<(typeof QUERY_INPUTS)[K]> }

/** GET /api/homePage */
export type HomePageResponse = { data: HomePageData }

/**
 * Every error answer of the API: `error` for code, `statusCode`/`statusMessage` for clients that
 * read the status message (spec 7). The HTTP reason phrase carries the same message.
 */
export type ApiErrorBody = {
  error: { code: string; message: string; issues?: { path: string; message: string }[] }
  statusCode: number
  statusMessage: string
  /** What the client needs to recover, for some errors (createOrder's 409: { orderSummary }). */
  data?: Record<string, unknown>
}

/** POST /api/cache/invalidate {cache} */
export const CacheInvalidationSchema = z.object({
  cache: z.enum(CACHE_NAMES, { error: `must be one of ${CACHE_NAMES.join(', ')}` }),
})
