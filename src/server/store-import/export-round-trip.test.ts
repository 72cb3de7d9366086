import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { exportStore } from './export-store'
import { storeFileZip, unpackStoreZip } from './store-file-zip'
import { importStoreFile } from './store-import-service'
import { colorSequences } from './write-catalog'

// Issue 26: a store file exported from the console and imported again unchanged reports nothing
// changed — no row and no image. The team store's export lists only the colours its products use
// (the colour list is every store's) and carries its accent colour.

const DEMO = path.resolve('data/demo-store.json')
const TEAM = path.resolve('data/team-store.json')
const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

async function zipBytes(chunks: AsyncGenerator<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

describe.each(testDatabaseKinds())('exporting a store and importing the export on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(() => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
  })

  test.each([DEMO, TEAM])('importing an unchanged export of %s reports nothing changed', async (source) => {
    await importStoreFile({ filePath: DEMO })
    const { websiteId } = await importStoreFile({ filePath: source })
    const exported = await exportStore(db(), websiteId)
    const folder = await mkdtemp(path.join(os.tmpdir(), 'store-export-'))
    const storeJson = await unpackStoreZip(await zipBytes(storeFileZip(exported)), folder, 500_000_000)

    const summary = await importStoreFile({ filePath: storeJson, confined: true })

    const changed = Object.entries(summary.counts).filter(([, counts]) => counts.created + counts.updated + counts.removed > 0)
    expect(changed).toEqual([])
    expect(summary.touchedCaches).toEqual([])
    expect(summary.images).toMatchObject({ drawn: 0, copied: 0, removed: 0 })
  }, 240_000)
})

describe('a colour’s place in the shared colour list', () => {
  const existing = [
    { name: 'Black', sequence: 0 },
    { name: 'Navy', sequence: 3 },
    { name: 'Red', sequence: 7 },
  ]
  const places = (names: string[]) => colorSequences(names.map((name) => ({ name })), existing).map(({ color, sequence }) => [color.name, sequence])

  test('keeps the places of colours a file lists in their present order, and puts new ones after them', () => {
    expect(places(['Navy', 'Red', 'Teal'])).toEqual([['Navy', 3], ['Red', 7], ['Teal', 8]])
  })

  test('numbers the colours by their position when the file reorders them', () => {
    expect(places(['Red', 'Navy'])).toEqual([['Red', 0], ['Navy', 1]])
  })
})
