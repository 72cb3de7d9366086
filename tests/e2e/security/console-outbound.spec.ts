import type { Answer } from './attack'
import { consoleFixtures, expect, test } from './console-attack'

// The console cannot make the server call this machine or its networks (issue 24, item 2; OWASP A01
// SSRF, ASVS 13.2.5). A store manager of the main store (production, ALLOW_PRIVATE_OUTBOUND off)
// tries every address it can set — a custom tax service, a single sign-on issuer, a carrier's API, a
// webhook receiver — at this machine, its networks and the cloud metadata service, however spelled:
// each is a 400 with a sentence, and nothing is saved. The test event and the test sign-in then have
// nothing private to call, and what they say does not tell which ports listen.

/** This machine (the store's own port, the test provider's, Redis's …), its networks, metadata: every spelling. */
const INTERNAL = [
  'https://127.0.0.1:3100/',
  'https://LOCALHOST.:3130/',
  'https://localhost./',
  'https://127.1:3135/',
  'https://2130706433/',
  'https://0x7f000001:6379/',
  'https://0177.0.0.1/',
  'https://[::1]:5432/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://10.0.0.1/',
  'https://192.168.0.1/',
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://[fd00:ec2::254]/',
  'https://[fd00::1]/',
]
const PLAIN_HTTP = ['http://127.0.0.1:3130', 'http://localhost:3100/', 'http://hooks.example.com/']

function refusedSaying(answer: Answer, what: string, attempt: string) {
  expect(answer.status, `${attempt}: ${answer.text}`).toBe(400)
  expect(answer.json.error.message, attempt).toMatch(new RegExp(`^The address of ${what} must (be on the public internet|start with https://)`))
}

test.describe('addresses staff set, aimed at this machine', () => {
  test('a webhook receiver: every spelling is a 400 and no endpoint is added', async ({ consoleAs }) => {
    const f = consoleFixtures()
    const manager = await consoleAs('demoManager')
    const before = (await manager.query('webhookEndpoints', { websiteId: f.demoStoreId })).json.data.endpoints
    for (const url of [...INTERNAL, ...PLAIN_HTTP]) {
      refusedSaying(await manager.mutate('saveWebhookEndpoint', { websiteId: f.demoStoreId, url, topics: ['order.placed'], isActive: true }), 'the webhook receiver', url)
      // Nor by editing an existing endpoint.
      refusedSaying(await manager.mutate('saveWebhookEndpoint', { id: f.demoWebhookEndpointId, websiteId: f.demoStoreId, url, topics: ['order.placed'] }), 'the webhook receiver', `edit to ${url}`)
    }
    expect((await manager.query('webhookEndpoints', { websiteId: f.demoStoreId })).json.data.endpoints).toEqual(before)
  })

  test('a custom tax service (called on every shopper’s cart summary): a 400, and the tax settings are unchanged', async ({ consoleAs }) => {
    const f = consoleFixtures()
    const manager = await consoleAs('demoManager')
    const sections = (await manager.query('checkout.sections', { websiteId: f.demoStoreId })).json.data
    for (const url of INTERNAL) {
      const answer = await manager.mutate('checkout.saveSection', { websiteId: f.demoStoreId, fingerprint: sections.tax.fingerprint, section: { name: 'tax', value: { tax: { taxname: 'custom', url, token: 'attacker' } } } })
      refusedSaying(answer, 'the tax service', url)
    }
    expect((await manager.query('checkout.sections', { websiteId: f.demoStoreId })).json.data.tax).toEqual(sections.tax)
  })

  test('a single sign-on issuer (fetched by the test sign-in, even while single sign-on is off): a 400, and the settings are unchanged', async ({ consoleAs }) => {
    const f = consoleFixtures()
    const manager = await consoleAs('demoManager')
    const current = (await manager.query('settings.get', { websiteId: f.demoStoreId })).json.data
    const { websiteId: _w, code: _c, sso, images: _i, recaptcha: _r, cardPayments: _p, ...fields } = current
    const { clientSecretSet: _s, ...ssoFields } = sso
    for (const issuer of [...INTERNAL, ...PLAIN_HTTP]) {
      for (const label of [null, 'Attacker SSO']) {
        const answer = await manager.mutate('settings.save', { websiteId: f.demoStoreId, ...fields, sso: { ...ssoFields, label, issuer, clientId: 'attacker', clientSecret: 'attacker-secret' } })
        refusedSaying(answer, 'the single sign-on issuer', `${issuer} (${label ?? 'off'})`)
      }
    }
    expect((await manager.query('settings.get', { websiteId: f.demoStoreId })).json.data).toEqual(current)
  })

  test('a carrier’s API: a 400, and no delivery method is added', async ({ consoleAs }) => {
    const f = consoleFixtures()
    const manager = await consoleAs('demoManager')
    const before = (await manager.query('delivery.methods', { websiteId: f.demoStoreId })).json.data
    for (const url of INTERNAL) {
      const answer = await manager.mutate('delivery.saveMethod', {
        websiteId: f.demoStoreId,
        id: null,
        method: { name: `Attacker UPS ${url}`, deliveryType: 'ups_rubikx', url, credentials: { upsClientId: 'attacker', upsClientSecret: 'attacker-secret' } },
      })
      refusedSaying(answer, 'the carrier’s API', url)
    }
    expect((await manager.query('delivery.methods', { websiteId: f.demoStoreId })).json.data).toEqual(before)
  })

  test('the test event of an endpoint whose receiver cannot be reached says only that: no port, address or error code', async ({ consoleAs }) => {
    const f = consoleFixtures()
    const manager = await consoleAs('demoManager')
    // The fixture's receiver (hooks.demo-store.example) has no address on the test machine.
    const answer = await manager.mutate('sendWebhookTestEvent', { endpointId: f.demoWebhookEndpointId })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.json.data).toMatchObject({ delivered: false, status: null })
    expect(answer.json.data.message).toBe('The test event was not delivered: the service could not be reached (no connection, no answer in time, or an answer that is not HTTP).')
    expect(answer.text).not.toMatch(/ECONN|ENOTFOUND|EAI_AGAIN|getaddrinfo|127\.0\.0\.1|timeout after/i)
  })
})
