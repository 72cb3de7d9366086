import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { PromotionDetail, PromotionPage } from '@/isomorphic/contract/admin-selling'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { createProduct } from '../../../tests/factories/catalog'
import { nextSequence } from '../../../tests/factories/sequence'
import { createPromotion } from '../../../tests/factories/store-settings'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, promotionPrograms } from '../db/schema'
import { coreContext, GUEST } from '../kernel/context'
import { NOT_ALLOWED } from '../kernel/permissions'
import { importStoreFile } from '../store-import/store-import-service'
import { evaluatePromotions, PROGRAM_COLUMNS, type PromotionLine } from './promotion-engine'

// Promotions in the console (issue 16): what a manager saves is the row a store file would write,
// so the one engine applies it alike; saves are versioned, audited, and refuse a code in use.

const DAY_MS = 24 * 60 * 60_000

describe.each(testDatabaseKinds())('promotions in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherStoreId: number
  let productSlug: string
  let lines: PromotionLine[]

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherStoreId = (await createWebsite()).id
    const polo = await createProduct({ websiteId, name: 'Console Polo' })
    productSlug = polo.slug
    lines = [{ key: `${polo.id}:1:1`, productId: polo.id, totalQuantity: 4, amount: 8_000 }]
  })

  const save = async (ctx: Awaited<ReturnType<typeof staffContext>>, value: Record<string, unknown>) =>
    (await executeAdminMutation('promotions.save', { websiteId, ...value }, ctx)) as PromotionDetail
  const tenPercent = (code: string, extra: Record<string, unknown> = {}) => ({
    name: `Ten percent ${code}`,
    rewardType: 'discount',
    promoCode: code,
    discount: { type: 'percentage', percentage: 10 },
    ...extra,
  })

  test('a manager creates a 10% code: it is listed, audited, and the engine takes 10% off a cart with it', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const code = `TEN${nextSequence()}`
    const saved = await save(manager, { promotion: tenPercent(code, { minimumAmount: 50, products: [productSlug] }) })
    expect(saved).toMatchObject({ promoCode: code, status: 'active', reward: '10% off the order', uses: 0, version: 1 })
    expect(saved.promotion).toMatchObject({ promoCode: code, minimumAmount: 50, products: [productSlug], discount: { type: 'percentage', percentage: 10, applyOn: 'on_order' } })

    const result = await evaluatePromotions(db(), { websiteId, partnerId: null, lines, subtotal: 8_000, shipping: 995, promoCode: code.toLowerCase() })
    expect(result).toMatchObject({ codeProgramId: saved.id, codeError: null, discount: 800 })

    const page = (await executeAdminQuery('promotions.list', { websiteId, search: code.toLowerCase() }, manager)) as PromotionPage
    expect(page.rows.map((row) => row.id)).toEqual([saved.id])
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'promotion'), eq(auditLog.entityId, String(saved.id))))
    expect(audit).toMatchObject({ action: 'promotion.create', staffId: manager.staff.staffId, websiteId })
  })

  test('a save from an older version is a 409 that names what changed, and changes nothing', async () => {
    const [alice, bob] = [await staffContext(websiteId, { role: 'store_manager' }), await staffContext(websiteId, { role: 'owner' })]
    const code = `STALE${nextSequence()}`
    const opened = await save(alice, { promotion: tenPercent(code) })
    await save(bob, { id: opened.id, version: opened.version, promotion: { ...opened.promotion, discount: { type: 'percentage', percentage: 15 } } })

    const stale = await refusal(save(alice, { id: opened.id, version: opened.version, promotion: { ...opened.promotion, name: 'Alice’s name' } }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toContain(bob.staff.email)
    expect(isEditConflictData(stale.data) && stale.data.changes.map((change) => change.field)).toEqual(['discount'])
    const current = (await executeAdminQuery('promotions.get', { websiteId, id: opened.id }, alice)) as PromotionDetail
    expect(current).toMatchObject({ name: opened.name, version: 2, promotion: { discount: { percentage: 15 } } })
  })

  test('a code another promotion of the store has, in any case, is a 409 with a sentence; another store may use it', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const code = `DUP${nextSequence()}`
    await save(manager, { promotion: tenPercent(code) })
    const taken = await refusal(save(manager, { promotion: { ...tenPercent(code.toLowerCase()), name: `Another ${code}` } }))
    expect([taken.code, taken.userMessage]).toEqual(['conflict', expect.stringContaining(`The code ${code.toLowerCase()} is already used by the promotion “Ten percent ${code}”`)])

    const disabled = await createPromotion({ websiteId, promoCodeUsage: 'code_needed', promoCode: `OLD${code}`, isActive: false })
    expect((await refusal(save(manager, { promotion: tenPercent(`OLD${code}`) }))).code).toBe('conflict')
    expect(disabled.isActive).toBe(false)

    const elsewhere = await staffContext(otherStoreId, { role: 'store_manager' })
    expect((await executeAdminMutation('promotions.save', { websiteId: otherStoreId, promotion: tenPercent(code) }, elsewhere)) as PromotionDetail).toMatchObject({ promoCode: code })
  })

  test('the store file’s rules refuse a bad promotion with a sentence, and an unknown product by name', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const noPercent = await refusal(save(manager, { promotion: { name: 'Half', rewardType: 'discount', discount: { type: 'percentage' } } }))
    expect([noPercent.code, noPercent.userMessage]).toEqual(['invalid', expect.stringContaining('is required for a percentage discount')])
    const backwards = await refusal(save(manager, { promotion: { ...tenPercent(`BACK${nextSequence()}`), dateFrom: '2030-02-01', dateTo: '2030-01-01' } }))
    expect(backwards.userMessage).toContain('must not be before dateFrom')
    const unknown = await refusal(save(manager, { promotion: { ...tenPercent(`GONE${nextSequence()}`), products: ['no-such-product'] } }))
    expect([unknown.code, unknown.userMessage]).toEqual(['invalid', expect.stringContaining('“no-such-product” is not in this store')])
  })

  test('statuses: a disabled, a scheduled and an ended promotion are listed under their status; switching one on is versioned and audited', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const tag = `ST${nextSequence()}`
    const later = await save(manager, { promotion: { ...tenPercent(`${tag}L`), dateFrom: new Date(Date.now() + DAY_MS).toISOString() } })
    const ended = await save(manager, { promotion: { ...tenPercent(`${tag}E`), dateTo: new Date(Date.now() - DAY_MS).toISOString() } })
    const off = await save(manager, { promotion: { ...tenPercent(`${tag}D`), active: false } })
    const ids = async (status: string) =>
      ((await executeAdminQuery('promotions.list', { websiteId, status, search: tag }, manager)) as PromotionPage).rows.map((row) => row.id)
    expect([await ids('scheduled'), await ids('expired'), await ids('disabled'), await ids('active')]).toEqual([[later.id], [ended.id], [off.id], []])

    const on = (await executeAdminMutation('promotions.setActive', { websiteId, id: off.id, version: off.version, active: true }, manager)) as PromotionDetail
    expect(on).toMatchObject({ status: 'active', version: off.version + 1 })
    expect((await refusal(executeAdminMutation('promotions.setActive', { websiteId, id: off.id, version: off.version, active: false }, manager))).code).toBe('conflict')
    const actions = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'promotion'), eq(auditLog.entityId, String(off.id))))
    expect(actions.map((row) => row.action)).toEqual(['promotion.create', 'promotion.enable'])
  })

  test('fulfilment is refused (403), another store’s manager gets 404, a guest 401', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const saved = await save(owner, { promotion: tenPercent(`SAFE${nextSequence()}`) })
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const forbidden = await refusal(executeAdminQuery('promotions.list', { websiteId }, fulfilment))
    expect([forbidden.code, forbidden.userMessage]).toEqual(['forbidden', NOT_ALLOWED])
    expect((await refusal(save(fulfilment, { promotion: tenPercent(`NOPE${nextSequence()}`) }))).code).toBe('forbidden')

    const stranger = await staffContext(otherStoreId, { role: 'store_manager' })
    expect((await refusal(executeAdminQuery('promotions.get', { websiteId, id: saved.id }, stranger))).code).toBe('not_found')
    expect((await refusal(executeAdminQuery('promotions.get', { websiteId: otherStoreId, id: saved.id }, stranger))).code).toBe('not_found')
    expect((await refusal(executeAdminMutation('promotions.setActive', { websiteId: otherStoreId, id: saved.id, version: 1, active: false }, stranger))).code).toBe('not_found')
    const guest = coreContext({ websiteId, actor: GUEST, clientKey: '198.51.100.4' })
    expect((await refusal(executeAdminQuery('promotions.list', { websiteId }, guest))).code).toBe('unauthorized')
    expect(((await executeAdminQuery('promotions.get', { websiteId, id: saved.id }, owner)) as PromotionDetail).promotion.active).toBe(true)
  })
})

describe.each(testDatabaseKinds())('a promotion from the console and the same one from a store file on %s', (kind) => {
    const imported = useTestDatabase(kind)
    beforeAll(() => vi.stubEnv('IMAGES_DIR', path.join(os.tmpdir(), 'webstore-test-images')))
    afterAll(() => vi.unstubAllEnvs())

    test('a promotion saved in the console is the row the store file writes, and applies at the cart alike', async () => {
      const promotion = {
        rewardType: 'discount',
        minimumAmount: 20,
        minimumQuantity: 2,
        products: ['field-tee'],
        maximumUses: 100,
        maximumUsesPerCustomer: 1,
        discount: { type: 'fixed_amount', fixedAmount: 7.5, applyOn: 'specific_products' },
        dateFrom: new Date(Date.now() - DAY_MS).toISOString(),
        dateTo: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      }
      const { filePath: file } = await writeStoreFile(buildStoreFile({ promotions: [{ name: 'From the file', promoCode: 'FILE-OFF', ...promotion }] }))
      const { websiteId: storeId } = await importStoreFile({ filePath: file })
      const manager = await staffContext(storeId, { role: 'store_manager' })
      const saved = (await executeAdminMutation('promotions.save', { websiteId: storeId, promotion: { name: 'From the console', promoCode: 'CONSOLE-OFF', ...promotion } }, manager)) as PromotionDetail

      const rows = await imported.db().select(PROGRAM_COLUMNS).from(promotionPrograms).where(eq(promotionPrograms.websiteId, storeId)).orderBy(promotionPrograms.id)
      const engineFields = rows.map(({ id: _id, name: _name, promoCode: _code, ...fields }) => fields)
      expect(engineFields).toHaveLength(2)
      expect(engineFields[1]).toEqual(engineFields[0])

      const [fileProgram] = rows
      const tee = fileProgram!.ruleProductIds[0]!
      const cart: PromotionLine[] = [{ key: `${tee}:1:1`, productId: tee, totalQuantity: 3, amount: 3_750 }]
      const at = (promoCode: string) =>
        evaluatePromotions(imported.db(), { websiteId: storeId, partnerId: null, lines: cart, subtotal: 3_750, shipping: 995, promoCode, customer: { partnerId: null, email: 'a@example.com' } })
      const [byFile, byConsole] = await Promise.all([at('file-off'), at('console-off')])
      expect(byFile).toMatchObject({ discount: 750, codeError: null, codeProgramId: fileProgram!.id })
      expect(byConsole).toMatchObject({ discount: 750, codeError: null, codeProgramId: saved.id })
      expect(byConsole.lineDiscounts).toEqual(byFile.lineDiscounts)
    })
  })
