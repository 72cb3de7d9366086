import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CheckoutAdminQueryResponses } from '@/isomorphic/contract/admin-checkout'
import type { SettingsAdminQueryResponses } from '@/isomorphic/contract/admin-settings'
import { forgetOidcConfigurations, OidcError, providerConfiguration } from '@/server/adapters/oidc'
import { OUTBOUND_REFUSED } from '@/server/adapters/outbound'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { auditLog, deliveryMethods, taxCredentials, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, websites } from '@/server/db/schema'
import { env } from '@/server/env'
import type { CoreContext } from '@/server/kernel/context'
import type { PostalAddress, PricedLine } from '@/server/kernel/pricing-types'
import { StoreFileError } from '@/server/store-import/store-file-error'
import { importStoreFile } from '@/server/store-import/store-import-service'
import { TAX_CALCULATION_FAILED } from '@/server/tax/tax-errors'
import { computeTax } from '@/server/tax/tax-service'
import { appendOrderEvent } from '@/server/timeline/order-events'
import { dispatchDueWebhooks } from '@/server/webhooks/webhook-dispatcher'
import { webhookSender } from '@/server/webhooks/webhook-sender'
import { insertTestOrder } from '@/server/documents/document-test-support'
import { buildStoreFile, lineContaining, writeStoreFile } from '../factories/store-file'
import { createTaxCredential } from '../factories/store-settings'
import { createWebsite } from '../factories/website'
import { useTestDatabase } from '../../tests/setup/test-db'
import { refusal } from '../support/domain-refusal'
import { startFakeCustomTax, type FakeCustomTax } from '../support/fake-tax/fake-custom-tax'
import { startTestProvider, TEST_CLIENT, type RunningProvider } from '../support/oidc-provider'
import { staffContext } from '../support/staff'

// Issue 24, item 2: a store manager cannot make the server call this machine or its networks. Every
// address staff or a store file set — the tax service, the single sign-on issuer, a carrier's API, a
// webhook receiver — is refused on save with a 400 and nothing is written; and one already stored
// (or a name that resolves to such an address) is refused when called, before any connection.
// ALLOW_PRIVATE_OUTBOUND is off here, as on a production install.

const PRIVATE_ADDRESSES = [
  'https://127.0.0.1:8443/',
  'https://LOCALHOST.:9000/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://127.1/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[::1]:6379/',
  'https://10.0.0.8/',
  'https://192.168.1.1/admin',
  'https://169.254.169.254/latest/meta-data/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://[fd00::1]/',
]
const PUBLIC_ONLY = /must be on the public internet/

const denver: PostalAddress = { street: '1600 Wynkoop St', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80202' }
const line: PricedLine = {
  key: '1:2:5000',
  productId: 1,
  name: 'Crew T-shirt',
  templateSkuCode: 'PC54',
  taxCode: 'PC040100',
  quantity: { M: 2 },
  totalQuantity: 2,
  amount: 5000,
  weight: 1,
  origin: { street: '100 Main St', city: 'Timonium', stateCode: 'MD', countryCode: 'US', zip: '21093' },
}

describe('addresses staff or a store file set, on a production-like install', () => {
  const { db } = useTestDatabase()
  let websiteId: number
  let manager: CoreContext

  beforeAll(async () => {
    expect(env().ALLOW_PRIVATE_OUTBOUND).toBe(false)
    websiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })

  const auditRows = () => db().select().from(auditLog).where(eq(auditLog.websiteId, websiteId))

  test('a custom tax service on this machine or its networks is a 400 naming what to change, and nothing is written', async () => {
    const sections = (await executeAdminQuery('checkout.sections', { websiteId }, manager)) as CheckoutAdminQueryResponses['checkout.sections']
    const audited = (await auditRows()).length
    for (const url of PRIVATE_ADDRESSES) {
      const error = await refusal(
        executeAdminMutation('checkout.saveSection', { websiteId, fingerprint: sections.tax.fingerprint, section: { name: 'tax', value: { tax: { taxname: 'custom', url, token: 'tok' } } } } as never, manager),
      )
      expect([error.code, error.userMessage], url).toEqual(['invalid', expect.stringMatching(/^The address of the tax service must be on the public internet/)])
    }
    expect(await db().select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))).toEqual([])
    expect((await auditRows()).length).toBe(audited)
  })

  test('a single sign-on issuer on this machine is a 400, turned on or not (the test sign-in calls it either way), and nothing is written', async () => {
    const current = (await executeAdminQuery('settings.get', { websiteId }, manager)) as SettingsAdminQueryResponses['settings.get']
    const base = { websiteId, version: current.version, name: current.name, lockBrowsing: false, guestCheckout: true }
    for (const issuer of [...PRIVATE_ADDRESSES, 'http://127.0.0.1:3130']) {
      for (const label of ['Acme SSO', null]) {
        const error = await refusal(executeAdminMutation('settings.save', { ...base, sso: { label, issuer, clientId: 'x', clientSecret: 'y' } }, manager))
        expect([error.code, error.userMessage], `${issuer} ${label}`).toEqual(['invalid', expect.stringMatching(/^The address of the single sign-on issuer must (be on the public internet|start with https)/)])
      }
    }
    const [row] = await db().select({ ssoConfig: websites.ssoConfig, version: websites.version }).from(websites).where(eq(websites.id, websiteId))
    expect(row).toEqual({ ssoConfig: null, version: current.version })
  })

  test('a carrier API on this machine is a 400, and no delivery method is written', async () => {
    for (const url of PRIVATE_ADDRESSES) {
      const error = await refusal(
        executeAdminMutation('delivery.saveMethod', { websiteId, id: null, method: { name: `UPS ${url}`, deliveryType: 'ups_rubikx', url, credentials: { upsClientId: 'id', upsClientSecret: 'secret' } } }, manager),
      )
      expect([error.code, error.userMessage], url).toEqual(['invalid', expect.stringMatching(/^The address of the carrier’s API must be on the public internet/)])
    }
    expect(await db().select().from(deliveryMethods).where(eq(deliveryMethods.websiteId, websiteId))).toEqual([])
  })

  test('a webhook receiver on this machine is a 400, over https or plain http, and no endpoint is written', async () => {
    for (const url of [...PRIVATE_ADDRESSES, 'http://127.0.0.1:4010/hooks', 'http://localhost./hooks']) {
      const error = await refusal(executeAdminMutation('saveWebhookEndpoint', { websiteId, url, topics: ['order.placed'] }, manager))
      expect([error.code, error.userMessage], url).toEqual(['invalid', expect.stringMatching(/^The address of the webhook receiver must (be on the public internet|start with https)/)])
    }
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.websiteId, websiteId))).toEqual([])
  })

  test('a store file naming such addresses is refused at the line of each, and nothing is written', async () => {
    const store = buildStoreFile({
      website: { ...buildStoreFile().website, code: `outbound-${Date.now()}`, ssoConfig: { issuer: 'http://LOCALHOST.:3130', clientId: 'x', clientSecret: 'y' } },
      tax: { taxname: 'custom', url: 'https://[::ffff:7f00:1]/rates', rates: [] },
      deliveryMethods: [{ name: 'UPS', deliveryType: 'ups_rubikx', url: 'https://169.254.169.254', credentials: { upsClientId: 'id', upsClientSecret: 'secret' } }],
    })
    const { filePath, text } = await writeStoreFile(store)
    const storesBefore = await db().select({ id: websites.id }).from(websites)
    const error = (await refusal(importStoreFile({ filePath }))) as StoreFileError
    expect(error).toBeInstanceOf(StoreFileError)
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { line: lineContaining(text, '"issuer"'), path: 'website.ssoConfig.issuer', message: expect.stringMatching(/^The address of the single sign-on issuer must start with https/) },
        { line: lineContaining(text, '/rates"'), path: 'tax.url', message: expect.stringMatching(PUBLIC_ONLY) },
        { line: lineContaining(text, '169.254.169.254'), path: 'deliveryMethods[0].url', message: expect.stringMatching(PUBLIC_ONLY) },
      ]),
    )
    expect(await db().select({ id: websites.id }).from(websites)).toEqual(storesBefore)
  })

  describe('an address already stored, or a name that resolves to such an address, is refused when called', () => {
    let fakeTax: FakeCustomTax
    let provider: RunningProvider
    let receiver: Server
    let received = 0

    beforeAll(async () => {
      fakeTax = await startFakeCustomTax()
      provider = await startTestProvider({ redirectUris: ['http://store.test/sso-login'], accounts: {} })
      receiver = createServer((_request, response) => {
        received += 1
        response.writeHead(204).end()
      })
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    })
    afterAll(async () => {
      await fakeTax.close()
      await provider.close()
      receiver.closeAllConnections()
      await new Promise((resolve) => receiver.close(resolve))
    })

    test('a shopper’s tax is not asked of a tax service stored on this machine: the usual failure, and the service never called', async () => {
      const store = (await createWebsite()).id
      await createTaxCredential({ websiteId: store, taxname: 'custom', url: `${fakeTax.url}/rates` })
      await createTaxCredential({ websiteId: (await createWebsite()).id, taxname: 'custom', url: `https://127.0.0.1:${new URL(fakeTax.url).port}/rates` })
      const error = await refusal(computeTax(db(), { websiteId: store, lines: [line], shipping: 0, destination: denver, resaleExemption: null }, { timeoutMs: 2000 }))
      expect(error.userMessage).toBe(TAX_CALCULATION_FAILED)
      expect(fakeTax.requests).toEqual([])
    })

    test('the single sign-on provider stored on this machine is not asked for its discovery document', async () => {
      forgetOidcConfigurations()
      const failure = await providerConfiguration({ issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret, scope: 'openid', tokenAuthMethod: 'client_secret_basic' }, { fresh: true }).then(
        () => null,
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(OidcError)
      expect((failure as OidcError).failure).toBe('invalid')
      expect((failure as OidcError).message).toMatch(/refused by the outbound policy/)
    })

    test('a webhook receiver whose public-looking name resolves to this machine is refused at the call, and the attempt says so', async () => {
      const store = (await createWebsite()).id
      const owner = await staffContext(store)
      const port = (receiver.address() as AddressInfo).port
      // Saved: a name, not an address (names are resolved when called).
      const { endpoint } = (await executeAdminMutation('saveWebhookEndpoint', { websiteId: store, url: `https://hooks.rebind.example:${port}/orders`, topics: ['order.approved'] }, owner)) as { endpoint: { id: number } }
      const placed = await insertTestOrder({ websiteId: store, amountDelivery: 0, amountTax: 0 }, [
        { name: 'Field Tee', templateSkuCode: 'FT-100', colorName: 'Navy', size: 'L', quantity: 1, unitPriceAmount: 1000, subtotalAmount: 1000 },
      ])
      await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'approved', actor: { kind: 'system', job: 'test' } }))
      // The name server's answer for it: this machine.
      const send = webhookSender({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
      expect(await dispatchDueWebhooks(db(), { send })).toMatchObject({ retrying: 1 })
      expect(received).toBe(0)
      const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
      const attempts = await db().select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, delivery!.id)).orderBy(asc(webhookDeliveryAttempts.id))
      expect(attempts.map((attempt) => [attempt.status, attempt.error])).toEqual([[null, `refused: ${OUTBOUND_REFUSED}`]])
    })
  })
})
