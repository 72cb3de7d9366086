import type { DaySpan } from '@/isomorphic/business-days'
import type { PostalAddress } from '@/isomorphic/contract/address'
import type { Cents } from './money'

// The shapes the pricing parts hand each other (decision 010): the cart prices lines from the
// database, delivery quotes each method for those lines and a destination, tax computes on lines
// plus the chosen shipping. Money is integer cents; weights are pounds.

/** A postal address the carriers and tax services understand (codes, not ids). */
export type { PostalAddress }

/** One cart line as the server priced it, with what delivery and tax need to know. */
export type PricedLine = {
  /** Product, colour and logo (and `:${designId}` for a designed line): the cart's line key. */
  key: string
  productId: number
  name: string
  templateSkuCode: string
  /** Avalara tax code of the product (PC040100 unless the product says otherwise). */
  taxCode: string
  /** Size → pieces. */
  quantity: Record<string, number>
  totalQuantity: number
  /** Sum of the variants' prices × pieces, from the database. */
  amount: Cents
  /** Total shipping weight of the line in pounds. */
  weight: number
  /** Where the decorated goods ship from: the logo's decoration partner; null when unknown. */
  origin: PostalAddress | null
}

/** What a delivery method costs for an order, or why it cannot deliver it. */
export type DeliveryQuote = {
  methodId: number
  name: string
  deliveryType: 'fixed' | 'base_on_rule' | 'usps' | 'ups_rubikx' | 'fedex_rubikx'
  /** After margin and free-over; null when the method cannot deliver (see `error`). */
  amount: Cents | null
  /** True when free-over made it free. */
  free: boolean
  error: string | null
  /** What the shopper reads under the method's name (the store's words). */
  description: string
  /** Business days in transit: the carrier's answer, else the method's setting; null: unknown. */
  transit: DaySpan | null
}

export type TaxResult = {
  /** Total tax on the products and (where taxable) the shipping, rounded to cents. */
  amount: Cents
  /** The part of `amount` on shipping. */
  shippingAmount: Cents
  source: 'builtin' | 'custom' | 'avatax' | 'exempt'
}
