// The security suite's fixture: callers that talk to the store's API the way an attacker would
// (own cookie jar, own forwarded address, every request bounded in time), a journal of every answer,
// and a scan of that journal after each test: no answer may carry a server secret, a password hash,
// a stack trace, or a token or address that belongs to another caller.
import { request as httpRequest } from 'node:http'
import { test as base, expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test'

type Playwright = PlaywrightWorkerArgs['playwright']
import { linkIn } from '../support/accounts'
import { rememberSecret } from '../support/server-logs.mjs'
import { MAIN_STORE_SESSION_SECRET } from '../support/session-secret.mjs'
import { MAILBOX, STORES, waitForMail } from '../support/stores'

/** Every request must be answered within this time: a hang is a failure, not a slow test. */
export const REQUEST_TIMEOUT_MS = 10_000

/** The mail catcher the store sends to (overridable for a store started by hand). */
const MAILBOX_URL = process.env.E2E_MAILBOX ?? MAILBOX

export type Answer = {
  status: number
  statusText: string
  headers: Record<string, string>
  /** All Set-Cookie lines (Playwright joins them with newlines in `headers`). */
  cookies: string[]
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as loose JSON in assertions
  json: any
  ms: number
}

const RAW = Symbol('raw body')
export type Raw = { [RAW]: true; body: string | Buffer; contentType: string | null }

/** A body sent as it is: `contentType` null sends none (default application/json). */
export function raw(body: string | Buffer, contentType: string | null = 'application/json'): Raw {
  return { [RAW]: true, body, contentType }
}
export type SendOptions = { headers?: Record<string, string>; bearer?: string | null; method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' }

type Entry = { caller: string; request: string; url: string; status: number; text: string }

// Never in any answer: a password hash, a private key, a stack trace or a database error.
const FORBIDDEN: [string, RegExp][] = [
  ['an argon2 password hash', /\$argon2(?:id|i|d)\$/],
  ['a password hash field', /"password_?hash"/i],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a stack trace', /(?:\n|\\n)\s+at [^\n]+?\((?:\/|file:|node:)[^)]*:\d+:\d+\)/],
  ['a source path', /\/(?:node_modules|\.next\/server)\//],
  ['a database error', /(?:syntax error at or near|violates (?:unique|foreign key|check) constraint|relation "[^"]+" does not exist)/i],
  ['a client secret field', /"client_?secret"\s*:/i],
]

const TEXTUAL = /json|text|html|xml|javascript/i

/** Every answer of a test, with the secrets each caller owns. */
export class Journal {
  readonly entries: Entry[] = []
  private readonly owned = new Map<string, string>()
  private readonly everywhereForbidden = new Set<string>([MAIN_STORE_SESSION_SECRET])

  record(entry: Entry) {
    this.entries.push(entry)
  }

  /** `value` belongs to `owner`: no answer to anyone else may contain it. */
  own(owner: string, value: string | null | undefined) {
    if (value && value.length >= 6) this.owned.set(value, owner)
  }

  /** `value` (a password, a server key) must never come back in any answer. */
  forbid(value: string) {
    this.everywhereForbidden.add(value)
  }

  /** Problems found in the answers so far (empty when clean). */
  leaks(): string[] {
    const problems: string[] = []
    for (const entry of this.entries) {
      const where = `${entry.caller}: ${entry.url} (${entry.status})`
      for (const [what, pattern] of FORBIDDEN) if (pattern.test(entry.text)) problems.push(`${where} contains ${what}`)
      for (const secret of this.everywhereForbidden) if (entry.text.includes(secret)) problems.push(`${where} contains a secret (${secret.slice(0, 4)}…)`)
      for (const [secret, owner] of this.owned) {
        // Echoing what the caller itself sent is no leak.
        if (owner !== entry.caller && entry.text.includes(secret) && !entry.request.includes(secret)) {
          problems.push(`${where} contains a secret of ${owner} (${secret.slice(0, 6)}…)`)
        }
      }
    }
    return problems
  }
}

let addressCounter = 0
/** A forwarded address no other caller of this run uses (TEST-NET-2), so per-address limits don't collide. */
export function freshAddress(): string {
  addressCounter += 1
  const salt = (process.pid * 7 + Date.now()) % 250
  return `198.51.${(salt + Math.floor(addressCounter / 250)) % 250}.${(addressCounter % 250) + 1}`
}

export type Account = { name: string; email: string; password: string; uid: string; id: number; token: string }

/** One party: its own cookie jar and forwarded address; every answer goes to the journal. */
export class Caller {
  /** Sent as the bearer token unless a request says otherwise (`bearer: null` sends none). */
  token: string | null = null
  /** The account it acts as, if any. */
  account: Account | null = null

  constructor(
    readonly name: string,
    private readonly context: APIRequestContext,
    private readonly journal: Journal,
    public ip: string,
  ) {}

  async send(path: string, body: unknown | Raw | undefined, options: SendOptions = {}): Promise<Answer> {
    const method = options.method ?? (body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers }
    const bearer = options.bearer === undefined ? this.token : options.bearer
    if (bearer) headers.authorization = `Bearer ${bearer}`
    let data: string | Buffer | undefined
    if (isRaw(body)) {
      data = body.body
      if (body.contentType !== null) headers['content-type'] = body.contentType
    } else if (body !== undefined) {
      data = JSON.stringify(body)
      headers['content-type'] ??= 'application/json'
    }
    const started = Date.now()
    const response = await this.context.fetch(path, { method, headers, data, timeout: REQUEST_TIMEOUT_MS, maxRedirects: 0, failOnStatusCode: false })
    const bytes = await response.body()
    const ms = Date.now() - started
    const responseHeaders = response.headers()
    const contentType = responseHeaders['content-type'] ?? ''
    const text = TEXTUAL.test(contentType) || contentType === '' ? bytes.toString('utf8') : ''
    const cookies = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .map((header) => header.value)
    let json: unknown = null
    if (/json/.test(contentType)) {
      try {
        json = JSON.parse(text)
      } catch {
        json = null
      }
    }
    const requestText = typeof data === 'string' ? data : ''
    rememberSecretsOf(headers, requestText, { json, cookies })
    this.journal.record({ caller: this.name, request: `${path}\n${requestText}\n${JSON.stringify(headers)}`, url: `${method} ${path.slice(0, 120)}`, status: response.status(), text: `${JSON.stringify(responseHeaders)}\n${text}` })
    return { status: response.status(), statusText: response.statusText(), headers: responseHeaders, cookies, text, json, ms }
  }

  /** `value` is this caller's secret: no answer to anyone else may contain it. */
  own(value: string) {
    this.journal.own(this.name, value)
  }

  post(path: string, body: unknown | Raw = {}, options: SendOptions = {}) {
    return this.send(path, body, { ...options, method: 'POST' })
  }

  get(path: string, options: SendOptions = {}) {
    return this.send(path, undefined, { ...options, method: 'GET' })
  }

  query(key: string, value?: unknown, options: SendOptions = {}) {
    return this.post('/api/query', value === undefined ? { key } : { key, value }, options)
  }

  mutate(key: string, fields: Record<string, unknown> = {}, options: SendOptions = {}) {
    return this.post('/api/mutation', { key, ...fields }, options)
  }
}

function isRaw(body: unknown): body is Raw {
  return typeof body === 'object' && body !== null && RAW in body
}

const SECRET_FIELDS = new Set(['password', 'currentPassword', 'newPassword', 'token', 'access_token', 'accessToken'])
const SECRET_COOKIES = /^(?:__Host-|__Secure-)?(?:session|sso-flow|admin_session|admin_device)=([^;]+)/

/** The console's (issue 15): a webhook's signing secret or a TOTP secret answered once, recovery codes. */
const CONSOLE_SECRET_FIELDS = new Set(['secret', 'totpSecret', 'recoveryCodes'])

/** The values of password and token fields anywhere in a JSON value. */
function secretFields(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 8 || typeof value !== 'object' || value === null) return found
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_FIELDS.has(key) && typeof inner === 'string') found.push(inner)
    else if (CONSOLE_SECRET_FIELDS.has(key) && typeof inner === 'string') found.push(inner)
    else if (CONSOLE_SECRET_FIELDS.has(key) && Array.isArray(inner)) found.push(...inner.filter((item): item is string => typeof item === 'string'))
    else secretFields(inner, found, depth + 1)
  }
  return found
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * Tells the server-log scan (tests/e2e/security/server-logs.teardown.ts) about the credentials one
 * exchange carried: the Authorization and Cookie headers sent, password and token fields sent or
 * answered, and session cookies set.
 */
function rememberSecretsOf(headers: Record<string, string>, requestText: string, answer: { json: unknown; cookies: string[] }) {
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]
  if (bearer) rememberSecret('an access token sent as Authorization', bearer)
  for (const cookie of (headers.cookie ?? '').split(/;\s*/)) rememberSecret('a cookie sent', SECRET_COOKIES.exec(cookie)?.[1])
  for (const value of secretFields(parsed(requestText))) rememberSecret('a password or token sent in a body', value)
  for (const value of secretFields(answer.json)) rememberSecret('a token answered', value)
  for (const cookie of answer.cookies) rememberSecret('a session cookie set', SECRET_COOKIES.exec(cookie)?.[1])
}

/** The parties of one test and their journal. */
export class Attack {
  readonly journal = new Journal()
  private readonly contexts: APIRequestContext[] = []

  constructor(
    private readonly playwright: Playwright,
    readonly baseURL: string,
    private readonly accounts: AccountPool,
  ) {}

  async caller(name: string): Promise<Caller> {
    const context = await this.playwright.request.newContext({ baseURL: this.baseURL })
    this.contexts.push(context)
    return new Caller(name, context, this.journal, freshAddress())
  }

  /** A new account made through the API (sign-up, the mailed link, confirmation); `caller` ends signed in by cookie. */
  async signUp(caller: Caller, { name = `${caller.name} Tester`, password = `${caller.name} keeps a long passphrase` }: { name?: string; password?: string } = {}): Promise<Account> {
    const email = `${caller.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
    const asked = await caller.post('/api/user/signup', { name, email, password })
    expect(asked.status, asked.text).toBe(200)
    const mail = await waitForMailAt(email)
    const token = new URL(linkIn(mail.text, '/signup')).searchParams.get('token')
    const confirmed = await caller.post('/api/user/signup/confirm', { token })
    expect(confirmed.status, confirmed.text).toBe(200)
    const accessToken = confirmed.json.data.access_token as string
    const partner = await caller.query('getPartner', undefined, { bearer: accessToken })
    expect(partner.status, partner.text).toBe(200)
    const account: Account = { name, email, password, uid: partner.json.partner.uid, id: partner.json.partner.id, token: accessToken }
    this.adopt(caller, account)
    return account
  }

  /** `caller` acts as `account` (bearer token); the journal knows what is the account's own. */
  adopt(caller: Caller, account: Account): Caller {
    caller.token = account.token
    caller.account = account
    this.journal.own(caller.name, account.token)
    this.journal.own(caller.name, account.email)
    this.journal.forbid(account.password)
    return caller
  }

  /** A caller acting as the worker's account `name` (made once per worker, see `accounts`). */
  async callerAs(name: string): Promise<Caller> {
    const caller = await this.caller(name)
    return this.adopt(caller, await this.accounts.get(name))
  }

  /** Signs `caller` in again (a new session) and gives its token. */
  async signIn(caller: Caller, account: Account): Promise<string> {
    const answer = await caller.post('/api/user/login', { login: account.email, password: account.password })
    expect(answer.status, answer.text).toBe(200)
    const token = answer.json.data.access_token as string
    this.journal.own(caller.name, token)
    return token
  }

  async dispose() {
    await Promise.all(this.contexts.map((context) => context.dispose()))
  }
}

async function waitForMailAt(email: string) {
  if (MAILBOX_URL === MAILBOX) return waitForMail(email)
  const deadline = Date.now() + 15_000
  for (;;) {
    const response = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`)
    const found = ((await response.json()) as { text: string | null }[]).at(-1)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail for ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Accounts made once per worker and shared by its tests (never signed out by them). */
export class AccountPool {
  private readonly made = new Map<string, Promise<Account>>()
  private readonly attack: Attack

  constructor(playwright: Playwright, baseURL: string) {
    this.attack = new Attack(playwright, baseURL, this)
  }

  get(name: string): Promise<Account> {
    let account = this.made.get(name)
    if (!account) {
      account = this.attack.caller(name).then((caller) => this.attack.signUp(caller))
      this.made.set(name, account)
    }
    return account
  }

  dispose() {
    return this.attack.dispose()
  }
}

/** `test` with an `attack` fixture whose journal is scanned for leaks when the test ends. */
export const test = base.extend<{ attack: Attack }, { accounts: AccountPool }>({
  accounts: [
    async ({ playwright }, provide) => {
      const pool = new AccountPool(playwright, STORES.main)
      await provide(pool)
      await pool.dispose()
    },
    { scope: 'worker' },
  ],
  attack: async ({ playwright, baseURL, accounts }, provide) => {
    const attack = new Attack(playwright, baseURL ?? STORES.main, accounts)
    await provide(attack)
    await attack.dispose()
    const leaks = attack.journal.leaks()
    expect(leaks, `answers that reveal secrets:\n${leaks.join('\n')}`).toEqual([])
  },
})

export { expect }

/** Runs `tasks` with at most `limit` in flight. */
export async function inBatches<T>(tasks: (() => Promise<T>)[], limit = 6): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await tasks[index]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}

/** A GET with the path exactly as given: no client-side resolution of '..', '//' or '\\'. */
export function rawGet(baseURL: string, path: string): Promise<{ status: number; location: string | undefined; body: string }> {
  return rawRequest(baseURL, 'GET', path)
}

/** A request with the method and path exactly as given (any method, no body). */
export function rawRequest(baseURL: string, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: Buffer.concat(chunks).toString('utf8') }))
    })
    request.on('timeout', () => request.destroy(new Error(`no answer for ${path}`)))
    request.on('error', reject)
    request.end()
  })
}
