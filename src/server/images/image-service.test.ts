import { mkdir, mkdtemp, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { productImageUrl } from '@/isomorphic/image-address'
import { DomainError } from '../kernel/errors'
import { folderStorage } from '../adapters/object-storage'
import { getImage, IMAGE_CACHE_CONTROL, type ImageStores } from './image-service'
import { createRenderQueue, RENDER_BUSY, renderQueue, useRenderQueue } from './render-queue'
import { variantCache } from './variant-cache'

let roots: { images: string; cache: string }
let stores: ImageStores
let outside: string

/** The address of productImageUrl, as the route receives it: the segments after /api/images/. */
function segmentsOf(url: string): string[] {
  return url.replace(/^\/api\/images\//, '').split('/')
}

async function failure(segments: string[]): Promise<DomainError> {
  const error = await getImage({ segments }, stores).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'image-service-'))
  roots = { images: path.join(base, 'images'), cache: path.join(base, 'cache') }
  stores = { storage: folderStorage(roots.images), cache: variantCache(roots.cache, 64 * 1024 * 1024) }
  await mkdir(path.join(roots.images, 'products', 'tee'), { recursive: true })
  await mkdir(path.join(roots.images, 'site'), { recursive: true })
  const portrait = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#eeeeee' } })
    .composite([{ input: await sharp({ create: { width: 100, height: 100, channels: 3, background: '#1f2a44' } }).png().toBuffer(), left: 100, top: 150 }])
    .png()
    .toBuffer()
  await writeFile(path.join(roots.images, 'products', 'tee', 'tee-navy.0123456789.png'), portrait)
  await writeFile(path.join(roots.images, 'site', 'favicon.0123456789.png'), await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1f4d3a' } }).png().toBuffer())
  outside = path.join(base, 'secret.png')
  await writeFile(outside, portrait)
  await symlink(outside, path.join(roots.images, 'products', 'tee', 'linked.0123456789.png'))
})

describe('serving an image address', () => {
  test('scales the stored image to the asked size as webp, padding with its own background', async () => {
    const url = productImageUrl({ path: 'products/tee', name: 'tee-navy.0123456789.png' }, 320, 320)
    const image = await getImage({ segments: segmentsOf(url) }, stores)
    if (image.status !== 200) throw new Error('expected an image')
    expect(image.contentType).toBe('image/webp')
    expect(image.cacheControl).toBe(IMAGE_CACHE_CONTROL)
    expect(image.cacheControl).toBe('public, max-age=31536000, immutable')
    const { width, height, format } = await sharp(image.body).metadata()
    expect({ width, height, format }).toEqual({ width: 320, height: 320, format: 'webp' })
    const corner = await sharp(image.body).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer()
    expect([...corner.subarray(0, 3)].every((channel) => Math.abs(channel - 0xee) <= 3)).toBe(true)
  })

  test('serves PNG when the name asks for it', async () => {
    const image = await getImage({ segments: ['site', '32x32', 'favicon.0123456789_32x32.png'] }, stores)
    if (image.status !== 200) throw new Error('expected an image')
    expect(image.contentType).toBe('image/png')
    expect(await sharp(image.body).metadata()).toMatchObject({ width: 32, height: 32, format: 'png' })
  })

  test('serves the stored file unchanged under "original"', async () => {
    const image = await getImage({ segments: ['site', 'original', 'favicon.0123456789.png'] }, stores)
    if (image.status !== 200) throw new Error('expected an image')
    expect(image.body.equals(await readFile(path.join(roots.images, 'site', 'favicon.0123456789.png')))).toBe(true)
    expect(image.contentType).toBe('image/png')
  })

  test('answers 304 when the browser already has this version', async () => {
    const segments = ['products', 'tee', '128x128', 'tee-navy.0123456789_128x128.webp']
    const first = await getImage({ segments }, stores)
    const again = await getImage({ segments, ifNoneMatch: `W/"other", ${first.etag}` }, stores)
    expect(again).toEqual({ status: 304, etag: first.etag, cacheControl: IMAGE_CACHE_CONTROL })
    expect(first.etag).toMatch(/^"[0-9a-f]{20}"$/)
  })

  test('draws a size once and serves it from the cache afterwards', async () => {
    const segments = ['products', 'tee', '640x640', 'tee-navy.0123456789_640x640.webp']
    await getImage({ segments }, stores)
    const folder = path.join(roots.cache, 'products', 'tee', '640x640')
    const [cachedName] = await readdir(folder)
    expect(cachedName).toMatch(/^tee-navy\.0123456789\.[0-9a-f]{20}\.webp$/)
    await writeFile(path.join(folder, cachedName!), 'cached bytes')
    const again = await getImage({ segments }, stores)
    expect(again.status === 200 && again.body.toString()).toBe('cached bytes')
  })

  test('draws again when the stored image changes, under a new ETag', async () => {
    const segments = ['products', 'tee', '96x96', 'tee-navy.0123456789_96x96.webp']
    const first = await getImage({ segments }, stores)
    const later = new Date(Date.now() + 60_000)
    await utimes(path.join(roots.images, 'products', 'tee', 'tee-navy.0123456789.png'), later, later)
    const second = await getImage({ segments }, stores)
    expect(second.etag).not.toBe(first.etag)
  })

  test('shares one drawing between concurrent requests for the same size', async () => {
    const segments = ['products', 'tee', '480x480', 'tee-navy.0123456789_480x480.webp']
    const results = await Promise.all(Array.from({ length: 5 }, () => getImage({ segments }, stores)))
    expect(new Set(results.map((result) => result.etag)).size).toBe(1)
    expect(await readdir(path.join(roots.cache, 'products', 'tee', '480x480'))).toHaveLength(1)
  })
})

describe('refusing what the route must not do', () => {
  test('refuses sizes outside the allow-list', async () => {
    const error = await failure(['products', 'tee', '641x641', 'tee-navy.0123456789_641x641.webp'])
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/^Image size 641x641 is not allowed: widths and heights must be one of 16, 32, /)
    expect((await failure(['products', 'tee', '5000x5000', 'tee-navy.0123456789_5000x5000.webp'])).code).toBe('invalid')
  })

  test('refuses allowed sizes in a shape no page uses (issue 13), and PNG other than square', async () => {
    const error = await failure(['products', 'tee', '640x128', 'tee-navy.0123456789_640x128.webp'])
    expect(error.code).toBe('invalid')
    expect(error.message).toMatch(/^Image size 640x128.webp is not drawn: images come square, or 16:10, 2:1, 4:1 or 1200:630/)
    expect((await failure(['products', 'tee', '640x320', 'tee-navy.0123456789_640x320.png'])).code).toBe('invalid')
  })

  test('refuses a name whose size does not match the folder', async () => {
    const error = await failure(['products', 'tee', '320x320', 'tee-navy.0123456789_640x640.webp'])
    expect(error.message).toBe('Invalid image name "tee-navy.0123456789_640x640.webp": it must be {name}_320x320.webp (or .png)')
  })

  test('refuses path traversal and odd characters in any segment', async () => {
    for (const segments of [
      ['..', '..', 'etc', '320x320', 'passwd_320x320.webp'],
      ['products', '..', '320x320', 'secret_320x320.webp'],
      ['.hidden', '320x320', 'a_320x320.webp'],
      ['products/../..', '320x320', 'a_320x320.webp'],
      ['products', 'original', '..secret.png'],
      ['products', 'tee', '320x320', 'tee%2F..%2Fx_320x320.webp'],
    ]) {
      expect((await failure(segments)).code).toBe('invalid')
    }
  })

  test('does not follow a link out of the image folder', async () => {
    expect((await failure(['products', 'tee', '320x320', 'linked.0123456789_320x320.webp'])).code).toBe('not_found')
  })

  test('answers not found for an image that does not exist', async () => {
    const error = await failure(['products', 'tee', '320x320', 'nothing_320x320.webp'])
    expect(error).toMatchObject({ code: 'not_found', message: 'Image not found' })
    expect((await failure(['favicon.png'])).code).toBe('not_found')
  })
})

describe('drawing through the render queue (issue 13)', () => {
  const processQueue = renderQueue()
  afterEach(() => useRenderQueue(processQueue))

  test('an uncached size waits for a free slot and is refused with a 503 when the line is full; a cached one is served at once', async () => {
    await getImage({ segments: ['products', 'tee', '256x256', 'tee-navy.0123456789_256x256.webp'] }, stores)
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 })
    useRenderQueue(queue)
    let finish = () => {}
    const busy = queue.run(() => new Promise<void>((resolve) => (finish = resolve)))
    const waiting = getImage({ segments: ['products', 'tee', '192x192', 'tee-navy.0123456789_192x192.webp'] }, stores)
    // The request reads the folder first, then takes its place in line.
    for (let i = 0; i < 100 && queue.waiting === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 1 })

    const refused = await failure(['products', 'tee', '160x160', 'tee-navy.0123456789_160x160.webp'])
    expect(refused).toMatchObject({ code: 'unavailable', userMessage: RENDER_BUSY })
    const cached = await getImage({ segments: ['products', 'tee', '256x256', 'tee-navy.0123456789_256x256.webp'] }, stores)
    expect(cached.status).toBe(200)
    expect(queue.waiting).toBe(1)

    finish()
    await busy
    expect((await waiting).status).toBe(200)
  })
})
