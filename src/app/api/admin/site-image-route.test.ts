import { existsSync, mkdtempSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { StoreSettings } from '@/isomorphic/contract/admin-settings'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { auditLog, websites } from '@/server/db/schema'
import { imagesRoot } from '@/server/images/image-store'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { exportStore } from '@/server/store-import/export-store'
import { storeFileZip, unpackStoreZip } from '@/server/store-import/store-file-zip'
import { importStoreFile } from '@/server/store-import/store-import-service'
import { getWebsiteCached } from '@/server/website/website-service'
import { createWebsite } from '../../../../tests/factories/website'
import { refusal } from '../../../../tests/support/domain-refusal'
import { staffContext } from '../../../../tests/support/staff'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { POST as uploadRoute } from './site-image/route'

// The store's logo, favicon and social image uploaded in the console (issue 16): re-encoded by the
// image pipeline into stores/{code}/site, shown by the storefront at its next read, removed back to
// the default, carried by the store file; a bad file is a 4xx with a sentence; fulfilment gets 403
// and another store's manager 404.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-site-image-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const BASE = 'http://store.test'
type Answer = { status: number; body: { data?: StoreSettings; error?: { message: string } } }

const png = (width: number, height: number, background = '#1f2a44') => sharp({ create: { width, height, channels: 4, background } }).png().toBuffer()

function uploadRequest(fields: Record<string, string | number>, file: { name: string; data: Buffer | string; type: string } | null, headers: Record<string, string>): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  if (file) form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }), file.name)
  return new Request(`${BASE}/api/admin/site-image`, { method: 'POST', body: form, headers: { origin: BASE, ...headers } })
}

describe.each(testDatabaseKinds())('the store’s logo, favicon and social image on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let code: string
  let managerCookie: Record<string, string>
  let manager: Awaited<ReturnType<typeof staffContext>>

  async function adminCookie(staffId: number): Promise<Record<string, string>> {
    const { token } = await startStaffSession(db(), { staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return { cookie: `admin_session=${token}` }
  }
  const settings = async () => (await executeAdminQuery('settings.get', { websiteId }, manager)) as StoreSettings
  const stored = async () => (await db().select().from(websites).where(eq(websites.id, websiteId)))[0]!
  async function upload(pictureKind: string, file: { name: string; data: Buffer | string; type: string } | null, options: { headers?: Record<string, string>; version?: number; store?: number } = {}): Promise<Answer> {
    const version = options.version ?? (await settings()).version
    const response = await uploadRoute(uploadRequest({ websiteId: options.store ?? websiteId, version, kind: pictureKind }, file, options.headers ?? managerCookie))
    return { status: response.status, body: (await response.json()) as Answer['body'] }
  }

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    const website = await createWebsite({ faviconImage: null })
    websiteId = website.id
    code = website.code
    manager = await staffContext(websiteId, { role: 'store_manager' })
    managerCookie = await adminCookie(manager.staff.staffId)
  })
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('an uploaded logo is re-encoded into the store’s folder, audited, and the storefront’s header reads it at once', async () => {
    expect((await getWebsiteCached({ websiteId })).logoImage).toBeNull()
    const before = await settings()
    const { status, body } = await upload('logo', { name: 'acme-logo.png', data: await png(400, 100), type: 'image/png' })
    expect(status).toBe(201)
    expect(body.data!.version).toBe(before.version + 1)
    expect(body.data!.images.logo).toMatch(/^\/api\/images\/stores\//)
    const row = await stored()
    expect(row.logoImage).toMatch(new RegExp(`^stores/${code}/site/logo\\.[0-9a-f]+\\.png$`))
    expect((await sharp(path.join(imagesRoot(), row.logoImage!)).metadata()).format).toBe('png')
    expect((await getWebsiteCached({ websiteId })).logoImage).toBe(row.logoImage)
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'store_settings'), eq(auditLog.action, 'store_settings.image')))
    expect(entry!.after).toMatchObject({ logo: row.logoImage, width: 400, height: 100 })
  })

  test('an SVG logo is cleaned by the artwork sanitizer and drawn as a PNG: nothing of its script is kept', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60"><script>alert(document.cookie)</script><rect x="4" y="4" width="232" height="52" fill="#1f4d3a" onload="alert(1)"/></svg>`
    const { status } = await upload('logo', { name: 'wordmark.svg', data: svg, type: 'image/svg+xml' })
    expect(status).toBe(201)
    const row = await stored()
    expect(row.logoImage).toMatch(/\/site\/logo\.[0-9a-f]+\.png$/)
    const file = await readFile(path.join(imagesRoot(), row.logoImage!))
    expect((await sharp(file).metadata()).format).toBe('png')
    expect(file.includes(Buffer.from('alert'))).toBe(false)
  })

  test('a favicon and a social image feed the tab icon and link previews; removing one is back to the default', async () => {
    expect((await upload('favicon', { name: 'icon.png', data: await png(64, 64), type: 'image/png' })).status).toBe(201)
    const jpeg = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#c02020' } }).jpeg().toBuffer()
    expect((await upload('social', { name: 'share.jpg', data: jpeg, type: 'image/jpeg' })).status).toBe(201)
    const website = await getWebsiteCached({ websiteId })
    expect(website.faviconImage).toMatch(/\/site\/favicon\.[0-9a-f]+\.png$/)
    expect(website.socialImage).toMatch(/\/site\/social\.[0-9a-f]+\.jpg$/)

    const current = await settings()
    const removed = (await executeAdminMutation('settings.removeImage', { websiteId, version: current.version, kind: 'social' }, manager)) as StoreSettings
    expect(removed.images.social).toBeNull()
    expect(removed.version).toBe(current.version + 1)
    expect((await getWebsiteCached({ websiteId })).socialImage).toBeNull()
    expect((await stored()).faviconImage).not.toBeNull()
  })

  test('a text file, a web page, a too-small favicon, a too-small social image, an unknown kind and a stale version are refused with sentences, and nothing changes', async () => {
    const before = await stored()
    const text = await upload('logo', { name: 'notes.txt', data: 'not an image at all', type: 'text/plain' })
    expect(text.status).toBe(400)
    expect(text.body.error!.message).toBe('“notes.txt” is not an image this store can read: upload PNG, JPEG or WebP files.')
    const page = await upload('logo', { name: 'page.html', data: '<!doctype html><html><body>hello</body></html>', type: 'text/html' })
    expect(page.status).toBe(400)
    expect(page.body.error!.message).toBe('“page.html” is a drawing or a web page, not a photo: upload the store’s logo as PNG, JPEG or WebP files.')
    const tiny = await upload('favicon', { name: 'tiny.png', data: await png(16, 16), type: 'image/png' })
    expect(tiny.status).toBe(400)
    expect(tiny.body.error!.message).toBe('“tiny.png” is 16 × 16 pixels, too small for the store’s favicon: upload a square image of at least 32 × 32 pixels (512 × 512 is best).')
    const narrow = await upload('social', { name: 'share.png', data: await png(300, 200), type: 'image/png' })
    expect(narrow.status).toBe(400)
    expect(narrow.body.error!.message).toMatch(/^“share\.png” is 300 × 200 pixels, too small for the store’s social image: upload an image of at least 600 × 315 pixels/)
    const unknown = await upload('banner', { name: 'a.png', data: await png(40, 40), type: 'image/png' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error!.message).toBe('Invalid request: kind must be logo, favicon or social.')
    const none = await upload('logo', null)
    expect(none.body.error!.message).toBe('Invalid request: send exactly one "file" field with the picture.')
    const stale = await upload('logo', { name: 'new.png', data: await png(200, 50, '#00aa00'), type: 'image/png' }, { version: before.version - 1 })
    expect(stale.status).toBe(409)
    expect(await stored()).toMatchObject({ logoImage: before.logoImage, faviconImage: before.faviconImage, socialImage: before.socialImage, version: before.version })
  })

  test('fulfilment is refused (403), another store’s manager gets 404, no session is 401, and a cross-site post is refused', async () => {
    const before = await stored()
    const file = { name: 'logo.png', data: await png(80, 20, '#ff0000'), type: 'image/png' }
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await upload('logo', file, { headers: await adminCookie(fulfilment.staff.staffId) })).status).toBe(403)
    const otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
    expect((await upload('logo', file, { headers: await adminCookie(otherManager.staff.staffId) })).status).toBe(404)
    expect((await upload('logo', file, { headers: {} })).status).toBe(401)
    expect((await upload('logo', file, { headers: { ...managerCookie, origin: 'https://evil.example' } })).status).toBe(403)
    const remove = { websiteId, version: before.version, kind: 'logo' }
    expect((await refusal(executeAdminMutation('settings.removeImage', remove, fulfilment))).code).toBe('forbidden')
    expect((await refusal(executeAdminMutation('settings.removeImage', remove, otherManager))).code).toBe('not_found')
    expect(await stored()).toMatchObject({ logoImage: before.logoImage, version: before.version })
  })

  test('the pictures survive the store file: exported with their bytes, and an import brings them back', async () => {
    expect((await upload('logo', { name: 'round-trip.png', data: await png(300, 80, '#225522'), type: 'image/png' })).status).toBe(201)
    expect((await upload('favicon', { name: 'round-trip-icon.png', data: await png(48, 48, '#225522'), type: 'image/png' })).status).toBe(201)
    const uploaded = await stored()
    const zip = Buffer.concat(await collect(storeFileZip(await exportStore(db(), websiteId))))
    const entries = unzipSync(zip)
    const file = JSON.parse(new TextDecoder().decode(entries['store.json']!)) as { website: { logo?: { file: string }; favicon?: { file: string } } }
    const logoEntry = entries[file.website.logo!.file]!
    expect(Buffer.from(logoEntry).equals(await readFile(path.join(imagesRoot(), uploaded.logoImage!)))).toBe(true)

    // Taken away in the console, then the export imported again: the same pictures are back.
    const current = await settings()
    await executeAdminMutation('settings.removeImage', { websiteId, version: current.version, kind: 'logo' }, manager)
    expect((await stored()).logoImage).toBeNull()
    const storeJson = await unpackStoreZip(zip, await mkdtemp(path.join(os.tmpdir(), 'site-image-roundtrip-')), 1e9)
    // The factory's bare store has no shipping countries or sizes, which a store file needs.
    const exported = JSON.parse(await readFile(storeJson, 'utf8')) as { website: Record<string, unknown> }
    await writeFile(storeJson, JSON.stringify({ ...exported, website: { ...exported.website, shippingCountries: [{ code: 'US', name: 'United States' }], sizeOrder: ['S', 'M', 'L'] } }))
    await importStoreFile({ filePath: storeJson })
    const restored = await stored()
    expect(restored.logoImage).toBe(uploaded.logoImage)
    expect(restored.faviconImage).toBe(uploaded.faviconImage)
    expect(existsSync(path.join(imagesRoot(), restored.logoImage!))).toBe(true)
  })
})

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return parts
}
