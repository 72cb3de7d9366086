import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'

// reCAPTCHA v3 verification against a real HTTP server that speaks Google's siteverify contract
// (external-apis.md §5): form-encoded POST of secret, response and remoteip; a JSON answer with
// success, score, action, hostname and error-codes.

type Answer = { status?: number; body?: string; json?: unknown; hang?: boolean }
type Received = { method: string; contentType: string | undefined; form: URLSearchParams }

const SECRET = 'test-recaptcha-secret'
const HUMAN = { success: true, score: 0.9, action: 'login', challenge_ts: '2026-01-05T14:02:11Z', hostname: 'shop.example.com' }

let server: Server
let verifyUrl: string
let answer: Answer
let received: Received[]

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ method: request.method ?? '', contentType: request.headers['content-type'], form: new URLSearchParams(body) })
      if (answer.hang) return // never answers: the adapter's timeout must end the wait
      response.writeHead(answer.status ?? 200, { 'Content-Type': answer.json === undefined ? 'text/html' : 'application/json' })
      response.end(answer.json === undefined ? (answer.body ?? '') : JSON.stringify(answer.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  answer = { json: HUMAN }
  received = []
})

/** The adapter as configured by these variables (env() is read once per module instance). */
async function adapter(variables: Record<string, string>) {
  vi.resetModules()
  for (const name of ['RECAPTCHA_SECRET_KEY', 'RECAPTCHA_VERIFY_URL', 'RECAPTCHA_MIN_SCORE', 'PUBLIC_ORIGIN']) vi.stubEnv(name, variables[name] ?? '')
  return import('./recaptcha')
}

const configured = () => adapter({ RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: verifyUrl, PUBLIC_ORIGIN: 'https://shop.example.com' })

async function expectRefused(check: Promise<void>) {
  const { HUMAN_CHECK_FAILED } = await import('./recaptcha')
  await expect(check).rejects.toMatchObject({ name: 'DomainError', code: 'forbidden', userMessage: HUMAN_CHECK_FAILED })
}

describe('human verification (reCAPTCHA v3)', () => {
  test('passes a human doing the expected action on our host, and asks siteverify the documented way', async () => {
    const { assertHuman } = await configured()
    await expect(assertHuman('login', 'token-from-the-browser', '203.0.113.9')).resolves.toBeUndefined()
    expect(received).toHaveLength(1)
    expect(received[0]!.method).toBe('POST')
    expect(received[0]!.contentType).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(received[0]!.form)).toEqual({ secret: SECRET, response: 'token-from-the-browser', remoteip: '203.0.113.9' })
  })

  test('refuses a token made for another action, even with success and a high score', async () => {
    answer = { json: { ...HUMAN, action: 'signup' } }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses a token solved on another host name', async () => {
    answer = { json: { ...HUMAN, hostname: 'evil.example' } }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses a score under the threshold, and passes one at it', async () => {
    const { assertHuman } = await adapter({
      RECAPTCHA_SECRET_KEY: SECRET,
      RECAPTCHA_VERIFY_URL: verifyUrl,
      PUBLIC_ORIGIN: 'https://shop.example.com',
      RECAPTCHA_MIN_SCORE: '0.7',
    })
    answer = { json: { ...HUMAN, score: 0.3 } }
    await expectRefused(assertHuman('login', 'token', null))
    answer = { json: { ...HUMAN, score: 0.7 } }
    await expect(assertHuman('login', 'token', null)).resolves.toBeUndefined()
    answer = { json: { success: true, action: 'login', hostname: 'shop.example.com' } }
    await expectRefused(assertHuman('login', 'token', null))
  })

  test("refuses a reused or expired token ('timeout-or-duplicate')", async () => {
    answer = { json: { success: false, 'error-codes': ['timeout-or-duplicate'] } }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses when siteverify answers 500', async () => {
    answer = { status: 500, json: { ...HUMAN } }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses when siteverify answers with something that is not JSON', async () => {
    answer = { body: '<html><body>Service Unavailable</body></html>' }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
    answer = { body: '{"success": true, "score": 0.9,' }
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses when siteverify does not answer in time', async () => {
    answer = { hang: true }
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', 'token', null))
  }, 20_000)

  test('refuses when siteverify cannot be reached', async () => {
    const { assertHuman } = await adapter({ RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' })
    await expectRefused(assertHuman('login', 'token', null))
  })

  test('refuses a missing token without asking siteverify', async () => {
    const { assertHuman } = await configured()
    await expectRefused(assertHuman('login', undefined, null))
    await expectRefused(assertHuman('login', '', null))
    expect(received).toHaveLength(0)
  })

  test('lets everything through, without any request, when no secret is configured', async () => {
    const { assertHuman, humanCheckEnabled } = await adapter({ RECAPTCHA_VERIFY_URL: verifyUrl })
    expect(humanCheckEnabled()).toBe(false)
    await expect(assertHuman('login', undefined, null)).resolves.toBeUndefined()
    expect(received).toHaveLength(0)
  })
})
