import { existsSync, mkdtempSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LogoArtworkUploadResponse } from '@/isomorphic/contract/admin-decoration'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { auditLog, logos } from '@/server/db/schema'
import { imagesRoot } from '@/server/images/image-store'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { createLogo } from '../../../../tests/factories/catalog'
import { createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { staffContext } from '../../../../tests/support/staff'
import { POST as uploadRoute } from './logo-artwork/route'

// A logo's artwork uploaded in the console (issue 16): a PNG is re-encoded, an SVG goes through the
// sanitizer the editor's uploads use (scripts never survive), anything else is a 4xx with a sentence.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-logo-artwork-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const BASE = 'http://store.test'
const SCRIPTED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60"><script>alert(document.cookie)</script><rect x="5" y="5" width="110" height="50" fill="#1f2a44" onload="alert(1)"/></svg>`

function uploadRequest(fields: Record<string, string | number>, file: { name: string; data: Buffer | string; type: string } | null, headers: Record<string, string>): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  if (file) form.append('file', new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }), file.name)
  return new Request(`${BASE}/api/admin/logo-artwork`, { method: 'POST', body: form, headers: { origin: BASE, ...headers } })
}

describe.each(testDatabaseKinds())('logo artwork uploaded in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let managerCookie: Record<string, string>

  async function adminCookie(staffId: number): Promise<Record<string, string>> {
    const { token } = await startStaffSession(db(), { staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return { cookie: `admin_session=${token}` }
  }
  async function upload(logo: { id: number; version: number }, file: { name: string; data: Buffer | string; type: string } | null, headers = managerCookie, store = websiteId) {
    const response = await uploadRoute(uploadRequest({ websiteId: store, logoId: logo.id, version: logo.version }, file, headers))
    return { status: response.status, body: (await response.json()) as { data?: LogoArtworkUploadResponse; error?: { message: string } } }
  }
  const stored = async (id: number) => (await db().select().from(logos).where(eq(logos.id, id)))[0]!

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    managerCookie = await adminCookie(manager.staff.staffId)
  })
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('a small PNG becomes the logo’s artwork: re-encoded in the image store, its colours counted, a thumbnail listed, audited', async () => {
    const logo = await createLogo({ image: null, colorCount: 5 })
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c02020' } }).png().toBuffer()
    const { status, body } = await upload(logo, { name: 'crest.png', data: png, type: 'image/png' })
    expect(status).toBe(201)
    expect(body.data!.logo).toMatchObject({ id: logo.id, version: logo.version + 1, colorCount: 1 })
    expect(body.data!.logo.thumbnailUrl).toMatch(/^\/api\/images\/logos\//)
    const row = await stored(logo.id)
    expect(row.image).toMatch(new RegExp(`^logos/${logo.code}\\.[0-9a-f]+\\.png$`))
    expect((await sharp(path.join(imagesRoot(), row.image!)).metadata()).format).toBe('png')
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'logo'), eq(auditLog.entityId, String(logo.id))))
    expect(entry).toMatchObject({ action: 'logo.artwork', after: expect.objectContaining({ fileType: 'png', version: logo.version + 1 }) })
  })

  test('an SVG with a <script> is cleaned by the sanitizer: the stored artwork is a PNG drawing and nothing of the script is kept', async () => {
    const logo = await createLogo({ image: null })
    const { status, body } = await upload(logo, { name: 'mark.svg', data: SCRIPTED_SVG, type: 'image/svg+xml' })
    expect(status).toBe(201)
    const row = await stored(logo.id)
    expect(row.image).toMatch(/\.png$/)
    const file = await readFile(path.join(imagesRoot(), row.image!))
    expect((await sharp(file).metadata()).format).toBe('png')
    expect(file.includes(Buffer.from('alert'))).toBe(false)
    expect(body.data!.logo.version).toBe(logo.version + 1)
  })

  test('a text file, an unreadable PNG and a stale version are refused with sentences, and nothing changes', async () => {
    const logo = await createLogo({ image: 'logos/before.png' })
    const text = await upload(logo, { name: 'notes.txt', data: 'not an image at all', type: 'text/plain' })
    expect(text.status).toBe(400)
    expect(text.body.error!.message).toBe('“notes.txt” is not a PNG or SVG image. Upload the logo’s artwork as a PNG or SVG file.')
    const broken = await upload(logo, { name: 'broken.png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]), type: 'image/png' })
    expect(broken.status).toBe(400)
    expect(broken.body.error!.message).toMatch(/^“broken\.png”: The /)
    const none = await upload(logo, null)
    expect(none.status).toBe(400)
    expect(none.body.error!.message).toBe('Invalid request: send exactly one "file" field with the artwork.')
    const stale = await upload({ id: logo.id, version: logo.version + 3 }, { name: 'mark.svg', data: SCRIPTED_SVG, type: 'image/svg+xml' })
    expect(stale.status).toBe(409)
    expect(await stored(logo.id)).toMatchObject({ image: 'logos/before.png', version: logo.version })
  })

  test('fulfilment is refused (403), another store’s manager gets 404, no session is 401, and a cross-site post is refused', async () => {
    const logo = await createLogo({ image: null })
    const file = { name: 'crest.png', data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), type: 'image/png' }
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    expect((await upload(logo, file, await adminCookie(fulfilment.staff.staffId))).status).toBe(403)
    const otherWebsiteId = (await createWebsite()).id
    const other = await staffContext(otherWebsiteId, { role: 'store_manager' })
    expect((await upload(logo, file, await adminCookie(other.staff.staffId))).status).toBe(404)
    expect((await upload(logo, file, {})).status).toBe(401)
    expect((await upload(logo, file, { ...managerCookie, origin: 'https://evil.example' })).status).toBe(403)
    expect(await stored(logo.id)).toMatchObject({ image: null, version: logo.version })
    expect(existsSync(IMAGES_DIR)).toBe(true)
  })
})
