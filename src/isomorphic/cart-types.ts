import type { PostalAddress } from './contract/address'
import type { DecoratorPartnerAddress, ProductImage } from './catalog-types'
import type { CartLineDesign } from './decoration-types'

// The JSON shapes of the cart API (/api/user/cart, /api/cart/summary), shared by the server that
// produces them and the browser that reads them. Amounts are decimals in dollars; every amount is
// computed by the server from the database.

/** What the browser sends for one line: ids and whole pieces per size, never a price. */
export type CartItemData = {
  productId: number
  colorId: number | null
  logoId: number | null
  /** A saved design (saveDesign) decorating the line; absent for undesigned lines. */
  designId?: string | null
  /** Size name → pieces. */
  quantity: Record<string, number>
}

/** One cart line as the server priced it (spec 3, cart order line). */
export type PricedCartLineData = {
  /** Product, colour and logo: `${productId}:${colorId ?? 0}:${logoId ?? 0}`, then `:${designId}` for a designed line. */
  key: string
  productId: number
  name: string
  slug: string
  templateSkuCode: string
  taxCode: string
  /** Shipping weight of the whole line in pounds. */
  weight: number
  color: { id: number; name: string; htmlColor: string | null } | null
  logo: {
    id: number
    name: string
    logoInitialPro: string | null
    decorationMethod: string
    decoratorPartnerId: DecoratorPartnerAddress
  } | null
  quantity: Record<string, number>
  totalQuantity: number
  /** Size → unit price in dollars. */
  unitPrices: Record<string, number>
  /** Size → product variant id. */
  variantIds: Record<string, number>
  priceTotal: number
  image: ProductImage | null
  /** A designed line (issue 7): its design, whose per-unit price is in unitPrices and set-up in priceTotal. */
  designId?: string | null
  design?: CartLineDesign | null
  /** The product's next quantity break within reach (issue 27): this many more pieces of the product bring the line's lowest unit price to `unitPrice`. */
  nextBreak?: { morePieces: number; unitPrice: number } | null
}

/** A line the server could not price any more (unpublished product, size no longer offered …). */
export type DroppedCartLine = { key: string; productId: number; message: string }

/** A signed-in partner's cart as /api/user/cart answers it. */
export type SavedCartData = {
  partnerId: number
  revision: number
  lines: PricedCartLineData[]
  dropped: DroppedCartLine[]
}

export type OrderSummaryData = {
  subTotal: number
  taxes: number
  totalPrice: number
  shipping: number
  freeShipping: boolean
  promotion: number
  giftCardAmount: number
  estimatedTotal: number
  budgetAmount: number | null
}

export type DeliveryOptionData = {
  id: number
  name: string
  deliveryType: string
  /** Null when the method cannot deliver this order (see error). */
  price: number | null
  free: boolean
  error: string | null
  /** The store's words about the method, shown under its name; empty: none. */
  description: string
  /** When the order arrives with this method (production then transit, business days); null: not known. */
  arrival: { earliest: string; latest: string } | null
}

/** The destination of an estimate, as the cart page's form sends it (codes of the website's countries). */
export type CartAddressData = Omit<PostalAddress, 'name'>

/** A product a promotion adds to the order for free ("Free pocket notebooks with orders of $75 or more"). */
export type FreeItemData = { productId: number; name: string; quantity: number }

export type CartSummaryData = {
  lines: PricedCartLineData[]
  /** What the promotions add for free, shown before the order is placed (known once an address is given). */
  freeItems?: FreeItemData[]
  dropped: DroppedCartLine[]
  orderSummary: OrderSummaryData
  deliveryMethods: DeliveryOptionData[]
  /** The chosen method, when it could be priced. */
  deliveryMethodId: number | null
  taxError?: string
  /** The production time of the cart (its slowest product), in business days; null: the store states none. */
  leadTime: { minDays: number; maxDays: number } | null
}
