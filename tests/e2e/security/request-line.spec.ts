import { expect, rawRequest, test } from './attack'

// The request line as an attacker writes it (issue 13): targets the layers of the server could read
// in different ways are refused with a 400 and a reason before anything routes them, and never
// answered with a 500, a redirect to another host or a page.

test('malformed percent-encoding is a 400 on pages, the API, images and Next’s files, never a 500', async ({ baseURL }) => {
  const targets = ['/%E0%A4%A', '/shop/%E0%A4%A', '/product/%FF', '/api/images/%E0%A4%A/x', '/api/query%E0', '/api/orders/%C0/document', '/_next/static/%E0%A4%A.js', '/images/%ZZ.png', '/%']
  for (const target of targets) {
    const answer = await rawRequest(baseURL!, 'GET', target)
    expect(answer.status, target).toBe(400)
    expect(answer.body, target).toBe('Bad request: the address has malformed percent-encoding.')
  }
  // The control: a well-formed encoded query still reaches its page.
  expect((await rawRequest(baseURL!, 'GET', '/shop?q=caf%C3%A9')).status).toBe(200)
})

test('the asterisk form, the absolute form, a fragment and control characters are refused, whatever the method', async ({ baseURL }) => {
  const cases: [string, string, RegExp][] = [
    ['OPTIONS', '*', /must be a path on this site/],
    ['GET', '*', /must be a path on this site/],
    ['GET', 'http://evil.example/shop', /must be a path on this site/],
    ['POST', 'http://evil.example/api/query', /must be a path on this site/],
    ['GET', '/shop#.css', /fragment/],
    ['POST', '/api/query#x', /fragment/],
    ['GET', '/shop%00.css', /control characters/],
    ['GET', '/api/images/%0d%0aSet-Cookie:x/y', /control characters/],
  ]
  for (const [method, target, reason] of cases) {
    const answer = await rawRequest(baseURL!, method, target)
    expect(answer.status, `${method} ${target}`).toBe(400)
    expect(answer.location, `${method} ${target}`).toBeUndefined()
    expect(answer.body, `${method} ${target}`).toMatch(reason)
  }
})

test('a request head above 16 KiB is refused, and a long hostile Accept-Encoding is read as no encoding at all', async ({ baseURL }) => {
  expect((await rawRequest(baseURL!, 'GET', '/', { 'x-padding': 'a'.repeat(17 * 1024) })).status).toBe(431)
  const hostile = await rawRequest(baseURL!, 'GET', '/', { 'accept-encoding': `br${' '.repeat(15_000)}x` })
  expect(hostile.status).toBe(200)
  expect(hostile.body).toContain('</html>')
})
