import { existsSync, mkdtempSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { SavedDesign } from '@/isomorphic/decoration-types'
import type { OrderData } from '@/isomorphic/order-types'
import { chestAndBackDesign, createDecorationStore, type DecorationStore } from '../../../tests/factories/decoration'
import { guestContext, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryCache, invalidateCaches, useNamedCache } from '../cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { CartSummaryRequestSchema } from '@/isomorphic/contract/cart'
import { summarizeCart } from '../checkout/cart-summary-service'
import { designs, orderLines, products } from '../db/schema'
import { buildOrderPdf } from '../documents/order-document-service'
import { pdfImageCount, pdfTextRuns } from '../documents/document-test-support'
import { imagesRoot } from '../images/image-store'
import { refusal } from '../../../tests/support/domain-refusal'

// Designs are drawn into a scratch image store of this file's own.
const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-designs-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

async function save(ctx: CoreContext, design: unknown, id?: string): Promise<SavedDesign> {
  const answer = (await executeMutation('saveDesign', { design, ...(id ? { id } : {}) }, ctx)) as { saveDesign: { design: SavedDesign } }
  return answer.saveDesign.design
}

/** The stored image behind an image route address ('/api/images/stores/{id}/uploads/designs/…/800x800/front.hash_800x800.webp'). */
function storedFile(url: string): string {
  const segments = url.replace(/^\/api\/images\//, '').split('/')
  const name = segments.at(-1)!.replace(/_\d+x\d+\.(webp|png)$/, '.png')
  return path.join(imagesRoot(), ...segments.slice(0, -2), name)
}

/** Pixels in a box (in inches on a 44 in view drawn 1200 px wide) within `tolerance` of `hex`. */
async function pixelsNear(png: Buffer, box: { x: number; y: number; width: number; height: number }, hex: string, tolerance = 40): Promise<number> {
  const scale = 1200 / 44
  const { data, info } = await sharp(png)
    .extract({ left: Math.round(box.x * scale), top: Math.round(box.y * scale), width: Math.round(box.width * scale), height: Math.round(box.height * scale) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number]
  let count = 0
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) <= tolerance) count++
  }
  return count
}

describe.each(testDatabaseKinds())('the decoration editor on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: DecorationStore

  beforeAll(async () => {
    forgetSigningKey()
    useNamedCache(createMemoryCache())
    store = await createDecorationStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  describe('getDecorationOptions', () => {
    test('offers a published product in a colour: both views drawn, its print areas, its approved logos only, methods, fonts, palette and uploads', async () => {
      const { decorationOptions: options } = await runQuery('getDecorationOptions', { productId: store.hoodie.id, colorValueId: store.navyHoodieId }, guestContext(store.websiteId))
      expect(options.productId).toBe(store.hoodie.id)
      expect(options.views.map((view) => [view.view, view.width, view.height])).toEqual([
        ['front', 44, 44],
        ['back', 44, 44],
      ])
      for (const view of options.views) expect(existsSync(storedFile(view.imageUrl))).toBe(true)
      expect(options.printAreas.map((area) => area.code)).toEqual(['left-chest', 'full-front', 'left-sleeve', 'full-back'])
      // The hoodie areas allow DTG and heat transfer too, but this store offers only these two methods.
      expect(options.printAreas.find((area) => area.code === 'full-back')).toMatchObject({ view: 'back', width: 12, height: 14, methods: ['screen_print'] })
      expect(options.printAreas.find((area) => area.code === 'left-chest')!.methods).toEqual(['embroidery', 'screen_print'])
      expect(options.logos).toEqual([
        { id: store.peak.id, name: 'Peak Mark', imageUrl: expect.stringMatching(/^\/api\/images\/logos\/512x512\/test-\d+_512x512\.png$/), aspectRatio: 1.3333, colorCount: 2, methods: ['embroidery'] },
      ])
      expect(options.methods.map((method) => [method.code, method.setupFee, method.pricePerLocation])).toEqual([
        ['embroidery', 2500, 450],
        ['screen_print', 2000, 250],
      ])
      expect(options.fonts.map((font) => font.id)).toEqual(['block-sans', 'classic-serif'])
      expect(options.palette).toContainEqual({ name: 'Amber Gold', hex: '#e0a526' })
      expect(options.uploads).toEqual({ allowed: true, maxBytes: 200_000, rightsStatement: 'I own this artwork or may use it.' })
    })

    test('is a 404 for a product without a garment drawing or not published, and a 400 for a colour it lacks', async () => {
      const guest = guestContext(store.websiteId)
      expect((await refusal(runQuery('getDecorationOptions', { productId: store.polo.id, colorValueId: store.navyId }, guest))).userMessage).toBe('This product cannot be designed in the editor.')
      const colour = await refusal(runQuery('getDecorationOptions', { productId: store.hoodie.id, colorValueId: store.blackId }, guest))
      expect(colour.code).toBe('invalid')
      // Unpublished (a store import does this, and drops the Products cache).
      await db().update(products).set({ isPublished: false }).where(eq(products.id, store.hoodie.id))
      await invalidateCaches(['Products'])
      try {
        expect((await refusal(runQuery('getDecorationOptions', { productId: store.hoodie.id, colorValueId: store.navyHoodieId }, guest))).code).toBe('not_found')
      } finally {
        await db().update(products).set({ isPublished: true }).where(eq(products.id, store.hoodie.id))
        await invalidateCaches(['Products'])
      }
    })
  })

  describe('saving designs', () => {
    let anonymous: SavedDesign

    test('a guest saves a hoodie with a chest logo and a name on the back: priced, and drawn front and back', async () => {
      anonymous = await save(guestContext(store.websiteId), chestAndBackDesign(store))
      expect(anonymous.id).toMatch(/^[0-9a-f-]{36}$/)
      // One unit: embroidery 4.50 + screen print 2.50, and both set-ups (25.00 + 20.00).
      expect(anonymous.unitPrice).toBe(450 + 250 + 2500 + 2000)
      expect(Object.keys(anonymous.mockupUrls).sort()).toEqual(['back', 'front'])

      const back = await readFile(storedFile(anonymous.mockupUrls.back!))
      const front = await readFile(storedFile(anonymous.mockupUrls.front!))
      expect((await sharp(back).metadata()).width).toBe(1200)
      // The name is lettered in amber where it was placed on the back (area at 16, 15.5 in; text 1 in in).
      expect(await pixelsNear(back, { x: 17, y: 16.5, width: 10, height: 2.5 }, '#e0a526')).toBeGreaterThan(500)
      expect(await pixelsNear(back, { x: 17, y: 22, width: 10, height: 2.5 }, '#e0a526')).toBe(0)
      // The peak mark's forest green sits on the left chest (area at 25, 16 in), nowhere on the back.
      expect(await pixelsNear(front, { x: 25.5, y: 16.5, width: 3, height: 2.25 }, '#1f4d3a', 30)).toBeGreaterThan(100)
      expect(await pixelsNear(back, { x: 25.5, y: 16.5, width: 3, height: 2.25 }, '#1f4d3a', 30)).toBe(0)
    })

    test('an anonymous design opens for anyone holding its id', async () => {
      const saved = await save(guestContext(store.websiteId), chestAndBackDesign(store))
      const { design } = await runQuery('getDesign', { id: saved.id }, guestContext(store.websiteId))
      expect(design).toEqual(saved)
    })

    test("a signed-in partner's design is theirs alone: another partner and guests get a 404, and only the owner lists it", async () => {
      const owner = await signedInCustomer(store.websiteId)
      const other = await signedInCustomer(store.websiteId)
      const saved = await save(owner.ctx, chestAndBackDesign(store, 'JORDAN'))
      expect((await runQuery('getDesign', { id: saved.id }, owner.ctx)).design.id).toBe(saved.id)
      expect((await refusal(runQuery('getDesign', { id: saved.id }, other.ctx))).code).toBe('not_found')
      expect((await refusal(runQuery('getDesign', { id: saved.id }, guestContext(store.websiteId)))).code).toBe('not_found')
      expect((await runQuery('getDesigns', undefined, owner.ctx)).designs.map((design) => design.id)).toEqual([saved.id])
      expect((await runQuery('getDesigns', undefined, other.ctx)).designs).toEqual([])
      expect((await refusal(runQuery('getDesigns', undefined, guestContext(store.websiteId)))).code).toBe('unauthorized')

      // Nobody but the owner replaces or deletes it.
      expect((await refusal(save(other.ctx, chestAndBackDesign(store, 'NOPE'), saved.id))).code).toBe('not_found')
      expect((await refusal(executeMutation('deleteDesign', { id: saved.id }, other.ctx))).code).toBe('not_found')
      expect(await executeMutation('deleteDesign', { id: saved.id }, owner.ctx)).toEqual({ deleteDesign: { id: saved.id } })
      expect((await refusal(runQuery('getDesign', { id: saved.id }, owner.ctx))).code).toBe('not_found')
    })

    test.each([
      ['a logo not approved for the product', (s: DecorationStore) => ({ 0: { logoId: s.stranger.id } }), /logos offered for this product/],
      ['a logo outside its area', () => ({ 0: { x: 2 } }), /inside the Left chest area/],
      ['a logo below the method’s minimum', () => ({ 0: { width: 0.6, height: 0.45 } }), /at least 1 in wide and 0.5 in tall/],
      ['a method the area does not allow', () => ({ 1: { method: 'embroidery' } }), /not available in the Full back area/],
      ['text longer than 30 characters', () => ({ 1: { text: 'A'.repeat(31) } }), /at most 30 characters/],
      ['text that is not printable', () => ({ 1: { text: 'ALEX\u0007' } }), /printable/],
      ['a font the store does not have', () => ({ 1: { fontId: 'comic' } }), /store’s fonts/],
      ['a colour outside the palette', () => ({ 1: { color: '#123456' } }), /store’s colours/],
    ])('refuses %s with a 400 saying what to fix', async (_what, change, message) => {
      const design = chestAndBackDesign(store)
      for (const [index, fields] of Object.entries(change(store))) Object.assign(design.decorations[Number(index)]!, fields)
      const error = await refusal(save(guestContext(store.websiteId), design))
      expect(error.code).toBe('invalid')
      expect(error.userMessage).toMatch(message)
    })

    test('refuses a body with a price or unknown fields, and a design of another store’s product', async () => {
      const design = { ...chestAndBackDesign(store), unitPrice: 1 }
      expect((await refusal(save(guestContext(store.websiteId), design))).message).toMatch(/unknown field 'unitPrice'/)
      const elsewhere = { ...chestAndBackDesign(store), productId: 999_999 }
      expect((await refusal(save(guestContext(store.websiteId), elsewhere))).code).toBe('not_found')
    })
  })

  describe('in the cart and the order', () => {
    test('a designed line carries the decoration in its unit prices and the set-up in its total; two designs are two lines', async () => {
      const guest = guestContext(store.websiteId)
      const first = await save(guest, chestAndBackDesign(store, 'ALEX'))
      const second = await save(guest, chestAndBackDesign(store, 'SAM'))
      const item = (designId: string, quantity: Record<string, number>) => ({ productId: store.hoodie.id, colorId: store.navyHoodieId, logoId: null, designId, quantity })
      // As the route reads it: the same design twice is one line.
      const summary = await summarizeCart(guest, CartSummaryRequestSchema.parse({ items: [item(first.id, { M: 2 }), item(second.id, { L: 1 }), item(first.id, { L: 1 })] }))
      expect(summary.dropped).toEqual([])
      expect(summary.lines.map((line) => line.key)).toEqual([
        `${store.hoodie.id}:${store.navyHoodieId}:0:${first.id}`,
        `${store.hoodie.id}:${store.navyHoodieId}:0:${second.id}`,
      ])
      const [one, two] = summary.lines
      expect(one).toMatchObject({ quantity: { M: 2, L: 1 }, unitPrices: { M: 49, L: 49 }, priceTotal: 49 * 3 + 45, designId: first.id })
      expect(one!.design).toMatchObject({ id: first.id, perUnit: 7, setup: 45, placements: [{ label: 'Peak Mark', area: 'Left chest', method: 'Embroidery' }, { label: 'ALEX', area: 'Full back', method: 'Screen print' }] })
      expect(two).toMatchObject({ quantity: { L: 1 }, priceTotal: 49 + 45 })
      expect(summary.orderSummary.subTotal).toBe(49 * 4 + 45 * 2)
    })

    test("another partner's design does not price in someone else's cart", async () => {
      const owner = await signedInCustomer(store.websiteId)
      const mine = await save(owner.ctx, chestAndBackDesign(store, 'MINE'))
      const item = { productId: store.hoodie.id, colorId: store.navyHoodieId, logoId: null, designId: mine.id, quantity: { M: 1 } }
      expect((await summarizeCart(owner.ctx, { items: [item] })).lines).toHaveLength(1)
      const elsewhere = await summarizeCart(guestContext(store.websiteId), { items: [item] })
      expect(elsewhere.lines).toEqual([])
      expect(elsewhere.dropped[0]!.message).toMatch(/no longer available/)
    })

    test('an order keeps the design it was placed with: snapshot, set-up line, order page and PDF, whatever happens to the design later', async () => {
      const { ctx } = await signedInCustomer(store.websiteId)
      const design = await save(ctx, chestAndBackDesign(store, 'ALEX 23'))
      const name = (await runQuery('getOrderId', undefined, ctx)).orderSequence
      const products = [{ productId: store.hoodie.id, colorId: store.navyHoodieId, logoId: null, designId: design.id, quantity: { M: 2, L: 1 } }]
      // Hoodies 3 × 42.00 + decoration 3 × 7.00 + set-up 45.00 = 192.00; Ground 9.95; SC tax 6 % of 192.00.
      const answer = (await executeMutation('createOrder', orderBody(store, name, { products, expectedTotal: 192 + 9.95 + 11.52 }), ctx)) as { createOrder: { order: OrderData } }
      const order = answer.createOrder.order
      expect(order.amounts).toMatchObject({ subTotal: 192, shipping: 9.95, taxes: 11.52, total: 213.47 })

      const rows = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.sequence)
      expect(rows.map((row) => [row.lineType, row.size, row.quantity, row.unitPriceAmount, row.subtotalAmount])).toEqual([
        ['product', 'M', 2, 4900, 9800],
        ['product', 'L', 1, 4900, 4900],
        ['setup', null, 1, 4500, 4500],
      ])
      expect(rows.reduce((sum, row) => sum + row.subtotalAmount, 0)).toBe(19200)
      expect(rows.every((row) => row.designId === design.id)).toBe(true)

      // The design changes afterwards (a new version), then is deleted: the order does not change.
      await save(ctx, chestAndBackDesign(store, 'CHANGED'), design.id)
      const before = await runQuery('getOrderDetails', { id: order.id }, ctx)
      await executeMutation('deleteDesign', { id: design.id }, ctx)
      const { order: details } = await runQuery('getOrderDetails', { id: order.id }, ctx)
      const line = details.lines.find((candidate) => candidate.size === 'M')!
      expect(line.design!.placements.map((placement) => placement.label)).toEqual(['Peak Mark', 'ALEX 23'])
      expect(line.design!.decorations[1]).toMatchObject({ kind: 'text', text: 'ALEX 23', printArea: { code: 'full-back', name: 'Full back' }, method: { code: 'screen_print', name: 'Screen print' }, font: { id: 'block-sans', name: 'Block Sans' }, color: { name: 'Amber Gold', hex: '#e0a526' }, width: 10, height: 2.5 })
      expect(line.design!.mockupUrls).toEqual(before.order.lines.find((candidate) => candidate.size === 'M')!.design!.mockupUrls)
      expect(line.design!.id).toBeNull()
      expect(existsSync(storedFile(line.design!.mockupUrls.back!))).toBe(true)
      expect(await db().select().from(designs).where(eq(designs.id, design.id))).toEqual([])

      const pdf = await buildOrderPdf(db(), { orderId: order.id, websiteId: store.websiteId })
      // Lines wrap into runs of their own: read the text as one.
      const runs = pdfTextRuns(pdf!.pdf).join(' ').replace(/\s+/g, ' ')
      expect(runs).toContain('Designs')
      expect(runs).toContain('Decoration set-up: Midweight Hoodie')
      expect(runs).toContain('Text "ALEX 23" in Block Sans, Amber Gold (#e0a526) · Back · Full back · Screen print · 10 × 2.5 in, 1 in from the left and 1 in from the top of the area')
      expect(runs).toContain('Logo: Peak Mark · Front · Left chest · Embroidery · 3 × 2.25 in, 0.5 in from the left and 0.5 in from the top of the area')
      expect(runs).toContain('Sizes: M × 2, L × 1')
      expect(pdfImageCount(pdf!.pdf)).toBeGreaterThanOrEqual(2)
    })
  })
})
