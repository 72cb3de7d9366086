import type { PricedCartLineData, SavedCartData } from '@/isomorphic/cart-types'
import { cartItemsOf, mergeAfterConflict, mergeAtSignIn, sameQuantities } from './cart-sync-merge'
import { notify } from './notify'
import { type CartData, type CartLine, useCartStore } from './stores/cart-store'
import { useUserStore } from './stores/user-store'

// Keeps a signed-in partner's cart on the server (spec 3, decision 010). Everyone's cart lives in
// session storage; while signed in, every change is saved to /api/user/cart after a short pause,
// with the revision it was based on. A 409 (another tab saved first) carries the server's cart:
// the two are merged (this tab's changed lines win) and saved again. At sign-in the anonymous cart
// joins the saved one.

export type CartSyncOptions = {
  fetch?: typeof fetch
  baseURL?: string
  debounceMs?: number
  /** Attempts per save when other tabs keep saving first. */
  maxAttempts?: number
}

type CartAnswer = { status: number; cart: SavedCartData | null; message: string | null }

/**
 * A server line in the browser's line shape; what only the browser knows (ship-to split) is kept, and
 * so is the line's design unless the server describes it itself.
 */
export function lineFromServer(data: PricedCartLineData, local?: CartLine): CartLine {
  const design = local?.designId ? { designId: local.designId, design: local.design ?? null } : {}
  return { ...design, ...data, ...(local?.shippingAddress ? { shippingAddress: local.shippingAddress } : {}) }
}

const baseOf = (lines: readonly { key: string; quantity: Record<string, number> }[]) =>
  lines.map((line) => ({ key: line.key, quantity: { ...line.quantity } }))

type Keyed = { key: string; quantity: Record<string, number> }

function sameLines(a: readonly Keyed[], b: readonly Keyed[]): boolean {
  return a.length === b.length && a.every((line, index) => line.key === b[index]!.key && sameQuantities(line.quantity, b[index]!.quantity))
}

export function createCartSync({ fetch: fetchFn = globalThis.fetch, baseURL = '', debounceMs = 600, maxAttempts = 4 }: CartSyncOptions = {}) {
  let timer: ReturnType<typeof setTimeout> | null = null
  let inFlight: Promise<void> | null = null
  let again = false
  // A change not yet sent to the server.
  let dirty = false
  // Lines the sync itself writes must not schedule another save.
  let applying = false

  const signedInPartnerId = (): number | null => {
    const { isAuthenticated, user } = useUserStore.getState()
    return isAuthenticated && user ? user.id : null
  }

  function apply(update: Partial<Pick<CartData, 'cart' | 'orderLines'>>) {
    applying = true
    try {
      useCartStore.setState(update)
    } finally {
      applying = false
    }
  }

  async function post(body: Record<string, unknown>, keepalive = false): Promise<CartAnswer> {
    const response = await fetchFn(`${baseURL}/api/user/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      keepalive,
    })
    const payload = (await response.json().catch(() => null)) as {
      data?: { cart?: SavedCartData }
      error?: { message?: string }
    } | null
    return { status: response.status, cart: payload?.data?.cart ?? null, message: payload?.error?.message ?? null }
  }

  function tellDropped(cart: SavedCartData) {
    for (const dropped of cart.dropped) notify.error(dropped.message)
  }

  /** The server's answer to what this tab sent: its priced lines replace ours unless we changed them meanwhile. */
  function accept(cart: SavedCartData, sent: CartLine[]) {
    if (signedInPartnerId() !== cart.partnerId) return
    const { orderLines } = useCartStore.getState()
    const saved = { partnerId: cart.partnerId, revision: cart.revision, items: baseOf(cart.lines) }
    if (sameLines(orderLines, sent)) {
      const localByKey = new Map(orderLines.map((line) => [line.key, line]))
      apply({ cart: saved, orderLines: cart.lines.map((line) => lineFromServer(line, localByKey.get(line.key))) })
    } else {
      apply({ cart: saved })
    }
    tellDropped(cart)
  }

  async function saveNow(): Promise<void> {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const partnerId = signedInPartnerId()
      if (partnerId === null) return
      const { orderLines, cart } = useCartStore.getState()
      const revision = cart?.partnerId === partnerId ? cart.revision : 0
      const sent = orderLines
      dirty = false
      const answer = await post({ partnerId, items: cartItemsOf(sent), revision })
      if (answer.status === 200 && answer.cart) {
        accept(answer.cart, sent)
        return
      }
      if (answer.status === 409 && answer.cart && signedInPartnerId() === partnerId) {
        const theirs = answer.cart.lines.map((line) => lineFromServer(line))
        const base = cart?.partnerId === partnerId ? (cart.items ?? []) : []
        const merged = mergeAfterConflict(useCartStore.getState().orderLines, base, theirs)
        apply({ orderLines: merged, cart: { partnerId, revision: answer.cart.revision, items: baseOf(answer.cart.lines) } })
        continue
      }
      if (answer.status === 401) return
      throw new Error(answer.message ?? `The cart could not be saved (HTTP ${answer.status}).`)
    }
    throw new Error('The cart kept changing in another window; it will be saved with the next change.')
  }

  /** Saves a change not yet sent now (or right after the save under way), whatever the debounce. */
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
    if (!dirty && !inFlight) return
    if (inFlight) {
      again = true
      return inFlight
    }
    inFlight = saveNow()
      .catch((error: unknown) => {
        // Still unsaved: the next change (or the page going away) sends it again.
        dirty = true
        console.error('Could not save the cart:', error)
      })
      .finally(() => {
        inFlight = null
      })
    await inFlight
    if (again && dirty) {
      again = false
      await flush()
    }
    again = false
  }

  function schedule() {
    if (signedInPartnerId() === null) return
    dirty = true
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => void flush(), debounceMs)
  }

  /**
   * After sign-in (once the partner is loaded): the saved cart is read, and the anonymous lines this
   * tab holds are added to it and saved.
   */
  async function mergeAtSignInFor(partnerId: number): Promise<void> {
    try {
      const answer = await post({ partnerId })
      if (answer.status !== 200 || !answer.cart) throw new Error(answer.message ?? `HTTP ${answer.status}`)
      if (signedInPartnerId() !== partnerId) return
      const server = answer.cart
      const { orderLines, cart } = useCartStore.getState()
      // Lines already tied to this partner (a reload mid-session) are not anonymous.
      const anonymous = cart?.partnerId === partnerId ? [] : orderLines
      const saved = { partnerId, revision: server.revision, items: baseOf(server.lines) }
      const serverLines = server.lines.map((line) => lineFromServer(line))
      tellDropped(server)
      if (anonymous.length === 0) {
        apply({ cart: saved, orderLines: cart?.partnerId === partnerId ? orderLines : serverLines })
        if (cart?.partnerId === partnerId && !sameLines(orderLines, serverLines)) {
          dirty = true
          await flush()
        }
        return
      }
      apply({ cart: saved, orderLines: mergeAtSignIn(serverLines, anonymous) })
      dirty = true
      await flush()
    } catch (error) {
      console.error('Could not load the saved cart:', error)
    }
  }

  /** Starts saving the cart's changes while signed in; returns the stop. */
  function start(): () => void {
    const unsubscribe = useCartStore.subscribe((state, previous) => {
      if (!applying && state.orderLines !== previous.orderLines) schedule()
    })
    const onPageHide = () => {
      // A change still waiting for its pause is sent as the page goes away.
      if (!timer) return
      clearTimeout(timer)
      timer = null
      const partnerId = signedInPartnerId()
      const { orderLines, cart } = useCartStore.getState()
      if (partnerId === null || !dirty) return
      void post({ partnerId, items: cartItemsOf(orderLines), revision: cart?.partnerId === partnerId ? cart.revision : 0 }, true).catch(() => undefined)
    }
    if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide)
    // A page that went away before its save finished left lines the server has not seen.
    const partnerId = signedInPartnerId()
    const { orderLines, cart } = useCartStore.getState()
    if (partnerId !== null && cart?.partnerId === partnerId && !sameLines(orderLines, cart.items ?? [])) schedule()
    return () => {
      unsubscribe()
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide)
      if (timer) clearTimeout(timer)
      timer = null
    }
  }

  return { start, flush, schedule, mergeAtSignIn: mergeAtSignInFor }
}

export type CartSync = ReturnType<typeof createCartSync>

let browserSync: CartSync | null = null

/** The browser's one cart sync, started on first use (nothing happens outside a browser). */
export function cartSync(): CartSync | null {
  if (typeof window === 'undefined') return null
  if (!browserSync) {
    browserSync = createCartSync()
    browserSync.start()
  }
  return browserSync
}

/** Sign-in hook (auth-actions): joins the anonymous cart to the partner's saved one. */
export function mergeCartAtSignIn(partnerId: number): Promise<void> {
  return cartSync()?.mergeAtSignIn(partnerId) ?? Promise.resolve()
}

// Every page that can touch the session or the cart loads this module; in a browser it starts
// the sync at once, so a signed-in partner's changes are saved from any page.
if (typeof window !== 'undefined') cartSync()
