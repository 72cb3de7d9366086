import { asc, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { storeHosts } from '../db/schema'
import { exportStore } from './export-store'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

// Issue 25: the store file's website.hosts — the host names a store answers on, the primary first —
// written to store_hosts by the import (added, removed, the primary moved), written back by the
// export, and left alone by an older file that does not list them.

function storeWithHosts(hosts: string[] | undefined, code = 'test-store') {
  const store = buildStoreFile()
  store.website = { ...store.website, code, ...(hosts === undefined ? {} : { hosts }) }
  return store
}

async function importHosts(hosts: string[] | undefined, code = 'test-store') {
  const { filePath } = await writeStoreFile(storeWithHosts(hosts, code))
  return importStoreFile({ filePath })
}

async function refusal(hosts: string[] | undefined, code = 'test-store'): Promise<string> {
  const error = await importHosts(hosts, code).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error.message
}

describe.each(testDatabaseKinds())('host names in the store file on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  const hostsOf = async (websiteId: number) =>
    db().select({ host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).where(eq(storeHosts.websiteId, websiteId)).orderBy(asc(storeHosts.host))

  test('imports the host names in their one spelling, the first one primary, and drops the Website cache', async () => {
    const summary = await importHosts(['Shop.Example.com.', 'team.localhost'])
    expect(await hostsOf(summary.websiteId)).toEqual([
      { host: 'shop.example.com', isPrimary: true },
      { host: 'team.localhost', isPrimary: false },
    ])
    expect(summary.counts.storeHosts).toMatchObject({ created: 2 })
    expect(summary.touchedCaches).toContain('Website')
  })

  test('exports them back, the primary first, and importing that export changes nothing', async () => {
    const { websiteId } = await importHosts(['shop.example.com', 'team.localhost'])
    const { file } = await exportStore(db(), websiteId)
    expect(file.website.hosts).toEqual(['shop.example.com', 'team.localhost'])

    const { filePath } = await writeStoreFile({ ...buildStoreFile(), website: { ...buildStoreFile().website, hosts: file.website.hosts } })
    const again = await importStoreFile({ filePath })
    expect(again.counts.storeHosts).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 0 })
    expect(again.touchedCaches).not.toContain('Website')
  })

  test('a changed list adds and removes names and moves the primary, keeping one primary', async () => {
    const { websiteId } = await importHosts(['shop.example.com', 'team.localhost'])
    const summary = await importHosts(['team.localhost', 'new.example.com'])
    expect(await hostsOf(websiteId)).toEqual([
      { host: 'new.example.com', isPrimary: false },
      { host: 'team.localhost', isPrimary: true },
    ])
    expect(summary.counts.storeHosts).toEqual({ created: 1, updated: 1, unchanged: 0, removed: 1 })
  })

  test('an older file without hosts leaves the store’s host names as they are; an empty list removes them', async () => {
    const { websiteId } = await importHosts(['shop.example.com'])
    const untouched = await importHosts(undefined)
    expect(untouched.counts.storeHosts).toBeUndefined()
    expect(await hostsOf(websiteId)).toEqual([{ host: 'shop.example.com', isPrimary: true }])

    await importHosts([])
    expect(await hostsOf(websiteId)).toEqual([])
  })

  test('a host name another store has is refused with a sentence naming it, and nothing is written', async () => {
    const { websiteId } = await importHosts(['shop.example.com'])
    const message = await refusal(['other.example.com', 'SHOP.example.com'], 'other-store')
    expect(message).toMatch(/website\.hosts\[1\]: The host name "shop\.example\.com" is already used by another store/)
    expect(await hostsOf(websiteId)).toEqual([{ host: 'shop.example.com', isPrimary: true }])
    const all = await db().select({ host: storeHosts.host }).from(storeHosts)
    expect(all.map((row) => row.host)).not.toContain('other.example.com')
  })

  test('a name listed twice (in any spelling) and a name that is not a host are refused at their line', async () => {
    expect(await refusal(['shop.example.com', 'Shop.Example.Com.'])).toMatch(/website\.hosts\[1\]: "shop\.example\.com" is listed twice \(also hosts\[0\]\)/)
    expect(await refusal(['https://shop.example.com/'])).toMatch(/website\.hosts\[0\]: "https:\/\/shop\.example\.com\/" is not a host name\. Enter a host name only/)
  })
})
