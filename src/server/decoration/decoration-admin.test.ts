import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { DecorationPartnerAdminEntry, DecorationSettingsAdminData, LogosAdminData } from '@/isomorphic/contract/admin-decoration'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { auditLog, decorationMethods, logos, workOrders } from '@/server/db/schema'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createDecorationStore, type DecorationStore } from '../../../tests/factories/decoration'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { getDecorationOptionsCached } from './decoration-options-service'

// Decoration in the console (issue 16): a store's methods, print areas, fonts, palette and upload
// settings, the install's logos and decoration partners; versioned, audited, by the store's managers
// only, and seen by the decoration editor at once.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-decoration-admin-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

describe.each(testDatabaseKinds())('decoration in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: DecorationStore
  let websiteId: number
  let manager: Awaited<ReturnType<typeof staffContext>>

  const settings = (ctx = manager) => executeAdminQuery('decorationSettings.get', { websiteId }, ctx) as Promise<DecorationSettingsAdminData>
  const mutate = <T = { id: number; version: number }>(key: Parameters<typeof executeAdminMutation>[0], value: Record<string, unknown>, ctx = manager) =>
    executeAdminMutation(key, { websiteId, ...value }, ctx) as Promise<T>
  const options = () => getDecorationOptionsCached({ websiteId, productId: store.hoodie.id, colorValueId: store.navyHoodieId })
  const audit = (entityType: string, entityId: number | string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    store = await createDecorationStore()
    websiteId = store.websiteId
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('a changed setup fee is in the editor’s options at once, audited, and a save from the older version is a 409 naming the change', async () => {
    expect((await options()).methods.find((method) => method.code === 'embroidery')!.setupFee).toBe(2500)
    const embroidery = (await settings()).methods.find((method) => method.code === 'embroidery')!
    expect(embroidery).toMatchObject({ setupFee: 25, pricePerLocation: 4.5, version: 1 })
    const saved = await mutate<{ version: number }>('decorationMethods.save', { ...embroidery, setupFee: 30.5 })
    expect(saved.version).toBe(2)
    expect((await options()).methods.find((method) => method.code === 'embroidery')!.setupFee).toBe(3050)

    const stale = await refusal(mutate('decorationMethods.save', { ...embroidery, setupFee: 10 }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toMatch(/^The method Embroidery was changed by .* since you opened it \(setupFeeAmount\)/)
    expect(isEditConflictData(stale.data)).toBe(true)
    const [method] = await db()
      .select({ id: decorationMethods.id })
      .from(decorationMethods)
      .where(and(eq(decorationMethods.websiteId, websiteId), eq(decorationMethods.code, 'embroidery')))
    const [row] = await audit('decorationMethod', method!.id)
    expect(row).toMatchObject({ action: 'decorationMethod.update', before: expect.objectContaining({ setupFeeAmount: 2500 }), after: expect.objectContaining({ setupFeeAmount: 3050, version: 2 }) })
  })

  test('a method the store does not offer yet is added after its others, and adding it again is refused with a sentence', async () => {
    const heat = { code: 'heat_transfer', name: 'Heat transfer', minWidth: 1, minHeight: 0.5, maxColors: null, fileTypes: ['png'], setupFee: 0, pricePerLocation: 6 }
    const added = await mutate<{ code: string; version: number }>('decorationMethods.save', heat)
    expect(added).toEqual({ code: 'heat_transfer', version: 1 })
    expect((await settings()).methods.map((method) => method.code).at(-1)).toBe('heat_transfer')
    expect((await options()).methods.find((method) => method.code === 'heat_transfer')).toMatchObject({ pricePerLocation: 600, maxColors: null, fileTypes: ['png'] })
    const again = await refusal(mutate('decorationMethods.save', heat))
    expect(again.userMessage).toBe('This store already offers Heat transfer. Reload the page and edit it there.')
  })

  test('a palette colour and a font added in the settings are in the editor’s options at once; a bad colour is refused with a sentence', async () => {
    const current = await settings()
    const saved = await mutate<{ version: number }>('decorationSettings.save', {
      version: current.version,
      fonts: [...current.fonts, { id: 'script', name: 'Script', cssFamily: "'DejaVu Serif', serif" }],
      palette: [...current.palette, { name: 'Forest', hex: '#1b5e20' }],
      uploads: current.uploads,
    })
    expect(saved.version).toBe(current.version! + 1)
    const shown = await options()
    expect(shown.palette).toContainEqual({ name: 'Forest', hex: '#1b5e20' })
    expect(shown.fonts.map((font) => font.id)).toContain('script')

    const bad = await refusal(mutate('decorationSettings.save', { version: saved.version, fonts: [], palette: [{ name: 'Evil', hex: 'red;background:url(x)' }], uploads: current.uploads }))
    expect(bad.code).toBe('invalid')
    expect(bad.userMessage).toMatch(/hex.*must be a colour like "#1a2b3c"/)
    const noRights = await refusal(mutate('decorationSettings.save', { version: saved.version, fonts: [], palette: [], uploads: { allowed: true, maxBytes: 100_000, rightsStatement: ' ' } }))
    expect(noRights.userMessage).toMatch(/rightsStatement is required when uploads are allowed/)
    expect((await audit('decorationSettings', websiteId)).map((row) => row.action)).toEqual(['decorationSettings.update'])
  })

  test('a print area is added inside its garment view, refused past its edge, and deleted with its version', async () => {
    const created = await mutate('printAreas.save', { garmentKind: 'hoodie', productId: null, code: 'hem-tag', name: 'Hem tag', view: 'front', x: 2, y: 10, width: 3, height: 4, methods: ['embroidery'] })
    const data = await settings()
    expect(data.printAreas.find((area) => area.id === created.id)).toMatchObject({ code: 'hem-tag', garmentKind: 'hoodie', width: 3 })
    expect(data.viewImages['hoodie:front']).toMatch(/^\/api\/images\//)
    expect((await options()).printAreas.map((area) => area.code)).toContain('hem-tag')

    const past = await refusal(mutate('printAreas.save', { garmentKind: 'hoodie', productId: null, code: 'too-wide', name: 'Too wide', view: 'front', x: 40, y: 1, width: 10, height: 4, methods: ['embroidery'] }))
    expect(past.userMessage).toBe('The area ends at 50 in, past the 44 in wide hoodie view. Make it narrower or move it left.')
    const notOffered = await refusal(mutate('printAreas.save', { garmentKind: 'hoodie', productId: null, code: 'dtg-area', name: 'DTG', view: 'front', x: 1, y: 1, width: 4, height: 4, methods: ['dtg'] }))
    expect(notOffered.userMessage).toMatch(/^This store does not offer Direct to garment\./)

    await mutate('printAreas.delete', { id: created.id, version: created.version })
    expect((await options()).printAreas.map((area) => area.code)).not.toContain('hem-tag')
    expect((await audit('printArea', created.id)).map((row) => row.action).sort()).toEqual(['printArea.create', 'printArea.delete'])
  })

  test('a logo is created with its partner and methods, renamed with its version, and the editor shows the new name', async () => {
    const list = (await executeAdminQuery('logos.list', { websiteId }, manager)) as LogosAdminData
    const peak = list.logos.find((logo) => logo.id === store.peak.id)!
    expect(peak).toMatchObject({ name: 'Peak Mark', productCount: 1 })
    expect(peak.thumbnailUrl).toMatch(/^\/api\/images\//)
    expect(list.methods.map((method) => method.code)).toEqual(expect.arrayContaining(['embroidery', 'screen_print']))

    const renamed = await mutate('logos.save', { id: peak.id, version: peak.version, code: peak.code, name: 'Peak Mark (2026)', decorationPartnerId: peak.decorationPartnerId, decorationMethod: 'embroidery', methods: ['embroidery', 'screen_print'], colorCount: 2 })
    expect(renamed.version).toBe(peak.version + 1)
    const shown = (await options()).logos.find((logo) => logo.id === peak.id)!
    expect(shown).toMatchObject({ name: 'Peak Mark (2026)', methods: ['embroidery', 'screen_print'] })
    expect((await refusal(mutate('logos.save', { id: peak.id, version: peak.version, code: peak.code, name: 'Old', decorationPartnerId: peak.decorationPartnerId, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 2 }))).code).toBe('conflict')

    const partner = await createDecorationPartner()
    const created = await mutate('logos.save', { code: `NEW-${kind}`, name: 'New crest', decorationPartnerId: partner.id, decorationMethod: 'screen print', methods: ['screen_print'], colorCount: 3 })
    const [row] = await db().select().from(logos).where(eq(logos.id, created.id))
    expect(row).toMatchObject({ name: 'New crest', decorationMethod: 'screen print', colorCount: 3, image: null, version: 1 })
    const duplicate = await refusal(mutate('logos.save', { code: `NEW-${kind}`, name: 'Again', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 }))
    expect(duplicate.userMessage).toBe(`There is already a logo with the code “NEW-${kind}”. Choose another code.`)
    expect((await audit('logo', peak.id)).map((row) => row.action)).toEqual(['logo.update'])
  })

  test('a decoration partner is created and edited with its origin address; one with logos is not deleted, an unused one is', async () => {
    const created = await mutate('decorationPartners.save', {
      code: `STITCH-${kind}`,
      name: 'Stitch Works',
      email: 'orders@stitch.example',
      address: { street: '12 Mill St', city: 'Boulder', state: 'CO', zip: '80302', country: 'US' },
    })
    const edited = await mutate('decorationPartners.save', {
      id: created.id,
      version: created.version,
      code: `STITCH-${kind}`,
      name: 'Stitch Works Inc.',
      address: { street: '14 Mill St', city: 'Boulder', state: 'CO', zip: '80302', country: 'US' },
    })
    expect(edited.version).toBe(2)
    const badZip = await refusal(mutate('decorationPartners.save', { code: 'ZIP', name: 'Zip', address: { street: '1 A St', city: 'Denver', state: 'CO', zip: 'ABCDE', country: 'US' } }))
    expect(badZip.userMessage).toMatch(/zip.*must be a US ZIP code like "80202"/)

    const partners = ((await executeAdminQuery('decorationPartners.list', { websiteId }, manager)) as { partners: DecorationPartnerAdminEntry[] }).partners
    expect(partners.find((partner) => partner.id === created.id)).toMatchObject({ name: 'Stitch Works Inc.', address: { street: '14 Mill St', zip: '80302' }, email: null, logoCount: 0 })

    const peakPartner = partners.find((partner) => partner.id === store.peak.decorationPartnerId)!
    const kept = await refusal(mutate('decorationPartners.delete', { id: peakPartner.id, version: peakPartner.version }))
    expect(kept.code).toBe('conflict')
    expect(kept.userMessage).toMatch(/^The decoration partner “.*” has 1 logo, so it cannot be deleted\./)

    await mutate('decorationPartners.delete', { id: created.id, version: edited.version })
    expect((await audit('decorationPartner', created.id)).map((row) => row.action)).toEqual(['decorationPartner.create', 'decorationPartner.update', 'decorationPartner.delete'])
  })

  test("a partner's work order count is the store's own: another store's work orders for the same partner are not counted (issue 25)", async () => {
    const partner = await createDecorationPartner({ code: `SHARED-${kind}`, name: 'Shared Prints' })
    const other = await createWebsite()
    for (const [store, count] of [[websiteId, 1], [other.id, 2]] as const) {
      for (let n = 0; n < count; n++) {
        const order = await insertConsoleOrder({ websiteId: store })
        await db().insert(workOrders).values({ websiteId: store, orderId: order.id, decorationPartnerId: partner.id, reference: `${order.name}-1` })
      }
    }
    const partners = ((await executeAdminQuery('decorationPartners.list', { websiteId }, manager)) as { partners: DecorationPartnerAdminEntry[] }).partners
    expect(partners.find((entry) => entry.id === partner.id)).toMatchObject({ workOrderCount: 1 })
  })

  test('a deactivated partner keeps its logos, is marked inactive, is offered for no new logo, and can be activated again', async () => {
    const partner = await mutate('decorationPartners.save', { code: `ACTIVE-${kind}`, name: 'Thread House', address: { street: '3 Loom Rd', city: 'Denver', state: 'CO', zip: '80202', country: 'US' } })
    const logo = await mutate('logos.save', { code: `THREAD-${kind}`, name: 'Thread crest', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 })
    const unused = await mutate('decorationPartners.save', { code: `IDLE-${kind}`, name: 'Idle Prints', address: { street: '4 Ink Way', city: 'Denver', state: 'CO', zip: '80202', country: 'US' } })

    const off = await mutate('decorationPartners.setActive', { id: partner.id, version: partner.version, active: false })
    expect(off.version).toBe(partner.version + 1)
    await mutate('decorationPartners.setActive', { id: unused.id, version: unused.version, active: false })
    const partners = ((await executeAdminQuery('decorationPartners.list', { websiteId }, manager)) as { partners: DecorationPartnerAdminEntry[] }).partners
    expect(partners.find((entry) => entry.id === partner.id)).toMatchObject({ active: false, logoCount: 1 })
    // The logo form offers the inactive partner only to the logo that still has it.
    const offered = ((await executeAdminQuery('logos.list', { websiteId }, manager)) as LogosAdminData).partners
    expect(offered.find((entry) => entry.id === partner.id)).toMatchObject({ active: false })
    expect(offered.some((entry) => entry.id === unused.id)).toBe(false)

    const refused = await refusal(mutate('logos.save', { code: `NEW-THREAD-${kind}`, name: 'Another', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 }))
    expect(refused.code).toBe('invalid')
    expect(refused.userMessage).toBe('The decoration partner “Thread House” is inactive: choose an active partner, or activate it again in Decoration partners.')
    // The logo that has it may still be edited, keeping its partner.
    const renamed = await mutate('logos.save', { id: logo.id, version: logo.version, code: `THREAD-${kind}`, name: 'Thread crest 2', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 })
    expect(renamed.version).toBe(logo.version + 1)

    const stale = await refusal(mutate('decorationPartners.setActive', { id: partner.id, version: partner.version, active: true }))
    expect(stale.code).toBe('conflict')
    await mutate('decorationPartners.setActive', { id: partner.id, version: off.version, active: true })
    const added = await mutate('logos.save', { code: `NEW-THREAD-${kind}`, name: 'Another', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 })
    expect(added.id).toBeGreaterThan(0)
    expect((await audit('decorationPartner', partner.id)).map((row) => row.action)).toEqual(['decorationPartner.create', 'decorationPartner.deactivate', 'decorationPartner.activate'])

    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
    const value = { id: unused.id, version: unused.version + 1, active: true }
    expect((await refusal(mutate('decorationPartners.setActive', value, fulfilment))).code).toBe('forbidden')
    expect((await refusal(mutate('decorationPartners.setActive', value, otherManager))).code).toBe('not_found')
  })

  test('a logo on a product is not deleted (409 saying on how many); an unused one is deleted, audited; fulfilment gets 403 and another store’s manager 404', async () => {
    const peak = ((await executeAdminQuery('logos.list', { websiteId }, manager)) as LogosAdminData).logos.find((logo) => logo.id === store.peak.id)!
    const kept = await refusal(mutate('logos.delete', { id: peak.id, version: peak.version }))
    expect(kept.code).toBe('conflict')
    expect(kept.userMessage).toBe(`The logo “${peak.name}” is on 1 product, so it cannot be deleted. Take it off that product in Products first.`)
    expect(await db().select().from(logos).where(eq(logos.id, peak.id))).toHaveLength(1)

    const partner = await createDecorationPartner()
    const unused = await mutate('logos.save', { code: `UNUSED-${kind}`, name: 'Unused crest', decorationPartnerId: partner.id, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 })
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
    expect((await refusal(mutate('logos.delete', { id: unused.id, version: unused.version }, fulfilment))).code).toBe('forbidden')
    expect((await refusal(mutate('logos.delete', { id: unused.id, version: unused.version }, otherManager))).code).toBe('not_found')
    expect((await refusal(mutate('logos.delete', { id: unused.id, version: unused.version + 1 }))).code).toBe('conflict')

    expect(await mutate('logos.delete', { id: unused.id, version: unused.version })).toEqual({ deleted: unused.id })
    expect(await db().select().from(logos).where(eq(logos.id, unused.id))).toHaveLength(0)
    expect((await audit('logo', unused.id)).map((row) => row.action)).toEqual(['logo.create', 'logo.delete'])
  })

  test('a fulfilment member is refused (403), a manager of another store is told it does not exist (404), and a shared logo other stores use is an owner’s to change', async () => {
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await refusal(settings(fulfilment))).code).toBe('forbidden')
    expect((await refusal(mutate('decorationSettings.save', { fonts: [], palette: [], uploads: { allowed: false, maxBytes: 2_000_000, rightsStatement: '' } }, fulfilment))).code).toBe('forbidden')

    const otherWebsiteId = (await createWebsite()).id
    const otherManager = await staffContext(otherWebsiteId, { role: 'store_manager' })
    expect((await refusal(settings(otherManager))).code).toBe('not_found')
    const embroidery = (await settings()).methods.find((method) => method.code === 'embroidery')!
    expect((await refusal(mutate('decorationMethods.save', { ...embroidery, setupFee: 0 }, otherManager))).code).toBe('not_found')

    // The peak mark is on this store's hoodie: the other store's manager, acting from their own store, may not change it.
    const peak = ((await executeAdminQuery('logos.list', { websiteId: otherWebsiteId }, otherManager)) as LogosAdminData).logos.find((logo) => logo.id === store.peak.id)!
    expect(peak.productCount).toBe(0)
    const shared = await refusal(
      executeAdminMutation('logos.save', { websiteId: otherWebsiteId, id: peak.id, version: peak.version, code: peak.code, name: 'Taken', decorationPartnerId: peak.decorationPartnerId, decorationMethod: 'embroidery', methods: ['embroidery'], colorCount: 1 }, otherManager),
    )
    expect(shared.code).toBe('forbidden')
    expect(shared.userMessage).toMatch(/is also used by products of stores you do not manage\. Ask an owner to change it\.$/)
  })
})
