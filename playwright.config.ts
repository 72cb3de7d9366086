import { defineConfig, devices } from '@playwright/test'

// Browser tests against the production build. Web servers, all on loopback, started in this order
// and stopped with the run (tests/e2e/serve.mjs, tests/e2e/support/):
//   3125/3126  mail catcher (SMTP / GET /messages?to=…)
//   3130       test OpenID Connect provider (the locked store's single sign-on)
//   3135       fake Stripe (the main store's card payments, tests/e2e/support/fake-stripe-server.ts)
//   3100       main demo store (PUBLIC_ORIGIN, mail to the catcher); existing specs use it by default
//   3101       the demo store with 20-second access tokens
//   3102       the demo store with browsing locked and single sign-on
// Specs pick a store with test.use({ baseURL: STORES.locked }) (tests/e2e/support/stores.ts).
// E2E_STORES=main,locked starts only those stores (the helpers always start).
// Each store also writes its output to .data/e2e-logs/<store>.log (SERVER_LOG_DIR), and the
// 'server logs' project runs after all the others, whatever their outcome, to look there for every
// secret the tests used (tests/e2e/security/server-logs.teardown.ts).

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`
const isCI = !!process.env.CI

// Debian's Chromium (no browser downloads on this machine); elsewhere Playwright's own may be used.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const launchOptions = {
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Stores of one install at their own host names (issue 25): every *.localhost is this machine,
    // where the test servers listen on 127.0.0.1 only.
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
}

const serverOutput = { stdout: 'pipe', stderr: 'pipe' } as const

const STORE_SERVERS = [
  { name: 'main', port: PORT },
  { name: 'short-sessions', port: 3101 },
  { name: 'locked', port: 3102 },
]
const wanted = process.env.E2E_STORES?.split(',').map((name) => name.trim())

function storeServer({ name, port }: { name: string; port: number }) {
  return {
    // The production build on a throw-away embedded database, seeded with the demo store. The first
    // store builds when the sources changed; the others then find the build fresh.
    command: 'node tests/e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/api/health?ready`,
    timeout: 600_000,
    reuseExistingServer: !isCI,
    ...serverOutput,
    env: { E2E_STORE: name, PORT: String(port) },
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list']] : [['list']],
  use: { baseURL, trace: 'on-first-retry', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: /\.phone\.spec\.ts$/, teardown: 'server logs' },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, testMatch: /\.phone\.spec\.ts$/, teardown: 'server logs' },
    // No retry: the scan reads (and then removes) the secrets the run noted; a second try would know fewer.
    { name: 'server logs', testMatch: /server-logs\.teardown\.ts$/, retries: 0 },
  ],
  webServer: [
    {
      command: 'node tests/e2e/support/mail-catcher.mjs',
      url: 'http://127.0.0.1:3126/health',
      timeout: 30_000,
      reuseExistingServer: !isCI,
      ...serverOutput,
    },
    {
      command: 'node tests/e2e/support/oidc-provider.mjs',
      url: 'http://127.0.0.1:3130/.well-known/openid-configuration',
      timeout: 30_000,
      reuseExistingServer: !isCI,
      ...serverOutput,
      env: { OIDC_PORT: '3130', OIDC_STORE_ORIGIN: 'http://127.0.0.1:3102' },
    },
    {
      command: 'node node_modules/tsx/dist/cli.mjs tests/e2e/support/fake-stripe-server.ts',
      port: 3135,
      timeout: 30_000,
      reuseExistingServer: !isCI,
      ...serverOutput,
    },
    ...STORE_SERVERS.filter((store) => !wanted || wanted.includes(store.name)).map(storeServer),
  ],
})
