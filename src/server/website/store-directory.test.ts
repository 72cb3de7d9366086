import { describe, expect, test } from 'vitest'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { storeHosts, websites } from '../db/schema'
import { eq, sql } from 'drizzle-orm'
import { consoleServes, loadStoreDirectory, resolveStoreForHost, storeForHost } from './store-directory'
import { invalidateCaches } from '../cache/named-cache'
import { mintPreviewToken, previewAllows } from '../accounts/store-preview'

describe.each(testDatabaseKinds())('which store a request is for, on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  test('while no store has a host name, every host is the configured store, as a single-store install always was', async () => {
    await db().delete(storeHosts).where(sql`true`)
    const only = await createWebsite()
    const directory = await loadStoreDirectory(db())
    for (const host of ['localhost:3000', 'shop.example.com', '127.0.0.1', null]) {
      expect(storeForHost(directory, host, { defaultStoreId: only.id })).toBe(only.id)
    }
  })

  test('with host names, each store answers on its own, under the platform domain by its code, and any other host is no store', async () => {
    const demo = await createWebsite({ code: 'demo' })
    const club = await createWebsite({ code: 'riverside-fc' })
    await db().insert(storeHosts).values([
      { websiteId: demo.id, host: 'localhost', isPrimary: true },
      { websiteId: demo.id, host: '127.0.0.1' },
      { websiteId: club.id, host: 'team.localhost', isPrimary: true },
    ])
    const directory = await loadStoreDirectory(db())
    const resolve = (host: string | null) => storeForHost(directory, host, { defaultStoreId: demo.id, platformDomain: 'stores.example.com' })
    expect(resolve('localhost:3000')).toBe(demo.id)
    expect(resolve('127.0.0.1:3100')).toBe(demo.id)
    expect(resolve('TEAM.localhost:3000')).toBe(club.id)
    expect(resolve('team.localhost.')).toBe(club.id)
    expect(resolve('riverside-fc.stores.example.com')).toBe(club.id)
    expect(resolve('demo.stores.example.com')).toBe(demo.id)
    expect(resolve('nobody.stores.example.com')).toBeNull()
    expect(resolve('a.b.stores.example.com')).toBeNull()
    expect(resolve('unknown-here.localhost')).toBeNull()
    expect(resolve(null)).toBeNull()
    expect(directory.primaryHost.get(club.id)).toBe('team.localhost')
  })

  test('an archived store is offline: its hosts and its platform address answer like unknown ones', async () => {
    const spirit = await createWebsite({ code: 'spirit-week' })
    await db().insert(storeHosts).values({ websiteId: spirit.id, host: 'spirit.localhost', isPrimary: true })
    const resolve = async (host: string) => storeForHost(await loadStoreDirectory(db()), host, { defaultStoreId: spirit.id, platformDomain: 'stores.example.com' })
    expect(await resolve('spirit.localhost')).toBe(spirit.id)
    await db().update(websites).set({ state: 'archived' }).where(eq(websites.id, spirit.id))
    expect(await resolve('spirit.localhost')).toBeNull()
    expect(await resolve('spirit-week.stores.example.com')).toBeNull()
  })

  test('a host name belongs to one store on the whole install, and a store has one primary', async () => {
    const taken = await createWebsite()
    const other = await createWebsite()
    await db().insert(storeHosts).values({ websiteId: taken.id, host: 'taken.localhost' })
    await expect(db().insert(storeHosts).values({ websiteId: other.id, host: 'taken.localhost' })).rejects.toThrow()
    await db().insert(storeHosts).values({ websiteId: other.id, host: 'other.localhost', isPrimary: true })
    await expect(db().insert(storeHosts).values({ websiteId: other.id, host: 'other2.localhost', isPrimary: true })).rejects.toThrow()
  })
})

describe.each(testDatabaseKinds())('a store in draft, on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  test('answers only to a browser holding its preview, and to the preview link itself', async () => {
    const open = await createWebsite({ code: 'open-store' })
    const draft = await createWebsite({ code: 'draft-store' })
    await db().update(websites).set({ state: 'draft' }).where(eq(websites.id, draft.id))
    await db().insert(storeHosts).values([
      { websiteId: open.id, host: 'open.localhost', isPrimary: true },
      { websiteId: draft.id, host: 'draft.localhost', isPrimary: true },
    ])
    await invalidateCaches(['Website'])
    const { token } = await mintPreviewToken(draft.id)
    const { token: openToken } = await mintPreviewToken(open.id)
    const resolve = async (host: string, previewToken: string | null, path = '/') => resolveStoreForHost(host, { previewAllowed: (storeId) => previewAllows(previewToken, storeId), path })

    expect(await resolve('draft.localhost', null)).toBeNull()
    expect(await resolve('draft.localhost', 'forged.1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).toBeNull()
    expect(await resolve('draft.localhost', openToken)).toBeNull()
    expect(await resolve('draft.localhost', token)).toBe(draft.id)
    expect(await resolve('draft.localhost', null, `/api/store-preview?token=${token}`)).toBe(draft.id)
    expect(await resolve('open.localhost', null)).toBe(open.id)

    await db().update(websites).set({ state: 'open' }).where(eq(websites.id, draft.id))
    await invalidateCaches(['Website'], draft.id)
    expect(await resolve('draft.localhost', null)).toBe(draft.id)
  })
})

describe('where the console answers', () => {
  test('on the console host alone when one is set, whichever store (or none) its host names', () => {
    const settings = { consoleHost: 'admin.example.com', defaultStoreId: 1 }
    expect(consoleServes('Admin.Example.com:443', null, settings)).toBe(true)
    expect(consoleServes('shop.example.com', 1, settings)).toBe(false)
    expect(consoleServes('team.example.com', 2, settings)).toBe(false)
  })

  test("without a console host, on the configured store's addresses and never on another store's", () => {
    const settings = { consoleHost: null, defaultStoreId: 1 }
    expect(consoleServes('localhost:3000', 1, settings)).toBe(true)
    expect(consoleServes('team.localhost:3000', 2, settings)).toBe(false)
    expect(consoleServes('nowhere.example', null, settings)).toBe(false)
  })
})
