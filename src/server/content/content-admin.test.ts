import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ContentAdminMutationResponses, ContentAdminQueryResponses } from '@/isomorphic/contract/admin-content'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createContentPage, createHomePage } from '../../../tests/factories/content'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { createMemoryCache, useNamedCache } from '../cache/named-cache'
import { auditLog } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { getWebsiteCached } from '../website/website-service'
import { findContentPageCached, getHomePageCached } from './content-service'

// Content pages and the home page in the console (issue 16): versioned saves (a stale one is a 409
// naming what changed), an audit row per save, fulfilment refused (403), another store's manager
// answered 404, and the storefront's cached reads show the change at the next request.

type Q = ContentAdminQueryResponses
type M = ContentAdminMutationResponses

describe.each(testDatabaseKinds())('content pages and the home page in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let secondManager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
    const otherStore = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    secondManager = await staffContext(websiteId, { role: 'store_manager', email: `second-${Date.now()}@example.test` })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(otherStore, { role: 'store_manager' })
  })

  const savePage = (value: Record<string, unknown>, ctx = manager) => executeAdminMutation('content.savePage', { websiteId, ...value }, ctx) as Promise<M['content.savePage']>
  const auditOf = (entityType: string, entityId: number) =>
    db().select().from(auditLog).where(eq(auditLog.entityId, String(entityId))).orderBy(asc(auditLog.id)).then((rows) => rows.filter((row) => row.entityType === entityType))

  test('a manager creates a page in Markdown; the storefront shows it at the next request, and its footer lists it', async () => {
    expect(await findContentPageCached({ websiteId, slug: 'care-guide' })).toBeNull()
    const created = await savePage({ slug: 'care-guide', title: 'Care guide', body: '# Care guide\n\nWash **cold**.', sequence: 5 })
    expect(created.version).toBe(1)
    expect(await findContentPageCached({ websiteId, slug: 'care-guide' })).toMatchObject({ title: 'Care guide', body: '# Care guide\n\nWash **cold**.' })
    expect((await getWebsiteCached({ websiteId })).contentPages).toContainEqual({ slug: 'care-guide', title: 'Care guide' })

    const page = (await executeAdminQuery('content.page', { websiteId, id: created.id }, manager)) as Q['content.page']
    expect(page).toMatchObject({ slug: 'care-guide', published: true, showInFooter: true, sequence: 5, version: 1 })
    const [audit] = await auditOf('content_page', created.id)
    expect(audit).toMatchObject({ action: 'content_page.create', websiteId, role: 'store_manager', after: { slug: 'care-guide', version: 1 } })
  })

  test('an edit is seen at the next request; an unpublished page answers not found on the storefront', async () => {
    const { id } = await createContentPage({ websiteId, slug: 'sizing', title: 'Sizing', body: 'Old text' })
    expect(await findContentPageCached({ websiteId, slug: 'sizing' })).toMatchObject({ body: 'Old text' })
    const saved = await savePage({ id, version: 1, slug: 'sizing', title: 'Sizing', body: 'New _text_' })
    expect(saved.version).toBe(2)
    expect(await findContentPageCached({ websiteId, slug: 'sizing' })).toMatchObject({ body: 'New _text_' })
    await savePage({ id, version: 2, slug: 'sizing', title: 'Sizing', body: 'New _text_', published: false })
    expect(await findContentPageCached({ websiteId, slug: 'sizing' })).toBeNull()
    expect((await getWebsiteCached({ websiteId })).contentPages.map((page) => page.slug)).not.toContain('sizing')
    const [update, unpublish] = await auditOf('content_page', id)
    expect(update).toMatchObject({ action: 'content_page.update', before: { body: 'Old text', version: 1 }, after: { body: 'New _text_', version: 2 } })
    expect(update!.before).not.toHaveProperty('title')
    expect(unpublish).toMatchObject({ before: { published: true, version: 2 }, after: { published: false, version: 3 } })
  })

  test('the second of two members editing one page gets a 409 naming who changed what', async () => {
    const { id } = await createContentPage({ websiteId, slug: 'shipping-info', title: 'Shipping' })
    await savePage({ id, version: 1, slug: 'shipping-info', title: 'Shipping and delivery', body: 'Ships in 5 days.' }, secondManager)
    const error = await refusal(savePage({ id, version: 1, slug: 'shipping-info', title: 'Shipping', body: 'Ships in 3 days.' }))
    expect(error.code).toBe('conflict')
    expect(error.userMessage).toMatch(/The page “Shipping and delivery” was changed by second-.* since you opened it \(.*title.*\)/)
    expect(isEditConflictData(error.data)).toBe(true)
    expect((await findContentPageCached({ websiteId, slug: 'shipping-info' }))?.body).toBe('Ships in 5 days.')
  })

  test('a slug taken by another page or a storefront page is refused with a sentence', async () => {
    await createContentPage({ websiteId, slug: 'taken' })
    expect((await refusal(savePage({ slug: 'taken', title: 'Again', body: 'x' }))).userMessage).toBe('Another page of this store has the address /taken: choose another slug.')
    expect((await refusal(savePage({ slug: 'shop', title: 'Shop', body: 'x' }))).userMessage).toBe('The address /shop is a page of the store already: choose another slug.')
    expect((await refusal(savePage({ slug: 'Bad Slug', title: 'x', body: 'x' }))).code).toBe('invalid')
  })

  test('deleting a page is versioned and audited, and the storefront stops showing it', async () => {
    const { id } = await createContentPage({ websiteId, slug: 'old-policy', title: 'Old policy' })
    expect(await findContentPageCached({ websiteId, slug: 'old-policy' })).not.toBeNull()
    expect((await refusal(executeAdminMutation('content.deletePage', { websiteId, id, version: 2 }, manager))).code).toBe('conflict')
    await executeAdminMutation('content.deletePage', { websiteId, id, version: 1 }, manager)
    expect(await findContentPageCached({ websiteId, slug: 'old-policy' })).toBeNull()
    const audits = await auditOf('content_page', id)
    expect(audits.at(-1)).toMatchObject({ action: 'content_page.delete', before: { slug: 'old-policy', title: 'Old policy' } })
  })

  test('the home page: its hero and sections are edited, versioned, and shown at the next request', async () => {
    const store = (await createWebsite()).id
    const owner = await staffContext(store, { role: 'owner' })
    await createHomePage({ websiteId: store, heroTitle: 'Old hero', sections: [{ title: 'Team orders', body: 'Any size mix.', href: '/shop', image: '/images/site/team' }] })
    expect((await getHomePageCached({ websiteId: store })).home?.heroTitle).toBe('Old hero')
    const home = (await executeAdminQuery('content.home', { websiteId: store }, owner)) as Q['content.home']
    expect(home).toMatchObject({ heroTitle: 'Old hero', version: 1, sections: [{ title: 'Team orders', href: '/shop', image: '/images/site/team' }] })

    const saved = (await executeAdminMutation(
      'content.saveHome',
      { websiteId: store, version: 1, heroTitle: 'New hero', sections: [{ ...home.sections[0]!, body: '**Any** size mix.' }, { title: 'Care', body: 'Wash cold.' }] },
      owner,
    )) as M['content.saveHome']
    expect(saved.version).toBe(2)
    const shown = await getHomePageCached({ websiteId: store })
    expect(shown.home).toMatchObject({ heroTitle: 'New hero', sections: [{ title: 'Team orders', body: '**Any** size mix.', image: '/images/site/team' }, { title: 'Care', body: 'Wash cold.' }] })

    expect((await refusal(executeAdminMutation('content.saveHome', { websiteId: store, version: 1, heroTitle: 'Stale' }, owner))).code).toBe('conflict')
    const forged = await refusal(executeAdminMutation('content.saveHome', { websiteId: store, version: 2, heroTitle: 'x', sections: [{ title: 'x', image: '/images/elsewhere' }] }, owner))
    expect(forged.userMessage).toMatch(/names an image this home page does not have/)
    const [audit] = await auditOf('home_page', store)
    expect(audit).toMatchObject({ action: 'home_page.update', before: { heroTitle: 'Old hero', version: 1 }, after: { heroTitle: 'New hero', version: 2 } })
  })

  test('fulfilment is refused (403) and another store’s manager gets 404, for every content key', async () => {
    const { id } = await createContentPage({ websiteId, slug: `guarded-${Date.now()}` })
    const calls: [string, Record<string, unknown>, 'query' | 'mutation'][] = [
      ['content.pages', { websiteId }, 'query'],
      ['content.page', { websiteId, id }, 'query'],
      ['content.home', { websiteId }, 'query'],
      ['content.savePage', { websiteId, slug: 'x-page', title: 'x', body: 'x' }, 'mutation'],
      ['content.deletePage', { websiteId, id, version: 1 }, 'mutation'],
      ['content.saveHome', { websiteId, heroTitle: 'x' }, 'mutation'],
    ]
    for (const [key, value, kindOf] of calls) {
      const run = (ctx: CoreContext) => (kindOf === 'query' ? executeAdminQuery(key, value, ctx) : executeAdminMutation(key, value, ctx))
      expect((await refusal(run(fulfilment))).code, key).toBe('forbidden')
      expect((await refusal(run(otherManager))).code, key).toBe('not_found')
    }
    expect(await findContentPageCached({ websiteId, slug: 'x-page' })).toBeNull()
  })
})
