// Serves the production build for the browser tests on loopback, on a fresh embedded database that
// the server seeds at start. Stops with its parent (Playwright). E2E_STORE picks the store:
//   main            127.0.0.1:3100  the demo store; mail goes to the mail catcher (SMTP 3125), card
//                                   payments to the fake Stripe (3135); tokens are signed with a
//                                   key the security suite knows
//   short-sessions  127.0.0.1:3101  the demo store with 20-second access tokens
//   locked          127.0.0.1:3102  the demo store with browsing locked and single sign-on at the
//                                   test provider (tests/e2e/support/oidc-provider.mjs, 3130); its
//                                   tokens too are signed with a key the security suite knows
// PORT overrides the port. Each store has its own data folder under .data/.
//
// The store logs at the level production uses (info, or LOG_LEVEL) into its log file
// (support/server-logs.mjs), which the security suite scans for secrets once the run is over; the
// console, which Playwright shows, keeps to warnings and errors unless LOG_LEVEL asks for more.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { CONSOLE_FIXTURES_FILE } from './support/console-fixtures.mjs'
import { serverLogFile } from './support/server-logs.mjs'
import { LOCKED_STORE_SESSION_SECRET, MAIN_STORE_SESSION_SECRET } from './support/session-secret.mjs'
import { stripeEnv } from './support/stripe-settings.mjs'

const root = path.resolve(import.meta.dirname, '..', '..')
const demoStoreFile = path.join(root, 'data', 'demo-store.json')
const MAIL_SMTP = 'smtp://127.0.0.1:3125'

const LOCKED_STORE_SSO = {
  label: 'Granite Ridge SSO',
  issuer: 'http://127.0.0.1:3130',
  clientId: 'granite-ridge-store',
  clientSecret: 'granite-ridge-test-secret',
}

/** The demo store file with browsing locked and single sign-on configured, next to the demo's artwork. */
function writeLockedStoreFile(dataDir) {
  const folder = path.join(dataDir, 'store')
  mkdirSync(folder, { recursive: true })
  // Relative artwork paths in the file resolve against its folder: link the demo's own.
  for (const entry of readdirSync(path.dirname(demoStoreFile))) {
    if (entry !== path.basename(demoStoreFile)) symlinkSync(path.join(path.dirname(demoStoreFile), entry), path.join(folder, entry))
  }
  const store = JSON.parse(readFileSync(demoStoreFile, 'utf8'))
  store.website.lockBrowsing = 'Enable'
  store.website.ssologin = LOCKED_STORE_SSO.label
  store.website.ssoConfig = { issuer: LOCKED_STORE_SSO.issuer, clientId: LOCKED_STORE_SSO.clientId, clientSecret: LOCKED_STORE_SSO.clientSecret }
  const file = path.join(folder, 'demo-store.json')
  writeFileSync(file, JSON.stringify(store, null, 2))
  return file
}

const VARIANTS = {
  // consoleFixtures: a second store and more console users for the console's security suite
  // (support/console-stores.ts), added before the server starts.
  main: { port: 3100, dataDir: 'e2e', env: { ...stripeEnv(), SESSION_SECRET: MAIN_STORE_SESSION_SECRET, ALLOWANCES_TEST_CLOCK: '1' }, consoleFixtures: CONSOLE_FIXTURES_FILE },
  'short-sessions': { port: 3101, dataDir: 'e2e-short-sessions', env: { ACCESS_TOKEN_TTL_SECONDS: '20' } },
  // Its single sign-on provider is the test provider on loopback: the setting of a private install.
  // The main store keeps it off, so the security suite's outbound attacks meet the production policy.
  locked: { port: 3102, dataDir: 'e2e-locked', env: { SESSION_SECRET: LOCKED_STORE_SESSION_SECRET, ALLOW_PRIVATE_OUTBOUND: 'true' }, storeFile: writeLockedStoreFile },
}

const name = process.env.E2E_STORE ?? 'main'
const variant = VARIANTS[name]
if (!variant) {
  console.error(`E2E_STORE must be one of ${Object.keys(VARIANTS).join(', ')} (got ${JSON.stringify(name)})`)
  process.exit(2)
}
const port = Number(process.env.PORT || variant.port)
const dataDir = path.join(root, '.data', variant.dataDir)
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })
const logFile = serverLogFile(name)
mkdirSync(path.dirname(logFile), { recursive: true })
const log = createWriteStream(logFile, { flags: 'w' })

const PINO_WARN = 40
const consoleMinimum = process.env.LOG_LEVEL ? 0 : PINO_WARN

/** Every line to the log file; to the console unless it is a pino line below the console's level. */
function tee(input, output) {
  createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
    log.write(`${line}\n`)
    const level = /^\{"level":(\d+)/.exec(line)?.[1]
    if (level === undefined || Number(level) >= consoleMinimum) output.write(`${line}\n`)
  })
}

const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOSTNAME_BIND: '127.0.0.1',
  // The tests stand for clients behind a proxy: X-Forwarded-For and -Proto are believed.
  TRUST_PROXY: '1',
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
  IMAGES_DIR: path.join(dataDir, 'images'),
  IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
  // Never real mail from a test run: everything goes to the mail catcher.
  SMTP_URL: MAIL_SMTP,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  ...(variant.storeFile ? { DEMO_STORE_FILE: variant.storeFile(dataDir) } : {}),
  ...variant.env,
}

if (variant.consoleFixtures) {
  // The embedded database serves one process: the fixtures go in before the server opens it.
  const setup = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'tests', 'e2e', 'support', 'console-stores.ts'), variant.consoleFixtures], {
    cwd: root,
    env: { ...serverEnv, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  log.write(setup.stdout ?? '')
  log.write(setup.stderr ?? '')
  if (setup.status !== 0) {
    console.error(`the console fixtures could not be made (tests/e2e/support/console-stores.ts):\n${setup.stderr}`)
    process.exit(1)
  }
}

const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: serverEnv,
})
tee(server.stdout, process.stdout)
tee(server.stderr, process.stderr)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill('SIGTERM'))
// 'close' comes once the output is read to its end: the log file gets the last lines.
server.on('close', (code) => log.end(() => process.exit(code ?? 0)))
