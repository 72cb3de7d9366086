import { checkoutApi } from '../checkout/checkout-api'
import type { PlacedOrder } from '../checkout/order-contract'

// /me/orders draws its list once the orders are read; the read used to wait for the section's code
// to arrive and mount (a round trip each, one after the other). The account area starts it as it
// opens, beside that code, and the list takes the answer (P5: the page's largest paint is the list).

export type OrdersAnswer = { orders: { orders: PlacedOrder[] } }

/** An answer started this long ago or more is not taken: the list reads again. */
export const EARLY_READ_KEPT_MS = 10_000

type EarlyRead = { uid: string; at: number; answer: Promise<OrdersAnswer> }

export function createOrdersReader(read: (uid: string) => Promise<OrdersAnswer>, now: () => number = Date.now) {
  let early: EarlyRead | null = null
  return {
    /** Starts reading the partner's orders ahead of the list that shows them. */
    readEarly(uid: string): void {
      if (early?.uid === uid && now() - early.at < EARLY_READ_KEPT_MS) return
      const answer = read(uid)
      // Whoever takes it sees a failure; one nobody takes is not an unhandled rejection.
      answer.catch(() => undefined)
      early = { uid, at: now(), answer }
    },
    /** The read started early for this partner, taken once and while fresh; otherwise a new read. */
    read(uid: string): Promise<OrdersAnswer> {
      const taken = early
      early = null
      if (taken && taken.uid === uid && now() - taken.at < EARLY_READ_KEPT_MS) return taken.answer
      return read(uid)
    },
  }
}

/** The browser's reader: getOrders through the checkout's API client. */
export const ordersReader = createOrdersReader((uid) => checkoutApi.getOrders(uid))
