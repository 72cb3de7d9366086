import { mkdtemp, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadEnv } from '../env'
import { folderStorage, objectKeyOf, objectKeyProblem } from './object-storage'

describe('an object key', () => {
  test('is a relative path of letters, digits, ".", "-" and "_" between "/"', () => {
    expect(objectKeyProblem('stores/7/uploads/artworks/0b1c/artwork.0123456789.png')).toBeNull()
    expect(objectKeyOf('/logos/acme.0123456789.png')).toBe('logos/acme.0123456789.png')
  })

  test('never climbs out of the store or names a hidden file', () => {
    for (const key of ['', '../etc/passwd', 'products/../../x.png', 'products//x.png', '.hidden/x.png', 'products/x y.png', 'C:\\x.png']) {
      expect(objectKeyProblem(key)).not.toBeNull()
    }
    expect(objectKeyOf('products/../secret.png')).toBeNull()
  })
})

describe('the folder as object storage', () => {
  test('keeps, reads, lists and deletes files below its folder', async () => {
    const storage = folderStorage(await mkdtemp(path.join(os.tmpdir(), 'object-storage-')))
    await storage.put('stores/acme/site/logo.0123456789.png', Buffer.from('logo'))
    await storage.put('stores/acme/product-uploads/3/front.0123456789.png', Buffer.from('front'))
    expect((await storage.get('stores/acme/site/logo.0123456789.png'))!.toString()).toBe('logo')
    expect(await storage.head('stores/acme/site/logo.0123456789.png')).toMatchObject({ size: 4 })
    expect(await storage.list('stores/acme/')).toEqual(['stores/acme/product-uploads/3/front.0123456789.png', 'stores/acme/site/logo.0123456789.png'])
    await storage.delete('stores/acme/site/logo.0123456789.png')
    expect(await storage.get('stores/acme/site/logo.0123456789.png')).toBeNull()
    expect(await storage.list('stores/nobody/')).toEqual([])
  })

  test('reads a link that points outside its folder as missing', async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'object-storage-'))
    const storage = folderStorage(path.join(base, 'images'))
    await storage.put('products/kept.0123456789.png', Buffer.from('kept'))
    await writeFile(path.join(base, 'secret.png'), 'secret')
    await symlink(path.join(base, 'secret.png'), path.join(base, 'images', 'products', 'linked.0123456789.png'))
    expect(await storage.get('products/linked.0123456789.png')).toBeNull()
    expect(await storage.head('products/linked.0123456789.png')).toBeNull()
  })
})

describe('the object storage settings', () => {
  const problems = (source: Record<string, string>) => {
    try {
      loadEnv(source)
      return ''
    } catch (error) {
      return (error as Error).message
    }
  }

  test('leave uploads in IMAGES_DIR when no bucket is named', () => {
    const config = loadEnv({})
    expect(config.S3_BUCKET).toBeUndefined()
    expect(config).toMatchObject({ IMAGES_DIR: '.data/images', IMAGE_CACHE_MAX_BYTES: 1024 * 1024 * 1024 })
  })

  test('take a bucket with another service’s address, its key pair and path-style addresses', () => {
    const config = loadEnv({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'minio', S3_SECRET_ACCESS_KEY: 'minio-secret', S3_FORCE_PATH_STYLE: 'true' })
    expect(config).toMatchObject({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true })
  })

  test('refuse each bad setting with a sentence that says what to do', () => {
    expect(problems({ S3_BUCKET: 'Shop_Images' })).toContain('S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens')
    expect(problems({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'https://r2.example.com/shop-images' })).toContain('S3_ENDPOINT must be the address of the storage service')
    expect(problems({ S3_ENDPOINT: 'https://r2.example.com' })).toContain('S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to keep uploads in object storage, or remove S3_ENDPOINT to keep them in IMAGES_DIR')
    expect(problems({ S3_BUCKET: 'shop-images', S3_REGION: 'eu-central-1', S3_ACCESS_KEY_ID: 'key' })).toContain('S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not')
    expect(problems({ S3_BUCKET: 'shop-images' })).toContain('S3_BUCKET is set without S3_ENDPOINT or S3_REGION: set S3_REGION to the AWS region of the bucket')
    expect(problems({ S3_BUCKET: 'shop-images', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE must be true or false')
    expect(problems({ IMAGE_CACHE_MAX_BYTES: '1000' })).toContain('IMAGE_CACHE_MAX_BYTES must be at least 16777216 (16 MiB)')
  })
})
