import { afterEach, expect, test } from 'vitest'
import { readCartHint } from '@/isomorphic/cart-hint'
import { clearCart, type NewCartLine, useCartStore } from '@/client/stores/cart-store'
import { keepCartHint } from './cart-hint'

/** A document whose cookie jar keeps name=value pairs as a browser does (Max-Age=0 removes). */
function fakeDocument(protocol = 'http:') {
  const jar = new Map<string, string>()
  const written: string[] = []
  return {
    written,
    location: { protocol },
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(cookie: string) {
      written.push(cookie)
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/Max-Age=0/.test(cookie)) jar.delete(name)
      else jar.set(name, value)
    },
  }
}

const polo: NewCartLine = {
  productId: 7,
  name: 'Polo',
  slug: 'polo',
  templateSkuCode: 'P-1',
  color: null,
  logo: null,
  quantity: { M: 2, L: 1 },
  unitPrices: { M: 20, L: 20 },
}

afterEach(() => {
  clearCart()
})

test("the hint follows the tab's cart: written when a line is added, removed when the cart is emptied", () => {
  const doc = fakeDocument()
  const stop = keepCartHint(doc, 3)
  expect(doc.written).toEqual([])
  useCartStore.getState().addLine(polo)
  expect(readCartHint(doc.cookie, 3)).toEqual({ lines: 1, pieces: 3 })
  useCartStore.getState().addLine({ ...polo, productId: 8, quantity: { S: 5 } })
  expect(readCartHint(doc.cookie, 3)).toEqual({ lines: 2, pieces: 8 })
  clearCart()
  expect(doc.cookie).toBe('')
  stop()
  useCartStore.getState().addLine(polo)
  expect(doc.cookie).toBe('')
})

test('a cart already in the tab is hinted at once, and an unchanged hint is not written again', () => {
  useCartStore.getState().addLine(polo)
  const doc = fakeDocument('https:')
  const stop = keepCartHint(doc, 3)
  expect(doc.written).toEqual(['__Host-cart_hint=3.1.3; Path=/; SameSite=Lax; Secure'])
  useCartStore.getState().updateLine(useCartStore.getState().orderLines[0]!.key, { M: 2, L: 1 })
  expect(doc.written).toHaveLength(1)
  stop()
})
