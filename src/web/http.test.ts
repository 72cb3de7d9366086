import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { encodePayload } from '@/server/api/encoded-payload'
import { DomainError } from '@/server/kernel/errors'
import { logger } from '@/server/kernel/logger'
import { assertSameOrigin, clientIp, CROSS_SITE_REFUSED, DISCARD_LIMIT_BYTES, errorResponse, HttpError, parseJson, payloadResponse, requestOrigin } from './http'

const post = (body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://store.test/api/query', { method: 'POST', body, headers })

describe('reading a JSON body', () => {
  test('gives the object', async () => {
    expect(await parseJson(post('{"key":"getTaxes"}'))).toEqual({ key: 'getTaxes' })
    expect(await parseJson(post('{}', { 'content-type': 'application/json; charset=utf-8' }))).toEqual({})
  })

  test('keeps a __proto__ field as plain data, never as the prototype', async () => {
    const parsed = await parseJson(post('{"__proto__":{"isAdmin":true},"key":"getTaxes"}'))
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect((parsed as { isAdmin?: unknown }).isAdmin).toBeUndefined()
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined()
  })

  test.each([
    ['not JSON', '{"key":', 'The request body is not valid JSON.'],
    ['an array', '[1,2]', 'The request body must be a JSON object.'],
    ['null', 'null', 'The request body must be a JSON object.'],
    ['a string', '"getTaxes"', 'The request body must be a JSON object.'],
    ['empty', '', 'The request body is empty; send a JSON object.'],
    ['a field given twice', '{"key":"addAddress","quantity":1,"quantity":5}', 'The request body has the field "quantity" more than once.'],
    ['a nested field given twice', '{"items":[{"quantity":{"M":1,"M":9}}]}', 'The request body has the field "M" more than once.'],
  ])('refuses a body that is %s with 400', async (_what, body, message) => {
    await expect(parseJson(post(body))).rejects.toMatchObject({ status: 400, message })
  })

  test('refuses a deeply nested body at once, before its parsing costs the square of its depth', async () => {
    const deep = (levels: number) => `{"items":${'['.repeat(levels)}${']'.repeat(levels)}}`
    expect(await parseJson(post(deep(60)))).toHaveProperty('items')
    // Refused at level 65 of 32,000: the parse stops there (BENCH_ONLY=timings npm run bench times it).
    await expect(parseJson(post(deep(32_000)))).rejects.toMatchObject({ status: 400, message: 'The request body is nested more than 64 levels deep.' })
  })

  test.each([
    ['a NUL character in a value', '{"key":"addAddress","address":{"street":"Main\\u0000St"}}', 'address.street'],
    ['a lone surrogate in a value', '{"promoCode":"WEL\\ud800"}', 'promoCode'],
    ['a lone low surrogate in a list', '{"items":[{"name":"ok"},{"name":"\\udc00"}]}', 'items.1.name'],
    ['a NUL character in a field name', '{"value":{"no\\u0000te":"x"}}', 'value.no\\u0000te'],
  ])('refuses a body with %s with 400 naming the field', async (_what, body, field) => {
    await expect(parseJson(post(body))).rejects.toMatchObject({
      status: 400,
      message: `The field ${field} contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.`,
    })
  })

  test('keeps text with characters PostgreSQL stores, surrogate pairs included', async () => {
    expect(await parseJson(post('{"name":"Zo\\u00eb \\ud83d\\ude00","note":"tab\\tand\\u0001"}'))).toEqual({ name: 'Zoë 😀', note: 'tab\tand\u0001' })
  })

  test('refuses other content types with 415', async () => {
    await expect(parseJson(post('{}', { 'content-type': 'text/plain' }))).rejects.toMatchObject({ status: 415 })
    await expect(parseJson(post('key=getTaxes', { 'content-type': 'application/x-www-form-urlencoded' }))).rejects.toMatchObject({ status: 415 })
    await expect(parseJson(post('{}', {}))).rejects.toMatchObject({ status: 415 })
  })

  test('refuses bodies over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(70 * 1024) })
    await expect(parseJson(post(big))).rejects.toMatchObject({ status: 413 })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const chunked = new Request('http://store.test/api/logs', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)
    await expect(parseJson(chunked, { maxBytes: 4096 })).rejects.toMatchObject({ status: 413, message: 'The request body is larger than 4 kB.' })
  })

  /** A body of `chunks` chunks of 64 kB (endless when undefined) that tells how far it was read. */
  function sentBody(chunks: number | undefined, contentLength?: number) {
    const seen = { sent: 0, finished: false, cancelled: false }
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks !== undefined && seen.sent === chunks) {
          seen.finished = true
          controller.close()
          return
        }
        seen.sent++
        controller.enqueue(chunk)
      },
      cancel() {
        seen.cancelled = true
      },
    })
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (contentLength !== undefined) headers['content-length'] = String(contentLength)
    const request = new Request('http://store.test/api/query', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
    return { request, seen }
  }

  test('reads a refused body to its end, so a client still sending it gets the 413 instead of a reset connection', async () => {
    const streamed = sentBody(32)
    await expect(parseJson(streamed.request, { maxBytes: 4096 })).rejects.toMatchObject({ status: 413 })
    expect(streamed.seen).toEqual({ sent: 32, finished: true, cancelled: false })

    const declared = sentBody(32, 32 * 64 * 1024)
    await expect(parseJson(declared.request, { maxBytes: 4096 })).rejects.toMatchObject({ status: 413 })
    expect(declared.seen).toMatchObject({ finished: true, cancelled: false })
  })

  test('cuts off a refused body past the discard limit instead of reading it all', async () => {
    const endless = sentBody(undefined)
    await expect(parseJson(endless.request, { maxBytes: 4096 })).rejects.toMatchObject({ status: 413 })
    expect(endless.seen.cancelled).toBe(true)
    expect(endless.seen.sent * 64 * 1024).toBeLessThanOrEqual(DISCARD_LIMIT_BYTES + 2 * 64 * 1024)

    const declaredHuge = sentBody(undefined, 4 * DISCARD_LIMIT_BYTES)
    await expect(parseJson(declaredHuge.request, { maxBytes: 4096 })).rejects.toMatchObject({ status: 413 })
    expect(declaredHuge.seen.cancelled).toBe(true)
    expect(declaredHuge.seen.sent).toBeLessThanOrEqual(2)
  })
})

describe('error answers', () => {
  async function read(response: Response) {
    return { status: response.status, statusText: response.statusText, body: await response.json() }
  }

  test('carry the message in the body and in the reason phrase', async () => {
    expect(await read(errorResponse(new DomainError('not_found', 'Website 9 not found', 'Website not found')))).toEqual({
      status: 404,
      statusText: 'Website not found',
      body: { error: { code: 'not_found', message: 'Website not found' }, statusCode: 404, statusMessage: 'Website not found' },
    })
  })

  test.each([
    ['invalid', 400],
    ['unauthorized', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['rate_limited', 429],
    ['unavailable', 503],
  ] as const)('map the domain code %s to %i', (code, status) => {
    expect(errorResponse(new DomainError(code, 'x')).status).toBe(status)
  })

  test('list zod issues readably with 400', async () => {
    const result = z.object({ level: z.enum(['info', 'warn']) }).safeParse({ level: 'loud' })
    const { status, body } = await read(errorResponse(result.error))
    expect(status).toBe(400)
    expect(body.error).toMatchObject({ code: 'invalid', message: expect.stringContaining('level'), issues: [{ path: 'level', message: expect.any(String) }] })
  })

  test('reveal nothing of an unexpected error, and log it', async () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined)
    const { status, statusText, body } = await read(errorResponse(new Error('relation "secret_table" does not exist')))
    expect(status).toBe(500)
    expect(statusText).toBe('Something went wrong. Please try again!')
    expect(JSON.stringify(body)).not.toContain('secret_table')
    expect(body.statusMessage).toBe('Something went wrong. Please try again!')
    expect(log).toHaveBeenCalledOnce()
    log.mockRestore()
  })

  test('answer 400 when the database refuses text it cannot store (22021, 22P05), wrapped or not', async () => {
    const log = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined)
    for (const code of ['22021', '22P05']) {
      const refused = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code, severity: 'ERROR' })
      for (const error of [refused, new Error('Failed query: insert …', { cause: refused })]) {
        const { status, body } = await read(errorResponse(error))
        expect(status).toBe(400)
        expect(body.error.message).toBe('The request contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.')
      }
    }
    log.mockRestore()
  })

  test('keep reason phrases to visible ASCII', () => {
    expect(errorResponse(new HttpError(400, 'invalid', 'Bad\r\nvalue “x”')).statusText).toBe('Bad  value  x')
  })
})

describe('prepared payload answers', () => {
  const payload = encodePayload({ products: Array.from({ length: 100 }, (_, id) => ({ id, name: `Polo ${id}` })) })

  test('send brotli, gzip or identity as accepted, with ETag and Vary', async () => {
    const br = await payloadResponse(new Request('http://s/x', { headers: { 'accept-encoding': 'gzip, br' } }), payload, { cacheControl: 'no-cache' })
    expect(br.headers.get('x-precompressed-encoding')).toBe('br')
    expect(br.headers.get('etag')).toBe(payload.etag)
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    const plain = await payloadResponse(new Request('http://s/x'), payload, { cacheControl: 'no-cache' })
    expect(plain.headers.get('x-precompressed-encoding')).toBeNull()
    expect(await plain.text()).toBe(payload.json)
  })

  test('answer 304 without a body when If-None-Match holds the ETag', async () => {
    const response = await payloadResponse(new Request('http://s/x', { headers: { 'if-none-match': payload.etag } }), payload, { cacheControl: 'no-cache' })
    expect(response.status).toBe(304)
    expect(await response.text()).toBe('')
    expect(response.headers.get('etag')).toBe(payload.etag)
  })
})

test("the client's address is the first forwarded one", () => {
  expect(clientIp(new Request('http://s/', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } }))).toBe('203.0.113.7')
  expect(clientIp(new Request('http://s/', { headers: { 'x-real-ip': '198.51.100.2' } }))).toBe('198.51.100.2')
  expect(clientIp(new Request('http://s/'))).toBeNull()
})

describe('the same-origin check with several stores on one install', () => {
  const change = (host: string, origin: string) =>
    new Request(`http://${host}/api/user/address`, { method: 'POST', headers: { host, origin, 'sec-fetch-site': 'same-site' } })

  test("lets each store's own pages post to it", () => {
    expect(() => assertSameOrigin(change('team.localhost:3000', 'http://team.localhost:3000'))).not.toThrow()
    expect(() => assertSameOrigin(change('localhost:3000', 'http://localhost:3000'))).not.toThrow()
  })

  test("refuses a post from another store's pages, though both are on one install", () => {
    expect(() => assertSameOrigin(change('localhost:3000', 'http://team.localhost:3000'))).toThrow(CROSS_SITE_REFUSED)
    expect(() => assertSameOrigin(change('team.localhost:3000', 'http://localhost:3000'))).toThrow(CROSS_SITE_REFUSED)
  })

  test("gives each store's own origin for what it links back to (single sign-on)", () => {
    expect(requestOrigin(change('Team.localhost:3000', 'http://team.localhost:3000'))).toBe('http://team.localhost:3000')
    expect(requestOrigin(new Request('http://club.example/x', { headers: { host: 'club.example', 'x-forwarded-proto': 'https' } }))).toBe('https://club.example')
  })
})
