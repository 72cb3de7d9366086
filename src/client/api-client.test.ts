import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { ApiError, createApiClient, MUTATING_METHODS, RETRY_STATUS_CODES } from './api-client'

// A real local server: /status/{code} answers that status; every request is counted and kept.
let server: Server
let baseURL: string
const attempts = new Map<string, number>()
const received: { method: string; url: string; body: string; contentType: string | undefined }[] = []

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const key = `${request.method} ${request.url}`
      attempts.set(key, (attempts.get(key) ?? 0) + 1)
      received.push({ method: request.method!, url: request.url!, body, contentType: request.headers['content-type'] })
      const status = Number(/^\/status\/(\d+)/.exec(request.url ?? '')?.[1] ?? 200)
      if (request.url === '/plain-error') {
        response.writeHead(503, 'Store is closed for maintenance', { 'Content-Type': 'text/plain' })
        response.end('closed')
        return
      }
      if (status >= 400) {
        const message = `Failed with ${status}`
        response.writeHead(status, message, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ error: { code: 'invalid', message }, statusCode: status, statusMessage: message }))
        return
      }
      if (request.url === '/api/logs') {
        response.writeHead(204)
        response.end()
        return
      }
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ ok: true, url: request.url }))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  attempts.clear()
  received.length = 0
})

const countFor = (method: string, path: string) => attempts.get(`${method} ${path}`) ?? 0

describe('the retry rule', () => {
  test.each(RETRY_STATUS_CODES)('a GET answered %i is tried twice in all', async (status) => {
    const client = createApiClient({ baseURL })
    await expect(client.request(`/status/${status}`)).rejects.toBeInstanceOf(ApiError)
    expect(countFor('GET', `/status/${status}`)).toBe(2)
  })

  test.each([400, 401, 403, 404, 413, 422, 501])('a GET answered %i is not retried', async (status) => {
    const client = createApiClient({ baseURL })
    await expect(client.request(`/status/${status}`)).rejects.toBeInstanceOf(ApiError)
    expect(countFor('GET', `/status/${status}`)).toBe(1)
  })

  test.each(MUTATING_METHODS.flatMap((method) => RETRY_STATUS_CODES.map((status) => [method, status] as const)))(
    'a %s answered %i is never retried',
    async (method, status) => {
      const client = createApiClient({ baseURL })
      await expect(client.request(`/status/${status}`, { method, body: { a: 1 } })).rejects.toBeInstanceOf(ApiError)
      expect(countFor(method, `/status/${status}`)).toBe(1)
    },
  )

  test('a GET that fails to connect is tried twice, a POST once', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    let connections = 0
    closed.on('connection', (socket) => {
      connections += 1
      socket.destroy()
    })
    const client = createApiClient({ baseURL: `http://127.0.0.1:${port}` })
    await expect(client.request('/x')).rejects.toBeInstanceOf(ApiError)
    expect(connections).toBe(2)
    await expect(client.request('/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError)
    expect(connections).toBe(3)
    await new Promise((resolve) => closed.close(resolve))
  })
})

describe('the API calls', () => {
  test('query posts the key, and value and cache only when given', async () => {
    const client = createApiClient({ baseURL })
    await client.query('getProductList', { pageSize: 999, sort: 'websiteSequence ASC' })
    await client.query('getWebsite', 1, 'Website')
    await client.query('getTaxes')
    expect(received.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/query', { key: 'getProductList', value: { pageSize: 999, sort: 'websiteSequence ASC' } }],
      ['POST', '/api/query', { key: 'getWebsite', value: 1, cache: 'Website' }],
      ['POST', '/api/query', { key: 'getTaxes' }],
    ])
    expect(received[0]!.contentType).toBe('application/json')
  })

  test('mutation posts the key with the body fields', async () => {
    const client = createApiClient({ baseURL })
    await client.mutation('redeemGiftCard', { gcNumber: 'GC-1' })
    expect(JSON.parse(received[0]!.body)).toEqual({ gcNumber: 'GC-1', key: 'redeemGiftCard' })
  })

  test('getHomePage is a GET of /api/homePage', async () => {
    const client = createApiClient({ baseURL })
    expect(await client.getHomePage()).toEqual({ ok: true, url: '/api/homePage' })
    expect(received[0]!.method).toBe('GET')
  })

  test('postLog sends message and level and never rejects', async () => {
    const client = createApiClient({ baseURL })
    await client.postLog('Checkout failed to load', 'warn')
    expect(JSON.parse(received[0]!.body)).toEqual({ message: 'Checkout failed to load', level: 'warn' })
    const unreachable = createApiClient({ baseURL: 'http://127.0.0.1:1' })
    await expect(unreachable.postLog('lost')).resolves.toBeUndefined()
  })
})

describe('errors', () => {
  test("expose the server's status message, status and code", async () => {
    const client = createApiClient({ baseURL })
    const error = await client.request('/status/404').catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 404, statusMessage: 'Failed with 404', code: 'invalid', message: 'Failed with 404' })
  })

  test('fall back to the reason phrase when the body has no message', async () => {
    const client = createApiClient({ baseURL })
    const error = await client.request('/plain-error', { method: 'POST' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: 503, statusMessage: 'Store is closed for maintenance' })
  })

  test('have no status message when no server answered', async () => {
    const client = createApiClient({ baseURL: 'http://127.0.0.1:1' })
    const error = await client.request('/x', { method: 'POST' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ statusCode: null, statusMessage: null })
  })
})
