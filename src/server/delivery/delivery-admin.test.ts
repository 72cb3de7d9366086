import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { DeliveryAdminMutationResponses, DeliveryAdminQueryResponses } from '@/isomorphic/contract/admin-delivery'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, deliveryMethods } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { listDeliveryMethods } from './delivery-methods-service'

// Delivery methods in the console (issue 16): saved in the store file's shape and checked by its
// schema, priced by the checkout's own reader at once, carrier secrets write-only (kept when left
// empty, never answered or audited), versioned, and refused to fulfilment and other stores.

type Q = DeliveryAdminQueryResponses
type M = DeliveryAdminMutationResponses

describe.each(testDatabaseKinds())('delivery methods in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
  })

  const save = (value: Record<string, unknown>, ctx = manager) => executeAdminMutation('delivery.saveMethod', { websiteId, id: null, ...value }, ctx) as Promise<M['delivery.saveMethod']>

  test('a rule-priced method saved in the console is quoted by the checkout’s reader at once', async () => {
    const saved = await save({
      method: {
        name: 'Ground',
        description: 'Arrives in 3–5 business days',
        deliveryType: 'base_on_rule',
        priceRules: [
          { variable: 'weight', operator: '<=', maxValue: 5, listBasePrice: 8.5 },
          { variable: 'weight', operator: '>', maxValue: 5, listBasePrice: 8.5, listPrice: 1.25, variableFactor: 'weight' },
        ],
        freeOverAmount: 150,
      },
    })
    expect(saved.method).toMatchObject({ name: 'Ground', deliveryType: 'base_on_rule', freeOverAmount: 150 })
    expect(saved.method.priceRules).toHaveLength(2)
    const methods = await listDeliveryMethods({ websiteId })
    const ground = methods.find((method) => method.name === 'Ground')
    expect(ground).toMatchObject({ freeOver: true, amout: 150 })
    expect(ground?.priceRuleIds.map((rule) => rule.listBasePrice)).toEqual([8.5, 8.5])
  })

  test('the store file’s rules refuse a carrier method without its credentials, naming the field', async () => {
    const error = await refusal(save({ method: { name: 'UPS', deliveryType: 'ups_rubikx', url: 'https://onlinetools.ups.com' } }))
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/value\.method\.credentials\.upsClientId/)
  })

  test('a carrier secret is kept when left empty, never answered and never audited', async () => {
    const secret = 'ups-secret-that-must-not-leak'
    const created = await save({
      method: { name: 'UPS Ground', deliveryType: 'ups_rubikx', url: 'https://onlinetools.ups.com', credentials: { upsClientId: 'client-1', upsClientSecret: secret, upsAccountNumber: 'A1B2C3' } },
    })
    expect(created.secretsSet.upsClientSecret).toBe(true)
    expect(created.method.credentials).toEqual({ upsClientId: 'client-1', upsAccountNumber: 'A1B2C3' })
    const edited = await save({ id: created.id, version: created.version, method: { ...created.method, margin: 10, credentials: { ...created.method.credentials, upsClientSecret: '' } } })
    expect(edited.method.margin).toBe(10)
    const [row] = await db().select().from(deliveryMethods).where(eq(deliveryMethods.id, created.id))
    expect(row!.credentials.upsClientSecret).toBe(secret)
    const read = await executeAdminQuery('delivery.method', { websiteId, id: created.id }, manager)
    expect(JSON.stringify(read)).not.toContain(secret)
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, String(created.id))).orderBy(asc(auditLog.id))
    expect(JSON.stringify(audit)).not.toContain(secret)
    expect(audit.filter((entry) => entry.entityType === 'delivery_method')).toHaveLength(2)
  })

  test('a second method with a taken name is a 409 with a sentence', async () => {
    await save({ method: { name: 'Pickup', deliveryType: 'fixed', price: 0 } })
    const error = await refusal(save({ method: { name: 'Pickup', deliveryType: 'fixed', price: 5 } }))
    expect(error.code).toBe('conflict')
    expect(error.userMessage).toMatch(/has this name/)
  })

  test('a stale save is a 409, and a deactivated method leaves the checkout’s list', async () => {
    const created = await save({ method: { name: 'Courier', deliveryType: 'fixed', price: 25 } })
    const off = (await executeAdminMutation('delivery.setMethodActive', { websiteId, id: created.id, version: created.version, active: false }, manager)) as M['delivery.setMethodActive']
    expect(off.method.active).toBe(false)
    expect((await listDeliveryMethods({ websiteId })).map((method) => method.name)).not.toContain('Courier')
    const stale = await refusal(save({ id: created.id, version: created.version, method: { ...created.method, price: 30 } }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toMatch(/The delivery method Courier was changed by .* since you opened it \(active\)/)
  })

  test('fulfilment is refused with 403 and another store’s manager with 404', async () => {
    const list = (ctx: CoreContext) => executeAdminQuery('delivery.methods', { websiteId }, ctx) as Promise<Q['delivery.methods']>
    expect((await list(manager)).length).toBeGreaterThan(0)
    expect((await refusal(list(fulfilment))).code).toBe('forbidden')
    expect((await refusal(list(otherManager))).code).toBe('not_found')
    expect((await refusal(save({ method: { name: 'Sneaky', deliveryType: 'fixed' } }, otherManager))).code).toBe('not_found')
  })
})
