import { existsSync, readFileSync, rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { CONSOLE_ACCOUNTS } from '../support/console-accounts'
import { FIXTURE_WEBHOOK_SECRETS } from '../support/console-fixtures.mjs'
import { DEMO_FULFILMENT, DEMO_OWNER, DEMO_PARTNER } from '../support/console-users'
import { SECRETS_FILE, serverLogFile, STORE_NAMES } from '../support/server-logs.mjs'
import { LOCKED_STORE_SESSION_SECRET, MAIN_STORE_SESSION_SECRET } from '../support/session-secret.mjs'
import { E2E_STRIPE } from '../support/stripe-settings.mjs'

// No secret in any server log (ASVS 5.0 16.2.5, security.md 3 and 4.12). The 'server logs' project
// runs this after every other test of the run, whatever their outcome (it is their teardown,
// playwright.config.ts). It reads what each store the run started wrote to its log
// (tests/e2e/serve.mjs) and looks there for every secret the tests used (support/server-logs.mjs:
// passwords typed, tokens issued and mailed, cookies and Authorization headers sent), for the
// stores' own keys, and for anything shaped like a credential, whoever it belongs to.

/** Secrets every run has, whichever tests used them. */
const KNOWN_SECRETS: [string, string][] = [
  ['the main store’s SESSION_SECRET', MAIN_STORE_SESSION_SECRET],
  ['the locked store’s SESSION_SECRET', LOCKED_STORE_SESSION_SECRET],
  ['STRIPE_SECRET_KEY', E2E_STRIPE.secretKey],
  ['STRIPE_WEBHOOK_SECRET', E2E_STRIPE.webhookSecret],
  ['the single sign-on client secret (tests/e2e/serve.mjs)', 'granite-ridge-test-secret'],
  ['the demo employee’s password', 'granite-ridge-demo'],
  ['the demo approver’s password', 'granite-ridge-approver'],
  // The console (issue 15): the demo's console users, the owner's TOTP secret, and what
  // support/console-stores.ts adds for the security suite.
  ['the demo console owner’s password', DEMO_OWNER.password],
  ['the demo console owner’s TOTP secret', DEMO_OWNER.totpSecret],
  ['the demo fulfilment member’s password', DEMO_FULFILMENT.password],
  ['the demo partner member’s password', DEMO_PARTNER.password],
  ...Object.entries(CONSOLE_ACCOUNTS).map(([who, account]): [string, string] => [`the password of the console fixture ${who}`, account.password]),
  ...FIXTURE_WEBHOOK_SECRETS.map((secret): [string, string] => ['a webhook signing secret of the console fixtures', secret]),
]

/** Credentials by their shape, whoever they belong to. */
const CREDENTIAL_SHAPES: [string, RegExp][] = [
  ['a signed or encrypted token (JWT/JWE)', /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{10,}/],
  ['an Authorization header', /authorization\\?"?\s*[:=]\s*\\?"?(?:bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/i],
  ['a session cookie', /(?:^|[\s";])(?:__Host-)?session=[A-Za-z0-9._-]{16,}/],
  ['a console session cookie', /(?:^|[\s";])(?:__Secure-)?admin_session=[A-Za-z0-9._-]{16,}/],
  // A second factor's code in a logged body (six digits are too short to look for by value).
  ['a second factor code', /\\?"code\\?"\s*:\s*\\?"\d{6}\\?"/],
  ['a TOTP secret in an otpauth address', /otpauth:\/\/totp\/[^\s"]*[?&]secret=[A-Z2-7]{16,}/i],
  ['a Stripe secret or webhook key', /\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9_]{8,}|\bwhsec_[A-Za-z0-9_]{8,}/],
  ['a password hash', /\$argon2(?:id|i|d)\$/],
  // A failed statement's values (an order's access token, a sign-up's hash; issue 13): Drizzle's
  // message in a JSON log line, or on its own line where Next prints an error, and PostgreSQL's
  // detail quoting a key's values.
  ['the parameters of a failed statement (Drizzle)', /Failed query:.*\\nparams: |^\s*params: /],
  ['the values of a key PostgreSQL quoted', /Key \([^)]*\)=\(/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
]

type Secret = { what: string; value: string }

function secretsUsed(): Secret[] {
  const remembered = existsSync(SECRETS_FILE)
    ? readFileSync(SECRETS_FILE, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Secret)
    : []
  const unique = new Map<string, Secret>()
  for (const secret of [...KNOWN_SECRETS.map(([what, value]) => ({ what, value })), ...remembered]) unique.set(secret.value, secret)
  return [...unique.values()]
}

/** The stores this run started (E2E_STORES, as playwright.config.ts reads it). */
function storesOfThisRun(): string[] {
  const wanted = process.env.E2E_STORES?.split(',').map((name) => name.trim())
  return STORE_NAMES.filter((name) => !wanted || wanted.includes(name))
}

/** Where a log holds a secret or a credential: 'store.log:line: what (first characters…)', the secret itself not repeated. */
function leaksIn(store: string, log: string, secrets: Secret[]): string[] {
  const leaks: string[] = []
  const lineOf = (offset: number) => log.slice(0, offset).split('\n').length
  for (const secret of secrets) {
    const offset = log.indexOf(secret.value)
    if (offset !== -1) leaks.push(`${store}.log:${lineOf(offset)}: ${secret.what} (${secret.value.slice(0, 4)}…)`)
  }
  log.split('\n').forEach((line, index) => {
    for (const [what, shape] of CREDENTIAL_SHAPES) {
      const found = shape.exec(line)
      if (found) leaks.push(`${store}.log:${index + 1}: ${what} (${found[0].slice(0, 8)}…)`)
    }
  })
  return leaks
}

test('no server log holds a password, token, key or card number that the run used', () => {
  const secrets = secretsUsed()
  const leaks: string[] = []
  for (const store of storesOfThisRun()) {
    const file = serverLogFile(store)
    expect(existsSync(file), `${store}: its log ${file} (was the store started by tests/e2e/serve.mjs?)`).toBe(true)
    const log = readFileSync(file, 'utf8')
    // The scan is only worth something if the log is the server's: its start is in it.
    expect(log, `${store}: the log has the server's start`).toContain('Webstore ready on')
    leaks.push(...leaksIn(store, log, secrets))
  }
  rmSync(SECRETS_FILE, { force: true })
  expect(leaks, `secrets in the server logs (${secrets.length} secrets looked for):\n${leaks.join('\n')}`).toEqual([])
})
