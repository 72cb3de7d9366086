import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { previewAllows } from '../accounts/store-preview'
import { executeAdminMutation } from '../api/admin-registry'
import { auditLog, storeHosts, websites } from '../db/schema'
import { createStore } from './create-store'

// Issue 25: a store's life cycle from the console (draft → open → closed → archived), versioned and
// audited, and the preview link that shows a draft to the member who asks for it.

describe.each(testDatabaseKinds())("a store's life cycle in the console, on %s", (kind) => {
  const { db } = useTestDatabase(kind)

  test('a new draft opens to the public, closes, and is archived, each step audited and versioned', async () => {
    const home = await createWebsite()
    const owner = await staffContext(home.id)
    const created = await createStore(owner, { template: 'blank', code: `life-${Date.now()}`, name: 'Life cycle FC', hosts: [] })
    const version = async () => (await db().select({ version: websites.version }).from(websites).where(eq(websites.id, created.websiteId)))[0]!.version

    const opened = (await executeAdminMutation('stores.setState', { websiteId: created.websiteId, action: 'open', version: await version() }, owner)) as { state: string }
    expect(opened.state).toBe('open')
    const stale = await refusal(executeAdminMutation('stores.setState', { websiteId: created.websiteId, action: 'close', version: (await version()) - 1 }, owner))
    expect(stale).toMatchObject({ code: 'conflict' })
    const wrongStep = await refusal(executeAdminMutation('stores.setState', { websiteId: created.websiteId, action: 'restore', version: await version() }, owner))
    expect(wrongStep).toMatchObject({ code: 'invalid', userMessage: 'A store that is open cannot be restored.' })
    await executeAdminMutation('stores.setState', { websiteId: created.websiteId, action: 'archive', version: await version() }, owner)

    const [row] = await db().select({ state: websites.state }).from(websites).where(eq(websites.id, created.websiteId))
    expect(row!.state).toBe('archived')
    const audited = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.websiteId, created.websiteId))
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['store.open', 'store.archive']))
  })

  test("a member who may not act on a store cannot change it or preview it: it answers like a missing store", async () => {
    const mine = await createWebsite()
    const theirs = await createWebsite()
    const manager = await staffContext(mine.id, { role: 'store_manager', storeIds: [mine.id] })
    for (const attempt of [
      executeAdminMutation('stores.setState', { websiteId: theirs.id, action: 'close', version: 0 }, manager),
      executeAdminMutation('stores.preview', { websiteId: theirs.id }, manager),
    ]) {
      expect(await refusal(attempt)).toMatchObject({ code: 'not_found' })
    }
    const [unchanged] = await db().select({ state: websites.state }).from(websites).where(eq(websites.id, theirs.id))
    expect(unchanged!.state).toBe('open')
  })

  test("the preview link leads to the store's own address and lets its holder see that store only", async () => {
    const draft = await createWebsite()
    const other = await createWebsite()
    await db().insert(storeHosts).values({ websiteId: draft.id, host: `preview-${draft.id}.localhost`, isPrimary: true })
    const owner = await staffContext(draft.id)
    const { url } = (await executeAdminMutation('stores.preview', { websiteId: draft.id }, owner)) as { url: string }
    const link = new URL(url)
    expect(link.hostname).toBe(`preview-${draft.id}.localhost`)
    expect(link.pathname).toBe('/api/store-preview')
    const token = link.searchParams.get('token')
    expect(await previewAllows(token, draft.id)).toBe(true)
    expect(await previewAllows(token, other.id)).toBe(false)
  })
})
