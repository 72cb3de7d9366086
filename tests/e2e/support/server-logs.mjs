// Where the browser tests' store servers write their output, and the secrets the tests used, so
// that tests/e2e/security/server-logs.teardown.ts can look for those secrets in those logs once
// every other test has run (ASVS 5.0 16.2.5: no credentials or payment data in logs).
//
// tests/e2e/serve.mjs writes each store's stdout and stderr to serverLogFile(store), starting it
// afresh with the server. Tests call rememberSecret() for what they type or are given (passwords,
// tokens, mailed links, card numbers); the file is shared by the worker processes and removed by
// the scan.
import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/** Kept out of test-results/, which Playwright empties when a run starts (the servers may already write). */
export const SERVER_LOG_DIR = path.join(root, '.data', 'e2e-logs')

/** The stores tests/e2e/serve.mjs can start (playwright.config.ts starts those E2E_STORES names). */
export const STORE_NAMES = ['main', 'short-sessions', 'locked']

export const serverLogFile = (store) => path.join(SERVER_LOG_DIR, `${store}.log`)

export const SECRETS_FILE = path.join(SERVER_LOG_DIR, 'secrets-used.jsonl')

/** Shorter values are too likely to occur by chance (and are no credential of this store). */
const MIN_SECRET_LENGTH = 8

const remembered = new Set()

/** Notes that `value` (a password, token, key, card number) was used, with what it is. */
export function rememberSecret(what, value) {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || remembered.has(value)) return
  remembered.add(value)
  mkdirSync(SERVER_LOG_DIR, { recursive: true })
  appendFileSync(SECRETS_FILE, `${JSON.stringify({ what, value })}\n`)
}
