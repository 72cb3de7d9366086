import type { AccountAddress, AccountPartner, AddressType } from './account-types'
import type { HomePageData, ProductListItem, Website } from './catalog-types'
import type { DecorationOptions, ListedDesign, SavedDesign } from './decoration-types'
import type { OrderAwaitingApprovalData, OrderData, OrderDetailData } from './order-types'

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
}

export type QueryKey = keyof QueryResponses

export const PRODUCT_LIST_SORTS = ['websiteSequence ASC', 'price ASC', 'price DESC', 'name ASC'] as const
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number]

export type ProductListQuery = { pageSize?: number; page?: number; sort?: ProductListSort }

export type QueryValues = {
  getWebsite: number | undefined
  getOrderExtraFields: undefined
  getFeaturedProducts: { filter?: { ids?: number[] } } | undefined
  getDeliveryMethods: undefined
  getPaymentMethods: undefined
  getTaxes: undefined
  getPromotions: undefined
  getProductList: ProductListQuery | undefined
  getOrderOptions: undefined
  getPartner: undefined
  getAddresses: { filter: { addressType?: AddressType; partnerUid: string } }
  getOrderId: undefined
  getOrders: { filter: { uid: string } }
  getOrderDetails: { id: number; accessToken?: string | null }
  getGiftCards: undefined
  getDecorationOptions: { productId: number; colorValueId: number | null }
  getDesign: { id: string }
  getDesigns: undefined
  getOrdersAwaitingApproval: undefined
}

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
