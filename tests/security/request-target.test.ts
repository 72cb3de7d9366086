import { describe, expect, test } from 'vitest'
import { targetRefusal } from '../../scripts/request-target.mjs'

// scripts/server.mjs judges every request target once, before the page gate, the page cache, the
// API dispatch or Next see it: what two of them could read differently is refused.
describe('a request target', () => {
  test.each(['/', '/shop', '/shop?color=Navy&q=%E0', '/%73hop', '/product/caf%C3%A9', '/api/query?key=getProductList', '/_next/static/chunks/app.js', '/me/orders'])(
    '%s is a plain path and goes on',
    (target) => expect(targetRefusal(target)).toBeNull(),
  )

  test.each([
    ['*', 'must be a path on this site'],
    ['http://evil.example/shop', 'must be a path on this site'],
    ['shop', 'must be a path on this site'],
    ['/shop#.css', 'fragment'],
    ['/me/orders#.css', 'fragment'],
    ['/_next/../shop', '"." or ".." segments'],
    ['/api/%2e%2e/shop', '"." or ".." segments'],
    ['/_next\\..\\shop', '"." or ".." segments'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    ['/api/images/%E0%A4%A/x', 'malformed percent-encoding'],
    ['/%', 'malformed percent-encoding'],
    ['/shop%00.css', 'control characters'],
    ['/x%0d%0aSet-Cookie:a', 'control characters'],
  ])('%s is refused: %s', (target, reason) => {
    expect(targetRefusal(target)).toMatch(/^Bad request: /)
    expect(targetRefusal(target)).toContain(reason)
  })
})
