// The cart hint cookie (issue 28, performance.md P5): the cart lives in the tab's session storage,
// which the server never sees, so /cart and /checkout used to paint a blank box until the page's
// script had read it. The browser keeps this small cookie in step with its cart (src/client/cart/
// cart-hint.ts), and the server draws from it, at the first paint, the cart's empty state or a
// skeleton of its lines. It is a hint only: it carries counts, never a product or a price, and the
// tab's real cart replaces what it drew. Its value names its store (many stores may share an
// install and a browser), so another store's hint reads as no cart.

/** Its name over plain HTTP; over HTTPS it is `__Host-cart_hint` (Secure). */
export const CART_HINT = 'cart_hint'

/** How many lines the cart has and how many pieces in all. */
export type CartHint = { lines: number; pieces: number }

const VALUE = /^([1-9]\d{0,8})\.([1-9]\d{0,3})\.(\d{1,9})$/

/** The hint of a cart's lines (each with its total pieces); an empty cart gives none. */
export function cartHintOf(lines: readonly { totalQuantity: number }[]): CartHint | null {
  if (lines.length === 0) return null
  return { lines: lines.length, pieces: lines.reduce((sum, line) => sum + line.totalQuantity, 0) }
}

/** The cookie's value: `{store}.{lines}.{pieces}`. */
export function cartHintValue(storeId: number, hint: CartHint): string {
  return `${storeId}.${Math.min(hint.lines, 9999)}.${Math.min(Math.max(0, Math.floor(hint.pieces)), 999_999_999)}`
}

/**
 * What `document.cookie` is given to keep the hint: a cookie for the browser's session (the cart's
 * session storage does not outlive it either), or its removal when the cart is empty.
 */
export function cartHintCookie(storeId: number, hint: CartHint | null, secure: boolean): string {
  const name = secure ? `__Host-${CART_HINT}` : CART_HINT
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return hint ? `${name}=${cartHintValue(storeId, hint)}; ${attributes}` : `${name}=; Max-Age=0; ${attributes}`
}

/**
 * The hint for this store from a Cookie header or `document.cookie`, or null when there is none
 * (no cookie, a malformed one, another store's): the server then draws the empty cart.
 */
export function readCartHint(cookies: string | null | undefined, storeId: number): CartHint | null {
  if (!cookies) return null
  let found: CartHint | null = null
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const name = part.slice(0, separator).trim()
    if (name !== CART_HINT && name !== `__Host-${CART_HINT}`) continue
    const match = VALUE.exec(part.slice(separator + 1).trim())
    if (match && Number(match[1]) === storeId) found = { lines: Number(match[2]), pieces: Number(match[3]) }
  }
  return found
}
