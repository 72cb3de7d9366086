import { mkdtemp, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { variantCache } from './variant-cache'

const kilobytes = (n: number) => Buffer.alloc(n * 1024, 1)

describe('the cache of drawn sizes on this machine', () => {
  test('gives back what was written, and nothing for what was not', async () => {
    const cache = variantCache(await mkdtemp(path.join(os.tmpdir(), 'variant-cache-')), 1024 * 1024)
    await cache.write('products/tee/320x320/tee.ab.webp', Buffer.from('drawn'))
    expect((await cache.read('products/tee/320x320/tee.ab.webp'))!.toString()).toBe('drawn')
    expect(await cache.read('products/tee/320x320/other.ab.webp')).toBeNull()
  })

  test('stays within its bound by removing the least recently used files first', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'variant-cache-'))
    const cache = variantCache(dir, 35 * 1024)
    await cache.write('a.webp', kilobytes(10))
    await cache.write('b.webp', kilobytes(10))
    await cache.write('c.webp', kilobytes(10))
    await cache.read('a.webp')
    await cache.write('d.webp', kilobytes(10))
    expect(await cache.bytes()).toBeLessThanOrEqual(35 * 1024)
    expect((await readdir(dir)).sort()).toEqual(['a.webp', 'c.webp', 'd.webp'])
  })

  test('counts the files an earlier process left in its folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'variant-cache-'))
    await variantCache(dir, 1024 * 1024).write('x/old.webp', kilobytes(4))
    expect(await variantCache(dir, 1024 * 1024).bytes()).toBe(4 * 1024)
  })
})
