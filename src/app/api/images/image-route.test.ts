import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { GET } from './[...path]/route'

function get(segments: string[], headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/images/${segments.join('/')}`, { headers })
  return GET(request, { params: Promise.resolve({ path: segments }) })
}

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'image-route-'))
  vi.stubEnv('IMAGES_DIR', path.join(base, 'images'))
  vi.stubEnv('IMAGE_CACHE_DIR', path.join(base, 'cache'))
  await mkdir(path.join(base, 'images', 'products', 'cap'), { recursive: true })
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c8102e' } }).png().toBuffer()
  await writeFile(path.join(base, 'images', 'products', 'cap', 'cap-red.abcdef0123.png'), png)
})

describe('GET /api/images/…', () => {
  test('answers a webp with year-long immutable caching and an ETag', async () => {
    const response = await get(['products', 'cap', '256x256', 'cap-red.abcdef0123_256x256.webp'])
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256 })
  })

  test('answers 304 to a matching If-None-Match', async () => {
    const segments = ['products', 'cap', '64x64', 'cap-red.abcdef0123_64x64.webp']
    const etag = (await get(segments)).headers.get('etag')!
    const response = await get(segments, { 'if-none-match': etag })
    expect(response.status).toBe(304)
    expect(response.headers.get('etag')).toBe(etag)
  })

  test('answers 400 with a clear message for a size that is not allowed', async () => {
    const response = await get(['products', 'cap', '300x300', 'cap-red.abcdef0123_300x300.webp'])
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^Image size 300x300 is not allowed/)
  })

  test('answers 400 to a path that tries to leave the image folder and 404 to a missing image', async () => {
    expect((await get(['..', '..', '256x256', 'passwd_256x256.webp'])).status).toBe(400)
    expect((await get(['products', 'cap', '256x256', 'hat_256x256.webp'])).status).toBe(404)
  })
})
