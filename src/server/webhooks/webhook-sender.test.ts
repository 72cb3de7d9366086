import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RETRY_SCHEDULE_MS, retryDelayMs } from './webhook-dispatcher'
import { OUTBOUND_REFUSED, OUTBOUND_UNREACHABLE } from '../adapters/outbound'
import { WEBHOOK_EXCERPT_CHARS, webhookSender } from './webhook-sender'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string }

describe('sending one webhook to a real local receiver', () => {
  let server: Server
  let base: string
  const seen: Seen[] = []
  const answers = new Map<string, (response: ServerResponse) => void>()

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
        const answer = answers.get(request.url ?? '')
        if (answer) answer(response)
        else response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  // A local receiver: the setting a private install would turn on (ALLOW_PRIVATE_OUTBOUND).
  const send = webhookSender({ policy: { allowPrivate: true }, timeoutMs: 2000 })

  test('POSTs the body as JSON with the given headers and answers the status and an excerpt', async () => {
    answers.set('/ok', (response) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(5000)))
    const result = await send({ url: `${base}/ok`, headers: { 'Webhook-Id': 'evt_1' }, body: '{"a":1}' })
    expect(result).toEqual({ status: 200, excerpt: 'x'.repeat(WEBHOOK_EXCERPT_CHARS), error: null })
    const request = seen.find((entry) => entry.url === '/ok')!
    expect(request).toMatchObject({ method: 'POST', body: '{"a":1}' })
    expect(request.headers).toMatchObject({ 'webhook-id': 'evt_1', 'content-type': 'application/json' })
  })

  test('a redirect is an answer like any other: it is not followed', async () => {
    answers.set('/moved', (response) => response.writeHead(307, { Location: `${base}/elsewhere` }).end())
    const result = await send({ url: `${base}/moved`, headers: {}, body: '{}' })
    expect(result.status).toBe(307)
    expect(seen.some((entry) => entry.url === '/elsewhere')).toBe(false)
  })

  test('a receiver that does not answer in time is a failed call, told as every unreachable one is', async () => {
    answers.set('/silent', () => {})
    const result = await webhookSender({ policy: { allowPrivate: true }, timeoutMs: 150 })({ url: `${base}/silent`, headers: {}, body: '{}' })
    expect(result).toEqual({ status: null, excerpt: null, error: OUTBOUND_UNREACHABLE })
  })

  test('a refused connection is a failed call, not a throw, and reads like a silent receiver', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await send({ url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}' })
    expect(result).toEqual({ status: null, excerpt: null, error: OUTBOUND_UNREACHABLE })
  })

  test('without ALLOW_PRIVATE_OUTBOUND, this machine and private networks are refused before any connection', async () => {
    const count = seen.length
    const strict = webhookSender({ policy: { allowPrivate: false }, timeoutMs: 2000, resolve: async () => [{ address: '10.0.0.7', family: 4 }] })
    expect(await strict({ url: `${base}/ok`, headers: {}, body: '{}' })).toEqual({ status: null, excerpt: null, error: `refused: ${OUTBOUND_REFUSED}` })
    expect((await strict({ url: 'https://hooks.example.test/', headers: {}, body: '{}' })).error).toBe(`refused: ${OUTBOUND_REFUSED}`)
    const unresolvable = webhookSender({ policy: { allowPrivate: false }, resolve: () => Promise.reject(new Error('ENOTFOUND hooks.example.test')) })
    expect((await unresolvable({ url: 'https://hooks.example.test/', headers: {}, body: '{}' })).error).toBe(OUTBOUND_UNREACHABLE)
    // One public and one private address: refused too (a rebinding name may answer either).
    const mixed = webhookSender({ policy: { allowPrivate: true }, resolve: async () => [{ address: '93.184.215.14', family: 4 }, { address: '169.254.169.254', family: 4 }] })
    expect((await mixed({ url: 'https://hooks.example.test/', headers: {}, body: '{}' })).error).toBe(`refused: ${OUTBOUND_REFUSED}`)
    expect(seen.length).toBe(count)
  })
})

describe('the retry schedule', () => {
  test('waits 1 min, 5 min, 30 min, 2 h, 8 h and 24 h after the failed attempts, then gives up', () => {
    const middle = () => 0.5
    expect([1, 2, 3, 4, 5, 6].map((failed) => retryDelayMs(failed, middle))).toEqual([...RETRY_SCHEDULE_MS])
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 60_000)).toEqual([1, 5, 30, 120, 480, 1440])
    expect(retryDelayMs(7, middle)).toBeNull()
  })

  test('each wait moves by at most 10 % either way (jitter)', () => {
    expect(retryDelayMs(1, () => 0)).toBe(54_000)
    expect(retryDelayMs(1, () => 0.999_999)).toBe(66_000)
    expect(retryDelayMs(6, () => 0)).toBe(0.9 * 24 * 3_600_000)
  })
})
