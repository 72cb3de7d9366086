import { MUTATION_KEYS, POST_ENDPOINTS, QUERY_KEYS } from './api-surface'
import { type Account, type Answer, type Caller, expect, inBatches, raw, rawGet, test } from './attack'

// A fuzz pass over the API (issue 6, security.md 4.1/4.2, ASVS 5.0 2.2.1 and 15.3.5/15.3.6): every
// query and mutation key, and every field each reads, gets values of the wrong type, out-of-range
// and NaN-like numbers, deep nesting, huge strings, lists for objects, null, prototype keys,
// duplicate keys and unknown fields; every POST endpoint gets oversized, malformed and non-JSON
// bodies. Each answer must be a clean 4xx (the one error shape), never a 5xx and never a hang.

const KB = 1024
const MB = 1024 * KB

function nested(levels: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < levels; level++) value = { a: value }
  return value
}

/** Values no field of this API accepts as they are (except `null` where a field is optional). */
const BAD_VALUES: [string, unknown][] = [
  ['NaN as text', 'NaN'],
  ['Infinity as text', 'Infinity'],
  ['a number as text', '42'],
  ['an empty string', ''],
  ['a negative number', -1],
  ['zero', 0],
  ['a fraction', 0.5],
  ['a huge number', 1e308],
  ['a number past 2^53', 2 ** 53 + 2],
  ['a huge negative number', -1e308],
  ['true', true],
  ['null', null],
  ['an empty list', []],
  ['a list of mixed values', [1, 'two', null, {}]],
  ['an empty object', {}],
  ['an object posing as a list', { 0: 'a', length: 1 }],
  ['a __proto__ key', JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"}}')],
  ['a constructor.prototype key', { constructor: { prototype: { isAdmin: true } } }],
  ['an object nested 40 levels deep', nested(40)],
  ['text with control and bidi characters and markup', 'a\u0000b\u202e\u2028<script>alert(1)</script>'],
  ['an SQL fragment', "' OR '1'='1' --"],
  ['a 10 kB string', 'x'.repeat(10 * KB)],
]

const A_MEGABYTE = 'x'.repeat(MB)

type Finding = string

/** Checks an answer; returns what is wrong with it (nothing when it is a clean refusal). */
function refusalProblem(answer: Answer, { allowSuccess = false } = {}): string | null {
  if (answer.status >= 500) return `${answer.status} ${answer.text.slice(0, 160)}`
  if (answer.status < 400) return allowSuccess ? null : `accepted with ${answer.status}: ${answer.text.slice(0, 160)}`
  if (!/application\/json/.test(answer.headers['content-type'] ?? '')) return `${answer.status} without a JSON body`
  if (typeof answer.json?.error?.message !== 'string' || answer.json.error.message === '') return `${answer.status} without a message`
  if (answer.json.statusCode !== answer.status) return `${answer.status} with statusCode ${answer.json.statusCode}`
  return null
}

type Probe = { label: string; send: () => Promise<Answer>; allowSuccess?: boolean; expectStatus?: number }

async function runProbes(probes: Probe[]): Promise<Finding[]> {
  const findings = await inBatches(
    probes.map((probe) => async () => {
      const answer = await probe.send()
      if (probe.expectStatus !== undefined && answer.status !== probe.expectStatus) return `${probe.label}: expected ${probe.expectStatus}, got ${answer.status} ${answer.text.slice(0, 160)}`
      const problem = refusalProblem(answer, { allowSuccess: probe.allowSuccess })
      return problem ? `${probe.label}: ${problem}` : null
    }),
  )
  return findings.filter((finding): finding is string => finding !== null)
}

/** A plausible value for each query key, so each field can be attacked alone. */
function queryBase(key: string, account: Account): Record<string, unknown> | number | undefined {
  switch (key) {
    case 'getWebsite':
      return 1
    case 'getFeaturedProducts':
      return { filter: { ids: [1] } }
    case 'getProductList':
      return { pageSize: 10, page: 1, sort: 'name ASC' }
    case 'getAddresses':
      return { filter: { addressType: 'Shipping', partnerUid: account.uid } }
    case 'getOrders':
      return { filter: { uid: account.uid } }
    case 'getOrderDetails':
      return { id: 1, accessToken: 'not-the-access-token' }
    default:
      return undefined
  }
}

const ADDRESS = { name: 'Fuzz Tester', street: '1600 Wynkoop St', city: 'Denver', zip: '80202', countryId: 1, stateId: 6 }

/**
 * A body for each mutation key that would be refused anyway (an unknown order reference, a wrong
 * current password, a missing address) or is harmless, so no variant can change anything that
 * matters, and each field can be attacked alone.
 */
function mutationBase(key: string, account: Account): Record<string, unknown> {
  switch (key) {
    case 'addAddress':
      return { address: ADDRESS, type: 'Shipping', partnerUid: account.uid }
    case 'deleteAddress':
      return { id: 2_147_483_000, partnerUid: account.uid }
    case 'updatePassword':
      return { currentPassword: 'certainly not the current password', newPassword: 'a brand new long passphrase' }
    case 'createOrder':
      return {
        billingaddress: { ...ADDRESS, email: account.email },
        shippingaddress: null,
        products: [{ productId: 1, colorId: 32, logoId: 3, quantity: { M: 1 } }],
        aquirerId: 2,
        partnername: 'Fuzz Tester',
        partneremail: account.email,
        orderSequence: 'S99999999',
        orderExtraFields: { cost_center: '4100-220', department: 'Survey' },
        deliveryMethodId: 1,
        expectedTotal: 1,
      }
    case 'redeemGiftCard':
      return { gcNumber: 'NOT-A-REAL-CARD-0000' }
    case 'orderPayment':
      return { acquirerId: 1, orderId: 2_147_483_000 }
    default:
      return {}
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

test.describe('the query API', () => {
  for (const key of Object.keys(QUERY_KEYS)) {
    test(`${key} answers every malformed value with a clean 4xx`, async ({ attack }) => {
      const fuzzer = await attack.callerAs('fuzzer')
      const account = fuzzer.account!
      const base = queryBase(key, account)
      const takesNoValue = QUERY_KEYS[key]!.length === 0 && key !== 'getWebsite'
      const probes: Probe[] = []

      // An empty object asks for the defaults (and smuggles nothing); a key that takes no value also reads null as none.
      const meansNothing = (value: unknown) => (isObject(value) && Object.keys(value).length === 0) || (takesNoValue && value === null)
      for (const [label, value] of BAD_VALUES) {
        probes.push({ label: `value = ${label}`, send: () => fuzzer.query(key, value), allowSuccess: meansNothing(value) })
      }
      if (isObject(base)) {
        for (const field of QUERY_KEYS[key]!) {
          for (const [label, value] of BAD_VALUES) {
            probes.push({ label: `value.${field} = ${label}`, send: () => fuzzer.query(key, { ...base, [field]: value }), allowSuccess: meansNothing(value) })
          }
        }
      }
      const withUnknownField = isObject(base) ? { ...base, isAdmin: true } : { isAdmin: true }
      probes.push(
        { label: 'an unknown field', send: () => fuzzer.query(key, withUnknownField), expectStatus: 400 },
        { label: 'a 1 MB value', send: () => fuzzer.query(key, A_MEGABYTE), expectStatus: 413 },
        { label: 'a value nested 10,000 levels deep', send: () => fuzzer.post('/api/query', raw(`{"key":"${key}","value":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)), expectStatus: 400 },
        { label: 'the key given twice', send: () => fuzzer.post('/api/query', raw(`{"key":"${key}","key":"getPartner"}`)), expectStatus: 400 },
        { label: 'a field given twice inside the value', send: () => fuzzer.post('/api/query', raw(`{"key":"${key}","value":{"page":1,"page":2}}`)), expectStatus: 400 },
      )
      expect(await runProbes(probes)).toEqual([])
    })
  }

  test('an unknown or inherited key name, or a key that is not text, is refused with 400', async ({ attack }) => {
    const fuzzer = await attack.callerAs('fuzzer')
    const probes: Probe[] = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'getPartner ', 'GETPARTNER', 'x'.repeat(101)].map((key) => ({
      label: `key ${JSON.stringify(key.slice(0, 20))}`,
      send: () => fuzzer.query(key),
      expectStatus: 400,
    }))
    for (const [label, value] of BAD_VALUES) probes.push({ label: `key = ${label}`, send: () => fuzzer.post('/api/query', { key: value }), expectStatus: 400 })
    expect(await runProbes(probes)).toEqual([])
  })
})

test.describe('the mutation API', () => {
  for (const key of Object.keys(MUTATION_KEYS)) {
    test(`${key} answers every malformed field with a clean 4xx and changes nothing`, async ({ attack }) => {
      const fuzzer = await attack.callerAs('fuzzer')
      const account = fuzzer.account!
      const base = mutationBase(key, account)
      const before = await snapshot(fuzzer, account)
      const probes: Probe[] = []

      for (const field of MUTATION_KEYS[key]!) {
        for (const [label, value] of BAD_VALUES) probes.push({ label: `${field} = ${label}`, send: () => fuzzer.mutate(key, { ...base, [field]: value }) })
      }
      for (const [label, value] of BAD_VALUES) probes.push({ label: `an unknown field = ${label}`, send: () => fuzzer.mutate(key, { ...base, isAdmin: value }), expectStatus: 400 })
      const rest = JSON.stringify(base).slice(1, -1)
      const more = rest ? `,${rest}` : ''
      probes.push(
        { label: 'a top-level __proto__', send: () => fuzzer.post('/api/mutation', raw(`{"key":"${key}"${more},"__proto__":{"isAdmin":true}}`)), expectStatus: 400 },
        { label: 'a top-level constructor', send: () => fuzzer.post('/api/mutation', raw(`{"key":"${key}"${more},"constructor":{"prototype":{"isAdmin":true}}}`)), expectStatus: 400 },
        { label: 'the key given twice', send: () => fuzzer.post('/api/mutation', raw(`{"key":"${key}","key":"logout"${more}}`)), expectStatus: 400 },
        { label: 'a mass-assigned partnerId', send: () => fuzzer.mutate(key, { ...base, partnerId: 1 }), expectStatus: 400 },
        { label: 'a mass-assigned role', send: () => fuzzer.mutate(key, { ...base, role: 'admin' }), expectStatus: 400 },
        { label: 'a 1 MB field', send: () => fuzzer.mutate(key, { ...base, [MUTATION_KEYS[key]![0] ?? 'note']: A_MEGABYTE }), expectStatus: 413 },
        { label: 'a field nested 10,000 levels deep', send: () => fuzzer.post('/api/mutation', raw(`{"key":"${key}","x":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`)), expectStatus: 400 },
      )
      expect(await runProbes(probes)).toEqual([])
      expect(await snapshot(fuzzer, account), 'the account after the fuzz pass').toEqual(before)
    })
  }

  test('an unknown or inherited mutation key, or a key that is not text, is refused with 400', async ({ attack }) => {
    const fuzzer = await attack.callerAs('fuzzer')
    const probes: Probe[] = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'deleteEverything', 'createorder', 'x'.repeat(101)].map((key) => ({
      label: `key ${JSON.stringify(key.slice(0, 20))}`,
      send: () => fuzzer.mutate(key),
      expectStatus: 400,
    }))
    for (const [label, value] of BAD_VALUES) probes.push({ label: `key = ${label}`, send: () => fuzzer.post('/api/mutation', { key: value }), expectStatus: 400 })
    expect(await runProbes(probes)).toEqual([])
  })
})

const MALFORMED_BODIES: [string, string][] = [
  ['cut short', '{"key":'],
  ['with unquoted names', '{key: "getTaxes"}'],
  ['with single quotes', "{'key':'getTaxes'}"],
  ['with a trailing comma', '{"key":"getTaxes",}'],
  ['NaN', 'NaN'],
  ['a list', '[{"key":"getTaxes"}]'],
  ['a string', '"getTaxes"'],
  ['null', 'null'],
  ['a number', '42'],
  ['empty', ''],
  ['only whitespace', ' \n\t '],
  ['followed by garbage', '{"key":"getTaxes"} trailing'],
  ['with a NUL byte', '{"key":"get\u0000Taxes"}'],
  ['with a comment', '{"key":"getTaxes" /* hi */}'],
  ['with a field given twice', '{"key":"getTaxes","key":"getPartner"}'],
  ['nested 400 levels deep', `{"a":${'['.repeat(400)}${']'.repeat(400)}}`],
]

const WRONG_CONTENT_TYPES: [string, string | null, string][] = [
  ['text/plain', 'text/plain', '{"key":"getTaxes"}'],
  ['a form', 'application/x-www-form-urlencoded', 'key=getTaxes'],
  ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\ngetTaxes\r\n--x--\r\n'],
  ['XML', 'application/xml', '<key>getTaxes</key>'],
  ['no content type', null, '{"key":"getTaxes"}'],
]

test.describe('every POST endpoint', () => {
  for (const endpoint of POST_ENDPOINTS) {
    test(`${endpoint.path} refuses oversized, malformed and non-JSON bodies and malformed fields without a 5xx`, async ({ attack }) => {
      const fuzzer = await attack.caller('anonymous-fuzzer')
      const reads = endpoint.body === 'json'
      const probes: Probe[] = [
        // A body the route never reads is dropped unread; one it reads over 64 kB is a 413.
        { label: 'a 2 MB body', send: () => fuzzer.post(endpoint.path, raw(JSON.stringify({ pad: 'x'.repeat(2 * MB) }))), expectStatus: reads ? 413 : undefined, allowSuccess: !reads },
      ]
      for (const [label, body] of MALFORMED_BODIES) {
        probes.push({ label: `a body ${label}`, send: () => fuzzer.post(endpoint.path, raw(body)), expectStatus: reads ? 400 : undefined, allowSuccess: !reads })
      }
      for (const [label, contentType, body] of WRONG_CONTENT_TYPES) {
        probes.push({ label: `a body sent as ${label}`, send: () => fuzzer.post(endpoint.path, raw(body, contentType)), expectStatus: reads ? 415 : undefined, allowSuccess: !reads })
      }
      // Field by field: never a 5xx; a refusal is clean (some endpoints take any text, e.g. a log line).
      for (const field of endpoint.fields) {
        for (const [label, value] of BAD_VALUES) {
          probes.push({ label: `${field} = ${label}`, send: () => fuzzer.post(endpoint.path, { [field]: value }), allowSuccess: true })
        }
      }
      expect(await runProbes(probes)).toEqual([])
    })
  }

  test('image and document addresses cannot climb out of their folders or name an order loosely', async ({ attack }) => {
    const paths = [
      '/api/images/../../../etc/passwd',
      '/api/images/..%2F..%2F..%2Fetc/original/passwd',
      '/api/images/%2e%2e/%2e%2e/package.json',
      '/api/images/stores/..%5C..%5C.env/original/x.png',
      '/api/images/stores/original/%2e%2e',
      '/api/images/%00/original/x.png',
      '/api/images/stores/original/..\\..\\.env',
      '/api/orders/1%2F..%2F2/document',
      '/api/orders/-1/document',
      '/api/orders/1e3/document',
      '/api/orders/0x1/document',
      '/api/orders/99999999999999999999/document',
    ]
    for (const path of paths) {
      // Sent as typed: whatever the server makes of it, nothing outside the image folder comes back.
      const answer = await rawGet(attack.baseURL, path)
      expect(answer.status, path).toBeGreaterThanOrEqual(300)
      expect(answer.status, path).toBeLessThan(500)
      if (answer.location) expect(answer.location, path).toMatch(/^\/(?![/\\])/)
      expect(answer.body, path).not.toMatch(/root:x:|"dependencies"|SESSION_SECRET|DATABASE_URL/)
    }
  })

  test('a deeply nested body is refused at once rather than parsed for seconds', async ({ attack }) => {
    const fuzzer = await attack.caller('anonymous-fuzzer')
    const deep = `{"key":"getTaxes","value":${'['.repeat(32_000)}${']'.repeat(32_000)}}`
    const answers = await Promise.all(Array.from({ length: 8 }, () => fuzzer.post('/api/query', raw(deep))))
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect(answer.json.error.message).toBe('The request body is nested more than 64 levels deep.')
    }
    expect(Math.max(...answers.map((answer) => answer.ms)), 'the slowest of 8 concurrent answers (ms)').toBeLessThan(1000)
  })
})

/** What the fuzzer's account holds: profile, addresses, orders, gift cards, its cart. */
async function snapshot(caller: Caller, account: Account) {
  const [partner, addresses, orders, giftCards, cart] = await Promise.all([
    caller.query('getPartner'),
    caller.query('getAddresses', { filter: { partnerUid: account.uid } }),
    caller.query('getOrders', { filter: { uid: account.uid } }),
    caller.query('getGiftCards'),
    caller.post('/api/user/cart', { partnerId: account.id }),
  ])
  return { partner: partner.json, addresses: addresses.json, orders: orders.json, giftCards: giftCards.json, cart: cart.json }
}


// Issue 13, item 7: PostgreSQL cannot store a NUL character (22021) nor a lone surrogate's escape
// in JSON (22P05), and JSON carries both. Every string of every body — values at any depth and
// field names — is checked where the body is parsed: a 400 naming the field, never a 500.
const UNSTORABLE_TEXT: [string, (text: string) => string][] = [
  ['a NUL character', (text) => `${text}\u0000`],
  ['a lone surrogate', (text) => `${text}\ud800`],
]

/** The path of every string in `value` (`address.street`, `products.0.quantity.M`). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((inner, index) => stringPaths(inner, [...path, String(index)]))
  if (isObject(value)) return Object.entries(value).flatMap(([name, inner]) => stringPaths(inner, [...path, name]))
  return []
}

function withStringAt(value: unknown, path: string[], change: (text: string) => string): unknown {
  if (path.length === 0) return change(value as string)
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((inner, index) => (String(index) === head ? withStringAt(inner, rest, change) : inner))
  return { ...(value as Record<string, unknown>), [head!]: withStringAt((value as Record<string, unknown>)[head!], rest, change) }
}

/** A body for each JSON endpoint with a string in every field it reads, nested where the field is an object. */
function endpointBody(path: string, fields: readonly string[], account: Account): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(fields.map((field) => [field, 'text']))
  if ('address' in body) body.address = { ...ADDRESS, email: account.email }
  if ('items' in body) body.items = [{ productId: 1, colorId: 32, logoId: 3, quantity: { M: 1 }, designId: 'text' }]
  if (path === '/api/cart/summary') Object.assign(body, { promoCode: 'WELCOME10', orderOptions: ['gift wrap'], deliveryMethodId: 1, exemptForResale: false, useGiftCards: false })
  if (path === '/api/user/login') Object.assign(body, { login: account.email, password: 'not the password' })
  return body
}

test.describe('text the database cannot store', () => {
  test('a NUL character or a lone surrogate in any string of any API body is a 400 naming the field', async ({ attack }) => {
    const fuzzer = await attack.callerAs('fuzzer')
    const account = fuzzer.account!
    const bodies: { endpoint: string; body: Record<string, unknown> }[] = [
      ...Object.keys(QUERY_KEYS).map((key) => ({ endpoint: '/api/query', body: { key, value: queryBase(key, account) ?? null, cache: 'text' } })),
      ...Object.keys(MUTATION_KEYS).map((key) => ({
        endpoint: '/api/mutation',
        body: { key, ...Object.fromEntries(MUTATION_KEYS[key]!.map((field) => [field, 'text'])), ...mutationBase(key, account) },
      })),
      ...POST_ENDPOINTS.filter(({ body, path }) => body === 'json' && path !== '/api/query' && path !== '/api/mutation').map(({ path, fields }) => ({
        endpoint: path,
        body: endpointBody(path, fields, account),
      })),
    ]
    const probes: Probe[] = []
    const expectations = new Map<string, string>()
    for (const { endpoint, body } of bodies) {
      for (const path of stringPaths(body)) {
        for (const [label, change] of UNSTORABLE_TEXT) {
          const probeLabel = `${endpoint} ${String(body.key ?? '')} ${path.join('.')} with ${label}`
          expectations.set(probeLabel, path.join('.'))
          probes.push({ label: probeLabel, send: () => fuzzer.post(endpoint, withStringAt(body, path, change)), expectStatus: 400 })
        }
      }
      probes.push({ label: `${endpoint} ${String(body.key ?? '')} a field name with a NUL character`, send: () => fuzzer.post(endpoint, { ...body, 'no\u0000te': 'x' }), expectStatus: 400 })
      expectations.set(`${endpoint} ${String(body.key ?? '')} a field name with a NUL character`, 'no\\u0000te')
    }
    const findings = await inBatches(
      probes.map((probe) => async () => {
        const answer = await probe.send()
        if (answer.status !== 400) return `${probe.label}: expected 400, got ${answer.status} ${answer.text.slice(0, 160)}`
        const field = expectations.get(probe.label)!
        const message = `The field ${field} contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.`
        return answer.json?.error?.message === message ? null : `${probe.label}: ${answer.text.slice(0, 200)}`
      }),
    )
    expect(probes.length).toBeGreaterThan(300)
    expect(findings.filter(Boolean)).toEqual([])
  })

  test('the same in a GET query’s value, and in addresses, is a clean 4xx', async ({ attack }) => {
    const fuzzer = await attack.caller('anonymous-fuzzer')
    for (const [label, change] of UNSTORABLE_TEXT) {
      const value = encodeURIComponent(JSON.stringify({ sort: change('name ASC') }))
      const answer = await fuzzer.get(`/api/query?key=getProductList&value=${value}`)
      expect(answer.status, label).toBe(400)
      expect(answer.json.error.message, label).toBe('The field value.sort contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.')
    }
    // (A malformed percent-encoding such as %ED%A0%80 — a surrogate's UTF-8 bytes — is item 9's, in scripts/server.mjs.)
    for (const path of ['/product/%00', '/product/cap%00', '/editor?product=%00', '/api/orders/1/document?access_token=%00', '/about%00', '/api/images/stores/original/%00.png']) {
      const answer = await rawGet(attack.baseURL, path)
      expect(answer.status, path).toBeGreaterThanOrEqual(300)
      expect(answer.status, path).toBeLessThan(500)
    }
  })
})
