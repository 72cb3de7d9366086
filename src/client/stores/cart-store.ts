import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { DecoratorPartnerAddress, ProductImage } from '@/isomorphic/catalog-types'
import type { DesignSummary } from '@/isomorphic/decoration-types'
import { useCheckoutStore } from './checkout-store'
import { persistIn } from './persistence'

/** Size name → pieces (or → unit price in dollars, for unitPrices). */
export type PerSize = Record<string, number>

export type CartLineColor = { id: number; name: string; htmlColor?: string | null }

export type CartLineLogo = {
  id: number
  name: string
  logoInitialPro?: string | null
  decorationMethod?: string
  /** The decoration partner, whose address is the line's origin ZIP for carriers (spec 5). */
  decoratorPartnerId?: DecoratorPartnerAddress
}

/** Where a line ships to; ids resolve against the website's shipping countries. */
export type LineShippingAddress = {
  zip: string
  street: string
  city: string
  stateId: number | null
  countryId: number | null
  state: string
  country: string
}

/**
 * One product in one colour with one logo (and, from the editor, one saved design), ordered as a size grid. The optional fields are the
 * spec's order-line fields (section 3), filled in when the cart is priced and turned into an order.
 */
export type CartLine = {
  /** Identity in the cart: product, colour, logo and design. */
  key: string
  productId: number
  name: string
  slug: string
  templateSkuCode: string
  color: CartLineColor | null
  logo: CartLineLogo | null
  quantity: PerSize
  totalQuantity: number
  unitPrices: PerSize
  /** Size name → product variant id, so the server can price the line from ids alone. */
  variantIds?: PerSize
  /** The saved design (saveDesign) the line is decorated with; lines with different designs never merge. */
  designId?: string | null
  /** Its mockups and placements, for the cart page. */
  design?: DesignSummary | null
  image?: ProductImage | null
  id?: number
  priceTotal?: number
  taxCode?: string
  weight?: number
  shippingAddress?: { partnerIds: LineShippingAddress[] }
}

export type NewCartLine = Omit<CartLine, 'key' | 'totalQuantity'>

/**
 * The server copy of a signed-in partner's cart (/api/user/cart): its revision and the lines it held
 * then (the base a 409 merge compares this tab's changes against).
 */
export type SavedCart = { partnerId: number; revision: number; items?: { key: string; quantity: PerSize }[] }

export type CartExtraOption = { id: number; name: string; label: string; price: number }

export type CartData = {
  isLoading: boolean
  cart: SavedCart | null
  orderLines: CartLine[]
  /** Lines the store adds to an order besides the products (a promotion's free product …). */
  cartAdditionalOrderLine: CartLine[]
  /** The order options the shopper picked. */
  cartExtraOptions: CartExtraOption[]
  /** The order options on offer (getOrderOptions). */
  orderOptions: CartExtraOption[]
}

export type CartState = CartData & {
  addLine: (line: NewCartLine) => void
  updateLine: (key: string, quantity: PerSize) => void
  removeLine: (key: string) => void
}

export const initialCartState: CartData = {
  isLoading: false,
  cart: null,
  orderLines: [],
  cartAdditionalOrderLine: [],
  cartExtraOptions: [],
  orderOptions: [],
}

/** `product:colour:logo`, with `:designId` appended for a designed line (0 stands for none). */
export function cartLineKey(line: Pick<CartLine, 'productId' | 'color' | 'logo' | 'designId'>): string {
  const key = `${line.productId}:${line.color?.id ?? 0}:${line.logo?.id ?? 0}`
  return line.designId ? `${key}:${line.designId}` : key
}

/** Whole positive pieces per size; anything else is dropped. */
export function cleanQuantities(quantity: PerSize): PerSize {
  const clean: PerSize = {}
  for (const [size, pieces] of Object.entries(quantity)) {
    const whole = Math.floor(pieces)
    if (Number.isFinite(whole) && whole > 0) clean[size] = whole
  }
  return clean
}

function totalOf(quantity: PerSize): number {
  return Object.values(quantity).reduce((sum, pieces) => sum + pieces, 0)
}

function addQuantities(a: PerSize, b: PerSize): PerSize {
  const sum: PerSize = { ...a }
  for (const [size, pieces] of Object.entries(b)) sum[size] = (sum[size] ?? 0) + pieces
  return sum
}

/** Adding the same product, colour and logo again adds its pieces to the existing line. */
export function withLineAdded(lines: CartLine[], line: NewCartLine): CartLine[] {
  const key = cartLineKey(line)
  const added = cleanQuantities(line.quantity)
  if (totalOf(added) === 0) return lines
  const existing = lines.find((candidate) => candidate.key === key)
  if (!existing) return [...lines, { ...line, key, quantity: added, totalQuantity: totalOf(added) }]
  const quantity = addQuantities(existing.quantity, added)
  return lines.map((candidate) =>
    candidate.key === key
      ? {
          ...candidate,
          ...line,
          key,
          quantity,
          totalQuantity: totalOf(quantity),
          unitPrices: { ...candidate.unitPrices, ...line.unitPrices },
          variantIds: { ...candidate.variantIds, ...line.variantIds },
        }
      : candidate,
  )
}

/** Sets a line's pieces per size; a line left with none is removed. */
export function withLineQuantities(lines: CartLine[], key: string, quantity: PerSize): CartLine[] {
  const clean = cleanQuantities(quantity)
  const total = totalOf(clean)
  if (total === 0) return lines.filter((line) => line.key !== key)
  return lines.map((line) => (line.key === key ? { ...line, quantity: clean, totalQuantity: total } : line))
}

// Spec 3: cart state lives in session storage. isLoading is transient.
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...initialCartState,
      addLine: (line) => set((state) => ({ orderLines: withLineAdded(state.orderLines, line) })),
      updateLine: (key, quantity) => set((state) => ({ orderLines: withLineQuantities(state.orderLines, key, quantity) })),
      removeLine: (key) => set((state) => ({ orderLines: state.orderLines.filter((line) => line.key !== key) })),
    }),
    persistIn<CartState, Omit<CartData, 'isLoading'>>('session', 'cart', (state) => ({
      cart: state.cart,
      orderLines: state.orderLines,
      cartAdditionalOrderLine: state.cartAdditionalOrderLine,
      cartExtraOptions: state.cartExtraOptions,
      orderOptions: state.orderOptions,
    })),
  ),
)

/**
 * Spec 4, cart clear (after an order or quotation): resets the checkout state (with its summary and
 * payment), the order lines, the additional lines and the chosen extra options. The server cart's
 * identity and the options on offer stay.
 */
export function clearCart(): void {
  useCartStore.setState({ orderLines: [], cartAdditionalOrderLine: [], cartExtraOptions: [] })
  useCheckoutStore.getState().reset()
}

/** Pieces in the cart, for the header's cart link. */
export function cartCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalQuantity, 0)
}

export function useCartCount(): number {
  return useCartStore((state) => cartCount(state.orderLines))
}
