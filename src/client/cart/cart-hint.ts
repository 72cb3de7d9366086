import { cartHintCookie, cartHintOf, cartHintValue, readCartHint } from '@/isomorphic/cart-hint'
import { useCartStore } from '@/client/stores/cart-store'

type CookieDocument = Pick<Document, 'cookie'> & { location: Pick<Location, 'protocol'> }

/**
 * Keeps the cart hint cookie (src/isomorphic/cart-hint.ts) in step with this tab's cart, from now
 * on: the server draws /cart and /checkout's first paint from it. Written only when the hint
 * changes (adding pieces to a line changes it, retyping the same quantity does not). Returns the
 * unsubscribe.
 */
export function keepCartHint(doc: CookieDocument, storeId: number): () => void {
  const secure = doc.location.protocol === 'https:'
  const write = () => {
    const hint = cartHintOf(useCartStore.getState().orderLines)
    const current = readCartHint(doc.cookie, storeId)
    if (hint === null ? current === null : current !== null && cartHintValue(storeId, current) === cartHintValue(storeId, hint)) return
    doc.cookie = cartHintCookie(storeId, hint, secure)
  }
  write()
  return useCartStore.subscribe((state, previous) => {
    if (state.orderLines !== previous.orderLines) write()
  })
}
