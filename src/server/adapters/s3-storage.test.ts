import { mkdtempSync } from 'node:fs'
import { mkdtemp, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { storeArtwork } from '@/server/decoration/artwork-service'
import { getImage, type ImageStores } from '@/server/images/image-service'
import { variantCache } from '@/server/images/variant-cache'
import { DomainError } from '@/server/kernel/errors'
import { createDecorationStore, type DecorationStore } from '../../../tests/factories/decoration'
import { guestContext } from '../../../tests/factories/orders'
import { startS3Server, type TestS3Server } from '../../../tests/support/s3-server'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { useImageStorage } from './image-storage'
import { folderStorage, type ObjectStorage } from './object-storage'
import { IMAGE_STORE_UNAVAILABLE, s3Storage } from './s3-storage'

// The image store in a bucket, against a real S3-speaking server (s3rver) on loopback: the AWS SDK
// sends the same signed requests it sends to AWS, R2 or MinIO.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-s3-folder-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

let server: TestS3Server
let bucket: ObjectStorage

beforeAll(async () => {
  server = await startS3Server()
  bucket = s3Storage(server.config)
})

afterAll(async () => {
  useImageStorage(null)
  await server.close()
})

const picture = () => sharp({ create: { width: 300, height: 200, channels: 3, background: '#1f2a44' } }).png().toBuffer()

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

/** The bucket, counting the objects read from it. */
function countingReads(storage: ObjectStorage): { storage: ObjectStorage; reads: string[] } {
  const reads: string[] = []
  return {
    reads,
    storage: {
      ...storage,
      get: (key) => {
        reads.push(key)
        return storage.get(key)
      },
    },
  }
}

describe('the image store in an S3 bucket', () => {
  test('gives back the bytes it was given, with their size, under the same key', async () => {
    const data = await picture()
    await bucket.put('products/tee/front.0123456789.png', data)
    expect((await bucket.get('products/tee/front.0123456789.png'))!.equals(data)).toBe(true)
    expect(await bucket.head('products/tee/front.0123456789.png')).toMatchObject({ size: data.length, version: expect.any(String) })
  })

  test('answers a missing object with null, as the folder does', async () => {
    const folder = folderStorage(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-compare-')))
    for (const storage of [bucket, folder]) {
      expect(await storage.get('products/none/missing.0123456789.png')).toBeNull()
      expect(await storage.head('products/none/missing.0123456789.png')).toBeNull()
      await expect(storage.delete('products/none/missing.0123456789.png')).resolves.toBeUndefined()
    }
  })

  test('makes the image route answer a missing image with the same "Image not found" as the folder', async () => {
    const cache = variantCache(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-')), 64 * 1024 * 1024)
    const folder = folderStorage(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-compare-')))
    const segments = ['products', 'none', '320x320', 'missing.0123456789_320x320.webp']
    const fromBucket = await refusal(getImage({ segments }, { storage: bucket, cache }))
    const fromFolder = await refusal(getImage({ segments }, { storage: folder, cache }))
    expect({ code: fromBucket.code, message: fromBucket.message, userMessage: fromBucket.userMessage }).toEqual({ code: 'not_found', message: 'Image not found', userMessage: 'Image not found' })
    expect({ code: fromFolder.code, message: fromFolder.message, userMessage: fromFolder.userMessage }).toEqual({ code: fromBucket.code, message: fromBucket.message, userMessage: fromBucket.userMessage })
  })

  test('lists the keys under a folder, in any depth, and forgets a deleted one', async () => {
    const data = Buffer.from('bytes')
    await bucket.put('stores/list-me/site/logo.0123456789.png', data)
    await bucket.put('stores/list-me/product-uploads/7/front.0123456789.png', data)
    await bucket.put('stores/list-me-not/site/logo.0123456789.png', data)
    expect(await bucket.list('stores/list-me/')).toEqual(['stores/list-me/product-uploads/7/front.0123456789.png', 'stores/list-me/site/logo.0123456789.png'])
    await bucket.delete('stores/list-me/site/logo.0123456789.png')
    expect(await bucket.list('stores/list-me')).toEqual(['stores/list-me/product-uploads/7/front.0123456789.png'])
  })

  test('draws a size once into this machine’s cache folder, then serves it from disk without reading the bucket again', async () => {
    await bucket.put('products/cached/tee.0123456789.png', await picture())
    const { storage, reads } = countingReads(bucket)
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-'))
    const stores: ImageStores = { storage, cache: variantCache(cacheDir, 64 * 1024 * 1024) }
    const segments = ['products', 'cached', '320x320', 'tee.0123456789_320x320.webp']

    const first = await getImage({ segments }, stores)
    expect(reads).toEqual(['products/cached/tee.0123456789.png'])
    expect(await readdir(path.join(cacheDir, 'products', 'cached', '320x320'))).toHaveLength(1)

    const again = await getImage({ segments }, stores)
    expect(reads).toHaveLength(1)
    if (first.status !== 200 || again.status !== 200) throw new Error('expected images')
    expect(again.body.equals(first.body)).toBe(true)
    expect(await sharp(again.body).metadata()).toMatchObject({ width: 320, height: 320, format: 'webp' })
  })

  test('keeps an original read from the bucket in the same cache', async () => {
    const data = await picture()
    await bucket.put('site/favicon.0123456789.png', data)
    const { storage, reads } = countingReads(bucket)
    const stores: ImageStores = { storage, cache: variantCache(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-')), 64 * 1024 * 1024) }
    for (let i = 0; i < 2; i++) {
      const image = await getImage({ segments: ['site', 'original', 'favicon.0123456789.png'] }, stores)
      expect(image.status === 200 && image.body.equals(data)).toBe(true)
    }
    expect(reads).toHaveLength(1)
  })

  test('turns a service it cannot reach into a refusal with a sentence', async () => {
    const closed = await startS3Server()
    const { endpoint } = closed.config
    await closed.close()
    const unreachable = s3Storage({ ...server.config, endpoint })
    const error = await refusal(unreachable.get('products/tee/front.0123456789.png'))
    expect(error).toMatchObject({ code: 'unavailable', userMessage: IMAGE_STORE_UNAVAILABLE })
  })
})

describe.each(testDatabaseKinds())('a shopper’s upload kept in the S3 bucket, on %s', (kind) => {
  useTestDatabase(kind)
  let store: DecorationStore

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    store = await createDecorationStore()
    useImageStorage(bucket)
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(() => useImageStorage(null))

  async function uploadArtwork() {
    const artwork = await storeArtwork(guestContext(store.websiteId), { contentType: 'image/png', data: await picture(), rightsAccepted: true })
    return { artwork, segments: artwork.imageUrl.replace(/^\/api\/images\//, '').split('/') }
  }

  test('is stored under its store’s own uploads in the bucket and read back through it', async () => {
    const { segments } = await uploadArtwork()
    expect(segments.slice(0, 4)).toEqual(['stores', String(store.websiteId), 'uploads', 'artworks'])
    const key = [...segments.slice(0, -2), segments.at(-1)!.replace(/_512x512\.png$/, '.png')].join('/')
    expect(await bucket.head(key)).not.toBeNull()

    const stores: ImageStores = { storage: bucket, cache: variantCache(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-')), 64 * 1024 * 1024) }
    const image = await getImage({ segments, websiteId: store.websiteId }, stores)
    if (image.status !== 200) throw new Error('expected an image')
    expect(await sharp(image.body).metadata()).toMatchObject({ width: 512, height: 512, format: 'png' })
  })

  test('is not found when another store asks for it, even under its exact address', async () => {
    const { segments } = await uploadArtwork()
    const stores: ImageStores = { storage: bucket, cache: variantCache(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-')), 64 * 1024 * 1024) }
    const otherStore = store.websiteId + 1
    const error = await refusal(getImage({ segments, websiteId: otherStore }, stores))
    expect(error).toMatchObject({ code: 'not_found', message: 'Image not found' })
    expect((await refusal(getImage({ segments }, stores))).code).toBe('not_found')
  })

  test('is shown on another store’s address to the console’s people who may see its orders', async () => {
    const { segments } = await uploadArtwork()
    const stores: ImageStores = { storage: bucket, cache: variantCache(await mkdtemp(path.join(os.tmpdir(), 'webstore-s3-cache-')), 64 * 1024 * 1024) }
    const asked: number[] = []
    const mayReadUploadsOf = async (owner: number) => {
      asked.push(owner)
      return true
    }
    const image = await getImage({ segments, websiteId: store.websiteId + 1, mayReadUploadsOf }, stores)
    expect(image.status).toBe(200)
    expect(asked).toEqual([store.websiteId])
  })
})
