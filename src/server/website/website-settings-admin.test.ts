import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { SettingsAdminMutationResponses, SettingsAdminQueryResponses } from '@/isomorphic/contract/admin-settings'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { getWebsiteCached } from './website-service'

// A store's settings in the console (issue 16): a save is versioned (a stale one is a 409 naming
// what changed), audited without the single sign-on secret, shown by the storefront at the next
// read, and refused to fulfilment (403) and to another store's manager (404).

type Q = SettingsAdminQueryResponses
type M = SettingsAdminMutationResponses

describe.each(testDatabaseKinds())('store settings in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let colleague: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    const otherStore = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager', email: `manager-${Date.now()}@example.test` })
    colleague = await staffContext(websiteId, { role: 'store_manager', email: `colleague-${Date.now()}@example.test` })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(otherStore, { role: 'store_manager' })
  })

  const read = (ctx = manager) => executeAdminQuery('settings.get', { websiteId }, ctx) as Promise<Q['settings.get']>
  const save = async (changes: Record<string, unknown>, ctx = manager) => {
    const current = await read(ctx)
    const { websiteId: _w, code: _c, sso, images: _i, recaptcha: _r, cardPayments: _p, ...fields } = current
    const { clientSecretSet: _s, ...ssoFields } = sso
    return executeAdminMutation('settings.save', { websiteId, ...fields, sso: ssoFields, ...changes }, ctx) as Promise<M['settings.save']>
  }

  test('a save changes what the storefront shows at its next read', async () => {
    await getWebsiteCached({ websiteId })
    const saved = await save({ name: 'Acme Team Store', contactPhone: '+1 303 555 0100', accentColor: '#1f2a44', analyticsId: 'G-TEST12345' })
    expect(saved).toMatchObject({ name: 'Acme Team Store', contactPhone: '+1 303 555 0100', accentColor: '#1f2a44', analyticsId: 'G-TEST12345' })
    const website = await getWebsiteCached({ websiteId })
    expect(website).toMatchObject({ name: 'Acme Team Store', accentColor: '#1f2a44', analyticsId: 'G-TEST12345' })
  })

  test('a save from a version someone else has since saved is a 409 naming who changed what', async () => {
    const { code: _code, sso: _sso, images: _images, recaptcha: _recaptcha, cardPayments: _cardPayments, ...opened } = await read()
    await save({ contactEmail: 'orders@acme.example' }, colleague)
    const error = await refusal(executeAdminMutation('settings.save', { ...opened, sso: { label: null }, description: 'Mine' }, manager))
    expect(error.code).toBe('conflict')
    expect(error.userMessage).toMatch(/changed by colleague-\d+@example\.test since you opened it \(contactEmail\)/)
    expect(isEditConflictData(error.data)).toBe(true)
    expect((await read()).description).not.toBe('Mine')
  })

  test("a store's own Stripe account needs both keys, keeps them when not given again, never answers them, and goes back to the install's", async () => {
    const incomplete = await refusal(save({ cardPayments: { account: 'own', secretKey: 'sk_test_clubaccount1234' } }))
    expect(incomplete.userMessage).toBe('To take card payments with the store’s own Stripe account, give its secret key and the signing secret of its webhook (both from the same Stripe account).')
    const malformed = await refusal(save({ cardPayments: { account: 'own', secretKey: 'pk_test_publishable', webhookSecret: 'whsec_abcdefgh12' } }))
    expect(malformed.code).toBe('invalid')

    const saved = await save({ cardPayments: { account: 'own', secretKey: 'sk_test_clubaccount1234', webhookSecret: 'whsec_clubsecret1234' } })
    expect(saved.cardPayments).toMatchObject({ ownAccount: true, webhookPath: '/api/payments/stripe/webhook' })
    expect(JSON.stringify(saved)).not.toContain('sk_test_clubaccount1234')
    const kept = await save({ name: 'Renamed with keys kept', cardPayments: { account: 'own' } })
    expect(kept.cardPayments.ownAccount).toBe(true)
    const [row] = await db().select({ key: websites.stripeSecretKey, secret: websites.stripeWebhookSecret }).from(websites).where(eq(websites.id, websiteId))
    expect(row).toEqual({ key: 'sk_test_clubaccount1234', secret: 'whsec_clubsecret1234' })

    const back = await save({ cardPayments: { account: 'install' } })
    expect(back.cardPayments.ownAccount).toBe(false)
    const [cleared] = await db().select({ key: websites.stripeSecretKey }).from(websites).where(eq(websites.id, websiteId))
    expect(cleared!.key).toBeNull()
  })

  test('the single sign-on secret is kept when not given, never answered and never audited', async () => {
    const secret = 'sso-client-secret-that-must-not-leak'
    const saved = await save({ sso: { label: 'Acme SSO', issuer: 'https://login.acme.example', clientId: 'webstore', clientSecret: secret, scope: '', tokenAuthMethod: 'client_secret_basic' } })
    expect(saved.sso).toMatchObject({ label: 'Acme SSO', clientSecretSet: true })
    expect(JSON.stringify(saved)).not.toContain(secret)
    const again = await save({ name: 'Acme Team Store 2' })
    expect(again.sso.clientSecretSet).toBe(true)
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, String(websiteId))).orderBy(asc(auditLog.id))
    const audit = JSON.stringify(rows.filter((row) => row.entityType === 'store_settings'))
    expect(audit).not.toContain(secret)
    expect(audit).toContain('"clientSecret":"changed"')
  })

  test('turning on single sign-on without a client secret or with a plain-http issuer is refused', async () => {
    const fresh = (await createWebsite()).id
    const owner = await staffContext(fresh)
    const current = (await executeAdminQuery('settings.get', { websiteId: fresh }, owner)) as Q['settings.get']
    const base = { websiteId: fresh, version: current.version, name: current.name, lockBrowsing: false, guestCheckout: true }
    const missing = await refusal(executeAdminMutation('settings.save', { ...base, sso: { label: 'SSO', issuer: 'https://login.example', clientId: 'x' } }, owner))
    expect(missing.userMessage).toMatch(/client secret/)
    const plain = await refusal(executeAdminMutation('settings.save', { ...base, sso: { label: 'SSO', issuer: 'http://login.example', clientId: 'x', clientSecret: 'y' } }, owner))
    expect(plain.userMessage).toMatch(/https:\/\//)
  })

  test('an accent colour white text cannot be read on is refused with the reason', async () => {
    const error = await refusal(save({ accentColor: '#ffe066' }))
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/dark enough for white text/)
  })

  test('an accent colour that is not a colour at all is a refusal naming the field and the forms it takes, and changes nothing', async () => {
    const before = await read()
    for (const accentColor of ['red', '#12', 'rgb(1, 2)']) {
      const error = await refusal(save({ accentColor }))
      expect(error.code).toBe('invalid')
      expect(error.message).toMatch(/accentColor.*must be a CSS colour like "#1f2a44" or "rgb\(31, 42, 68\)"/)
      expect(error.message).not.toMatch(/dark enough/)
    }
    expect((await read()).version).toBe(before.version)
  })

  test('fulfilment is refused with 403 and another store’s manager with 404', async () => {
    expect((await refusal(read(fulfilment))).code).toBe('forbidden')
    expect((await refusal(executeAdminQuery('settings.get', { websiteId }, otherManager))).code).toBe('not_found')
    const current = await read()
    const value = { websiteId, version: current.version, name: 'Taken over', lockBrowsing: true, guestCheckout: false, sso: { label: null } }
    expect((await refusal(executeAdminMutation('settings.save', value, fulfilment))).code).toBe('forbidden')
    expect((await refusal(executeAdminMutation('settings.save', value, otherManager))).code).toBe('not_found')
    expect((await read()).name).not.toBe('Taken over')
  })
})
