import { expect, test } from 'vitest'
import { cartHintCookie, cartHintOf, readCartHint } from './cart-hint'

const polo = { totalQuantity: 12 }
const cap = { totalQuantity: 30 }

test('a cart is hinted by its number of lines and pieces; an empty cart by nothing', () => {
  expect(cartHintOf([polo, cap])).toEqual({ lines: 2, pieces: 42 })
  expect(cartHintOf([])).toBeNull()
})

test('the cookie the browser writes reads back as the same hint, for its own store only', () => {
  const [pair] = cartHintCookie(7, { lines: 2, pieces: 42 }, false).split(';')
  expect(pair).toBe('cart_hint=7.2.42')
  expect(readCartHint(`theme=dark; ${pair}`, 7)).toEqual({ lines: 2, pieces: 42 })
  expect(readCartHint(pair, 8)).toBeNull()
})

test('over HTTPS the cookie is host-only and secure, and is read under that name too', () => {
  const cookie = cartHintCookie(1, { lines: 1, pieces: 5 }, true)
  expect(cookie).toBe('__Host-cart_hint=1.1.5; Path=/; SameSite=Lax; Secure')
  expect(readCartHint(cookie.split(';')[0], 1)).toEqual({ lines: 1, pieces: 5 })
})

test('an emptied cart removes the cookie', () => {
  expect(cartHintCookie(1, null, false)).toBe('cart_hint=; Max-Age=0; Path=/; SameSite=Lax')
})

test('no cookie, a malformed one or an empty value reads as no cart', () => {
  expect(readCartHint(undefined, 1)).toBeNull()
  expect(readCartHint('', 1)).toBeNull()
  expect(readCartHint('cart_hint=', 1)).toBeNull()
  expect(readCartHint('cart_hint=1.0.0', 1)).toBeNull()
  expect(readCartHint('cart_hint=1.2', 1)).toBeNull()
  expect(readCartHint('cart_hint=1.2.3.4', 1)).toBeNull()
  expect(readCartHint('cart_hint=1.2.-3', 1)).toBeNull()
  expect(readCartHint('cart_hint=1.99999.3', 1)).toBeNull()
  expect(readCartHint('xcart_hint=1.2.3', 1)).toBeNull()
})

test('the counts are bounded so the cookie stays a few bytes', () => {
  const [pair] = cartHintCookie(123_456_789, { lines: 50_000, pieces: 5e12 }, false).split(';')
  expect(pair).toBe('cart_hint=123456789.9999.999999999')
  expect(readCartHint(pair, 123_456_789)).toEqual({ lines: 9999, pieces: 999_999_999 })
})
