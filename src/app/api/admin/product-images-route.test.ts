import { existsSync, mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import type { ProductImageData, ProductImagesData } from '@/isomorphic/contract/admin-catalog'
import { POST as uploadRoute } from './product-images/route'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { auditLog, productImages } from '@/server/db/schema'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { ensureAttributeValue, createProduct } from '../../../../tests/factories/catalog'
import { createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { staffContext } from '../../../../tests/support/staff'
import { refusal } from '../../../../tests/support/domain-refusal'
import { findProductBySlugCached } from '@/server/catalog/catalog-service'
import { imagesRoot } from '@/server/images/image-store'

// Product images in the console (issue 16): uploaded as a multipart form through the image
// pipeline, then given alt text and a colour, put in order and deleted, by the store's managers only.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-product-images-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const BASE = 'http://store.test'

const png = (background = '#c02020', width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()
const jpeg = (background = '#2050c0') => sharp({ create: { width: 80, height: 60, channels: 3, background } }).jpeg().toBuffer()

type Upload = { name: string; data: Buffer | string; type?: string }

function uploadRequest(fields: Record<string, string | number | null>, files: Upload[], headers: Record<string, string> = {}): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.append(name, String(value))
  for (const file of files) form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name)
  return new Request(`${BASE}/api/admin/product-images`, { method: 'POST', body: form, headers })
}

async function answerOf(response: Response) {
  return (await response.json()) as { data?: { images: ProductImageData[] }; error?: { message: string } }
}

describe.each(testDatabaseKinds())('product images in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number
  let product: { id: number; slug: string; name: string }
  let navyId: number
  let redId: number
  let managerCookie: Record<string, string>
  let manager: Awaited<ReturnType<typeof staffContext>>

  async function adminCookie(staffId: number): Promise<Record<string, string>> {
    const { token } = await startStaffSession(db(), { staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return { cookie: `admin_session=${token}` }
  }

  async function upload(files: Upload[], fields: Record<string, string | number | null> = {}, headers = managerCookie) {
    return uploadRoute(uploadRequest({ websiteId, productId: product.id, ...fields }, files, headers))
  }

  const list = (colorValueId?: number) =>
    executeAdminQuery('productImages.list', { websiteId, productId: product.id, ...(colorValueId ? { colorValueId } : {}) }, manager) as Promise<ProductImagesData>

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
    otherWebsiteId = (await createWebsite()).id
    navyId = await ensureAttributeValue(db(), 'Color', 'Navy')
    redId = await ensureAttributeValue(db(), 'Color', 'Red')
    manager = await staffContext(websiteId, { role: 'store_manager' })
    managerCookie = await adminCookie(manager.staff.staffId)
  })
  // Each test has a product of its own, so they pass in any order.
  beforeEach(async () => {
    const created = await createProduct({ websiteId, name: 'Field Tee', colors: ['Navy', 'Red'], images: [] })
    product = { id: created.id, slug: created.slug, name: created.name }
  })

  /** Two images on the product, uploaded by the manager. */
  async function withTwoImages() {
    const response = await upload([
      { name: 'one.png', data: await png('#aa0000') },
      { name: 'two.png', data: await png('#00aa00') },
    ])
    expect(response.status).toBe(201)
    return (await list()).images
  }
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('a manager uploads a PNG and a JPEG at once: both are stored re-encoded, in order, and the shop’s product page shows them at once', async () => {
    expect((await findProductBySlugCached({ websiteId, slug: product.slug }))!.images).toEqual([])
    const response = await upload([
      { name: 'front.png', data: await png() },
      { name: 'back photo.jpg', data: await jpeg(), type: 'image/jpeg' },
    ])
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { images } = (await answerOf(response)).data!
    expect(images.map((image) => [image.sequence, image.alt, image.colorValueId])).toEqual([
      [0, 'Field Tee', null],
      [1, 'Field Tee', null],
    ])
    expect(images[0]!.fileName).toMatch(/-front\.[0-9a-f]{10}\.png$/)
    expect(images[1]!.fileName).toMatch(/-back-photo\.[0-9a-f]{10}\.jpg$/)
    const rows = await db().select().from(productImages).where(eq(productImages.productId, product.id))
    for (const row of rows) {
      const file = path.join(imagesRoot(), row.path, row.name)
      expect(row.path).toMatch(/^stores\/[a-z0-9-]+\/product-uploads\/\d+$/)
      const metadata = await sharp(file).metadata()
      expect(metadata.format).toBe(row.name.endsWith('.png') ? 'png' : 'jpeg')
    }
    const shop = await findProductBySlugCached({ websiteId, slug: product.slug })
    expect(shop!.images.map((image) => image.name)).toEqual(images.map((image) => image.fileName))
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.action, 'productImage.upload'), eq(auditLog.websiteId, websiteId)))
    expect(audited.filter((row) => images.some((image) => String(image.id) === row.entityId))).toHaveLength(2)
  })

  test('a text file named .png is refused with a sentence, and nothing is stored', async () => {
    const before = (await list()).images.length
    const response = await upload([{ name: 'notes.png', data: 'these are my notes, not a picture' }])
    expect(response.status).toBe(400)
    expect((await answerOf(response)).error!.message).toBe('“notes.png” is not an image this store can read: upload PNG, JPEG or WebP files.')
    expect((await list()).images).toHaveLength(before)
  })

  test('an SVG with a script, a GIF and a damaged PNG are refused, each with its own sentence', async () => {
    const svg = await upload([{ name: 'logo.png', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: 'image/svg+xml' }])
    expect(svg.status).toBe(400)
    expect((await answerOf(svg)).error!.message).toMatch(/^“logo\.png” is a drawing or a web page, not a photo/)
    const gif = await upload([{ name: 'anim.gif', data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer(), type: 'image/gif' }])
    expect(gif.status).toBe(400)
    expect((await answerOf(gif)).error!.message).toBe('“anim.gif” is a GIF file: upload PNG, JPEG or WebP files.')
    const whole = await png('#00aa00', 400, 400)
    const damaged = await upload([{ name: 'cut.png', data: whole.subarray(0, Math.floor(whole.length / 2)) }])
    expect(damaged.status).toBe(400)
    expect((await answerOf(damaged)).error!.message).toMatch(/^“cut\.png” (is damaged|is not an image)/)
  })

  test('one bad file refuses the whole upload: the good one beside it is not added', async () => {
    const before = (await list()).images.length
    const response = await upload([
      { name: 'good.png', data: await png('#123456') },
      { name: 'bad.png', data: 'nope' },
    ])
    expect(response.status).toBe(400)
    expect((await list()).images).toHaveLength(before)
  })

  test('a body that is not a form is a 415 that says what to send', async () => {
    const response = await uploadRoute(new Request(`${BASE}/api/admin/product-images`, { method: 'POST', body: '{}', headers: { ...managerCookie, 'content-type': 'application/json' } }))
    expect(response.status).toBe(415)
    expect((await answerOf(response)).error!.message).toMatch(/^Send the images as a form upload/)
  })

  test('a body over the limit is a 413 that names the limit, before it is read', async () => {
    const response = await uploadRoute(
      new Request(`${BASE}/api/admin/product-images`, {
        method: 'POST',
        body: 'x',
        headers: { ...managerCookie, 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(16 * 1024 * 1024) },
      }),
    )
    expect(response.status).toBe(413)
    expect((await answerOf(response)).error!.message).toMatch(/larger than 15 MB/)
  })

  test('an upload from another site, without a console session, by fulfilment, or for another store’s product is refused', async () => {
    const file = [{ name: 'x.png', data: await png() }]
    const crossSite = await upload(file, {}, { ...managerCookie, origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    const anonymous = await upload(file, {}, {})
    expect(anonymous.status).toBe(401)
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const byFulfilment = await upload(file, {}, await adminCookie(fulfilment.staff.staffId))
    expect(byFulfilment.status).toBe(403)
    const otherManager = await staffContext(otherWebsiteId, { role: 'store_manager' })
    const otherCookie = await adminCookie(otherManager.staff.staffId)
    expect((await upload(file, {}, otherCookie)).status).toBe(404)
    // Naming their own store does not reach a product of this one either.
    expect((await upload(file, { websiteId: otherWebsiteId }, otherCookie)).status).toBe(404)
  })

  test('images uploaded for a colour are listed by that colour; a colour the product lacks is refused', async () => {
    const response = await upload([{ name: 'navy.png', data: await png('#1f2a44') }], { colorValueId: navyId })
    expect(response.status).toBe(201)
    const navy = await list(navyId)
    expect(navy.images.map((image) => [image.colorName, image.fileName.includes('-navy.')])).toEqual([['Navy', true]])
    expect((await list(redId)).images).toEqual([])
    expect(navy.colors.map((color) => color.name)).toEqual(['Navy', 'Red'])
    const black = await ensureAttributeValue(db(), 'Color', 'Black')
    const refused = await upload([{ name: 'black.png', data: await png('#000000') }], { colorValueId: black })
    expect(refused.status).toBe(400)
    expect((await answerOf(refused)).error!.message).toMatch(/not one of this product’s colours/)
  })

  test('alt text and colour are saved with the version; a save from an older version is a 409 naming what changed', async () => {
    const [image] = await withTwoImages()
    const saved = (await executeAdminMutation('productImages.update', { websiteId, imageId: image!.id, version: image!.version, alt: 'Field Tee in red, front', colorValueId: redId }, manager)) as {
      image: ProductImageData
    }
    expect(saved.image).toMatchObject({ alt: 'Field Tee in red, front', colorValueId: redId, colorName: 'Red', version: image!.version + 1 })
    const stale = await refusal(executeAdminMutation('productImages.update', { websiteId, imageId: image!.id, version: image!.version, alt: 'Mine', colorValueId: null }, manager))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toMatch(/was changed by .* since you opened it \(alt, colorValueId\)/)
    expect(isEditConflictData(stale.data)).toBe(true)
    expect((await findProductBySlugCached({ websiteId, slug: product.slug }))!.images[0]!.alt).toBe('Field Tee in red, front')
  })

  test('images are put in a new order; an order made from a stale list is refused', async () => {
    const before = (await withTwoImages()).map((image) => image.id)
    const reversed = [...before].reverse()
    await executeAdminMutation('productImages.reorder', { websiteId, productId: product.id, imageIds: reversed }, manager)
    expect((await list()).images.map((image) => image.id)).toEqual(reversed)
    expect((await findProductBySlugCached({ websiteId, slug: product.slug }))!.images.map((image) => image.name)).toEqual((await list()).images.map((image) => image.fileName))
    const stale = await refusal(executeAdminMutation('productImages.reorder', { websiteId, productId: product.id, imageIds: reversed.slice(1) }, manager))
    expect(stale.code).toBe('conflict')
  })

  test('fulfilment cannot change an image (403), and a manager of another store gets 404', async () => {
    const [image] = await withTwoImages()
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await refusal(executeAdminMutation('productImages.update', { websiteId, imageId: image!.id, version: image!.version, alt: 'x', colorValueId: null }, fulfilment))).code).toBe('forbidden')
    const otherManager = await staffContext(otherWebsiteId, { role: 'store_manager' })
    expect((await refusal(executeAdminMutation('productImages.delete', { websiteId: otherWebsiteId, imageId: image!.id, version: image!.version }, otherManager))).code).toBe('not_found')
    expect((await refusal(executeAdminQuery('productImages.list', { websiteId: otherWebsiteId, productId: product.id }, otherManager))).code).toBe('not_found')
  })

  test('a deleted image leaves the product and its uploaded file leaves the image store', async () => {
    const [image] = await withTwoImages()
    const [row] = await db().select().from(productImages).where(eq(productImages.id, image!.id))
    const file = path.join(imagesRoot(), row!.path, row!.name)
    expect(existsSync(file)).toBe(true)
    await executeAdminMutation('productImages.delete', { websiteId, imageId: image!.id, version: image!.version }, manager)
    expect((await list()).images.map((entry) => entry.id)).not.toContain(image!.id)
    expect(existsSync(file)).toBe(false)
  })
})
