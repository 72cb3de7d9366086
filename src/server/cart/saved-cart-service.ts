import { and, eq } from 'drizzle-orm'
import type { SavedCartData } from '@/isomorphic/cart-types'
import { type CoreContext, requireShopper } from '../kernel/context'
import { type Executor, getDb } from '../db/client'
import { carts } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type CartItemInput, CartItemInputSchema, type CartRequest } from '@/isomorphic/contract/cart'
import { priceCartItemsLeniently } from './cart-pricing'

// A signed-in partner's cart on the server (spec 3, decision 010). Only the partner's own cart is
// served: another partner's id is "not found", whoever asks. Saves are optimistic: a save names the
// revision it was based on, and a save based on an older revision is refused with the current cart
// so the browser can merge and save again (two tabs never lose each other's lines).

export const CART_NOT_FOUND = 'Cart not found.'
export const CART_CHANGED = 'The cart was changed in another window; the changes were merged, please review them.'


export type CartAnswer = { status: 'ok'; cart: SavedCartData } | { status: 'conflict'; cart: SavedCartData }

// Items were validated when they were saved; a row written by an older version (or by hand) is
// read item by item, and what no longer reads is dropped rather than failing the cart.
function storedItems(raw: unknown[], partnerId: number): CartItemInput[] {
  const items: CartItemInput[] = []
  for (const entry of raw) {
    const parsed = CartItemInputSchema.safeParse(entry)
    if (parsed.success) items.push(parsed.data)
    else logger().warn({ partnerId }, 'a stored cart item does not read as a cart item; dropped')
  }
  return items
}

async function answerFor(db: Executor, websiteId: number, partnerId: number, revision: number, items: CartItemInput[]): Promise<SavedCartData> {
  const { priced, dropped } = await priceCartItemsLeniently(db, websiteId, items, { partnerId })
  return { partnerId, revision, lines: priced.map((entry) => entry.display), dropped }
}

async function currentCart(db: Executor, websiteId: number, partnerId: number): Promise<SavedCartData> {
  const [row] = await db.select({ items: carts.items, revision: carts.revision }).from(carts).where(eq(carts.partnerId, partnerId))
  if (!row) return { partnerId, revision: 0, lines: [], dropped: [] }
  return answerFor(db, websiteId, partnerId, row.revision, storedItems(row.items, partnerId))
}

/** Reads the partner's cart; a save when `items` is given (with the revision it was based on). */
export async function handleCartRequest(ctx: CoreContext, request: CartRequest): Promise<CartAnswer> {
  const principal = await requireShopper(ctx)
  // Another partner's cart is indistinguishable from no cart at all, and nothing is read or written.
  if (request.partnerId !== principal.partnerId) throw new DomainError('not_found', `partner ${principal.partnerId} asked for cart of ${request.partnerId}`, CART_NOT_FOUND)
  const db = await getDb()
  if (request.items === undefined) return { status: 'ok', cart: await currentCart(db, ctx.store.websiteId, principal.partnerId) }
  if (request.revision === undefined) throw new DomainError('invalid', 'Send the revision the saved cart is based on (0 for a new cart).')
  return saveCart(db, ctx.store.websiteId, principal.partnerId, request.items, request.revision)
}

/**
 * Saves the items when the stored cart is still at `revision` (or there is none and revision is 0);
 * lines that no longer price are left out and named. Otherwise answers the current cart as a conflict.
 */
export async function saveCart(db: Executor, websiteId: number, partnerId: number, items: CartItemInput[], revision: number): Promise<CartAnswer> {
  const { priced, kept, dropped } = await priceCartItemsLeniently(db, websiteId, items, { partnerId })
  const [updated] = await db
    .update(carts)
    .set({ items: kept, revision: revision + 1, updatedAt: new Date() })
    .where(and(eq(carts.partnerId, partnerId), eq(carts.revision, revision)))
    .returning({ revision: carts.revision })
  let saved = updated?.revision
  if (saved === undefined && revision === 0) {
    const [inserted] = await db
      .insert(carts)
      .values({ partnerId, items: kept, revision: 1 })
      .onConflictDoNothing({ target: carts.partnerId })
      .returning({ revision: carts.revision })
    saved = inserted?.revision
  }
  if (saved === undefined) return { status: 'conflict', cart: await currentCart(db, websiteId, partnerId) }
  return { status: 'ok', cart: { partnerId, revision: saved, lines: priced.map((entry) => entry.display), dropped } }
}
