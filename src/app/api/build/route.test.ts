import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

describe('GET /api/build', () => {
  let dir: string

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'webstore-build-'))
    vi.spyOn(process, 'cwd').mockReturnValue(dir)
    vi.resetModules()
  })
  afterEach(async () => {
    vi.restoreAllMocks()
    await rm(dir, { recursive: true, force: true })
  })

  async function writeBuildId(id: string) {
    await mkdir(path.join(dir, '.next'), { recursive: true })
    await writeFile(path.join(dir, '.next', 'BUILD_ID'), id)
  }

  test('answers the id of the build the server runs, never cached', async () => {
    await writeBuildId('lq3x9k-1a2b3c4d5e6f\n')
    const { GET } = await import('./route')
    const response = await GET()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    await expect(response.json()).resolves.toEqual({ id: 'lq3x9k-1a2b3c4d5e6f' })
  })

  test('reads the id once: a build written later under the running server does not change it', async () => {
    await writeBuildId('first')
    const { GET } = await import('./route')
    await GET()
    await writeBuildId('second')
    await expect((await GET()).json()).resolves.toEqual({ id: 'first' })
  })

  test('without a build (development) it says it cannot tell, which the browser ignores', async () => {
    const { GET } = await import('./route')
    const response = await GET()
    expect(response.status).toBe(503)
    await expect(response.json()).resolves.toEqual({ id: null })
  })
})
