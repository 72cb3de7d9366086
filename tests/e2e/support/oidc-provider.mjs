// A real OpenID Connect provider (oidc-provider) for the tests, on loopback. Its sign-in page is a
// tiny form ("Email" + "Sign in", or "Cancel"): the login names an account of `accounts`, or, with
// `acceptAnyLogin`, any email (verified, unless it contains "+unverified"). Consent is given at
// once. Used in-process by the Vitest suites (tests/support/oidc-provider.ts) and as a Playwright
// web server on 127.0.0.1:3130 (`node tests/e2e/support/oidc-provider.mjs`).
//
// With `spoilIdTokens`, a login named 'id-token-<fault>.<anything>@…' gets a token answer whose ID
// token has that fault (ID_TOKEN_FAULTS): the security suite's way to hand the store an ID token
// with a wrong signature, issuer, audience or nonce, or an expired or unsigned one.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import Provider from 'oidc-provider'

/**
 * @typedef {{ email?: string, email_verified?: boolean, name?: string, given_name?: string, family_name?: string, groups?: string[] }} AccountClaims
 * @typedef {{ client_id: string, client_secret: string, redirect_uris: string[], token_endpoint_auth_method?: string }} ClientSettings
 * @typedef {{ port?: number, host?: string, clients: ClientSettings[], accounts?: Record<string, AccountClaims>, acceptAnyLogin?: boolean, spoilIdTokens?: boolean }} ProviderOptions
 */

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:4rem auto}label,input,button{display:block;margin:.5rem 0}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

function loginForm(uid, { error, login = '' } = {}) {
  return page(
    'Test identity provider',
    `${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
  <label for="login">Email</label>
  <input id="login" name="login" type="text" autocomplete="username" value="${escapeHtml(login)}" required autofocus>
  <button type="submit">Sign in</button>
</form>
<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  )
}

async function readForm(request) {
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > 16 * 1024) throw new Error('form too large')
    chunks.push(chunk)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

function send(response, status, html) {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  response.end(html)
}

const b64url = (value) => Buffer.from(value).toString('base64url')
const jsonOf = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

/** What each fault does to the ID token's header and claims, and the key it is then signed with. */
const ID_TOKEN_FAULTS = {
  'wrong-signature': (header, claims) => ({ header, claims, key: 'another' }),
  'wrong-issuer': (header, claims) => ({ header, claims: { ...claims, iss: 'https://issuer.evil.example' }, key: 'own' }),
  'wrong-audience': (header, claims) => ({ header, claims: { ...claims, aud: 'another-client' }, key: 'own' }),
  'wrong-nonce': (header, claims) => ({ header, claims: { ...claims, nonce: 'the-nonce-of-another-sign-in' }, key: 'own' }),
  expired: (header, claims) => {
    const now = Math.floor(Date.now() / 1000)
    return { header, claims: { ...claims, iat: now - 7200, exp: now - 3600 }, key: 'own' }
  },
  unsigned: (header, claims) => ({ header: { ...header, alg: 'none' }, claims, key: null }),
}

/** The token endpoint's JSON with its ID token spoiled as the login's name asks, or as it was. */
function spoilIdToken(body, keys) {
  let answer
  try {
    answer = JSON.parse(body)
  } catch {
    return body
  }
  if (typeof answer?.id_token !== 'string') return body
  const [headerPart, claimsPart] = answer.id_token.split('.')
  const claims = jsonOf(claimsPart)
  const fault = /^id-token-([a-z-]+)\./.exec(String(claims.sub))?.[1]
  if (!fault || !ID_TOKEN_FAULTS[fault]) return body
  const spoiled = ID_TOKEN_FAULTS[fault](jsonOf(headerPart), claims)
  const signingInput = `${b64url(JSON.stringify(spoiled.header))}.${b64url(JSON.stringify(spoiled.claims))}`
  const signature = spoiled.key === null ? '' : sign('sha256', Buffer.from(signingInput), spoiled.key === 'own' ? keys.own : keys.another).toString('base64url')
  return JSON.stringify({ ...answer, id_token: `${signingInput}.${signature}` })
}

/** Lets the provider answer, then rewrites a token endpoint answer on its way out. */
function spoilingTokenAnswers(response, keys) {
  const end = response.end.bind(response)
  response.end = (chunk, ...rest) => {
    if (chunk === undefined || typeof chunk === 'function' || response.statusCode !== 200) return end(chunk, ...rest)
    const body = spoilIdToken(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk), keys)
    if (!response.headersSent) response.setHeader('Content-Length', Buffer.byteLength(body))
    return end(body, ...rest)
  }
}

/**
 * Starts the provider. Resolves to its issuer, the accounts map (tests may add to it) and close().
 * @param {ProviderOptions} options
 */
export async function startOidcProvider({ port = 0, host = '127.0.0.1', clients, accounts = {}, acceptAnyLogin = false, spoilIdTokens = false }) {
  const known = new Map(Object.entries(accounts))
  const claimsOf = (login) => {
    const account = known.get(login)
    if (account) return account
    if (!acceptAnyLogin || !/^[^\s@]+@[^\s@]+$/.test(login)) return null
    const [local] = login.split('@')
    return { email: login, email_verified: !login.includes('+unverified'), name: local.replace(/[._+-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()) }
  }

  const server = createServer()
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const issuer = `http://${host}:${server.address().port}`

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKeys = { own: privateKey, another: spoilIdTokens ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : null }
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...client,
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // 'groups' (scope groups): a directory's group list, for the stores' group mappings (issue 16).
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'], groups: ['groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    async findAccount(_ctx, id) {
      const claims = claimsOf(id)
      if (!claims) return undefined
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) }
    },
  })
  // Errors a test provokes on purpose (a reused code) are expected; keep the output quiet.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error:', error))
  const handleOidc = provider.callback()

  async function interaction(request, response, uid, action) {
    const details = await provider.interactionDetails(request, response)
    if (details.uid !== uid) return send(response, 400, page('Sign-in expired', '<p>This sign-in has expired. Start again from the store.</p>'))
    if (action === 'abort') {
      return provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false })
    }
    const { prompt, params, session } = details
    if (prompt.name === 'consent') {
      // First-party test client: consent is given at once for whatever was asked.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: params.client_id })
      if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '))
      if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims)
      if (prompt.details.missingResourceScopes) {
        for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes)) grant.addResourceScope(indicator, scopes.join(' '))
      }
      return provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true })
    }
    if (request.method === 'GET') return send(response, 200, loginForm(uid))
    const login = (await readForm(request)).get('login')?.trim() ?? ''
    if (!claimsOf(login)) return send(response, 200, loginForm(uid, { error: 'Unknown account.', login }))
    return provider.interactionFinished(request, response, { login: { accountId: login } }, { mergeWithLastSubmission: false })
  }

  server.on('request', (request, response) => {
    const pathname = new URL(request.url ?? '/', issuer).pathname
    const match = /^\/interaction\/([\w-]+)(?:\/(abort))?$/.exec(pathname)
    if (spoilIdTokens && request.method === 'POST' && pathname === '/token') spoilingTokenAnswers(response, signingKeys)
    if (!match) return handleOidc(request, response)
    interaction(request, response, match[1], match[2]).catch((error) => {
      console.error('test provider interaction failed:', error)
      if (!response.headersSent) send(response, 400, page('Sign-in failed', `<p>${escapeHtml(error.message ?? error)}</p>`))
      else response.end()
    })
  })

  return {
    issuer,
    accounts: known,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

// As a Playwright web server: the provider of the locked demo store (tests/e2e/serve.mjs, variant "locked").
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.OIDC_PORT ?? 3130)
  const storeOrigin = process.env.OIDC_STORE_ORIGIN ?? 'http://127.0.0.1:3102'
  const running = await startOidcProvider({
    port,
    clients: [{ client_id: 'granite-ridge-store', client_secret: 'granite-ridge-test-secret', redirect_uris: [`${storeOrigin}/sso-login`] }],
    accounts: {
      'casey.morgan@graniteridge.example': { email: 'casey.morgan@graniteridge.example', email_verified: true, name: 'Casey Morgan' },
      'no-email@graniteridge.example': { email: 'no-email@graniteridge.example', email_verified: false, name: 'Unverified Person' },
    },
    acceptAnyLogin: true,
    spoilIdTokens: true,
  })
  console.log(`test identity provider ready on ${running.issuer}`)
  const stop = () => running.close().then(() => process.exit(0))
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop)
  // Orphaned (the test runner died without signalling): leave too.
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && stop(), 2000).unref()
}
