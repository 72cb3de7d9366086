import { asc, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { buildStoreFile, lineContaining, writeStoreFile } from '../../../tests/factories/store-file'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { contentPages, redirects } from '../db/schema'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

// The store file's `redirects` and content pages' `published` (issue 16): imported by their natural
// key, idempotent, and refused with the line and a sentence when a rule is unsafe or loops.

describe('redirects and drafts in the store file', () => {
  const { db } = useTestDatabase()

  async function importWith(extra: Record<string, unknown>) {
    const store = { ...buildStoreFile(), ...extra }
    store.website = { ...(store.website as object), code: 'store-with-redirects' }
    const { filePath, text } = await writeStoreFile(store)
    return { text, run: () => importStoreFile({ filePath }) }
  }

  test('imports the redirects, changes nothing the second time, updates and removes by the path they start from', async () => {
    const first = await importWith({ redirects: [{ from: '/old-tees/', to: '/shop?sort=new' }, { from: '/brand', to: 'https://brand.example/', status: 302 }] })
    const summary = await first.run()
    expect(summary.counts.redirects).toMatchObject({ created: 2 })
    expect(summary.touchedCaches).toContain('Redirects')
    const rows = () => db().select({ fromPath: redirects.fromPath, target: redirects.target, status: redirects.status, version: redirects.version }).from(redirects).where(eq(redirects.websiteId, summary.websiteId)).orderBy(asc(redirects.fromPath))
    expect(await rows()).toEqual([
      { fromPath: '/brand', target: 'https://brand.example/', status: 302, version: 1 },
      { fromPath: '/old-tees', target: '/shop?sort=new', status: 301, version: 1 },
    ])
    const again = await first.run()
    expect(again.counts.redirects).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 2 })
    expect(again.touchedCaches).not.toContain('Redirects')

    const changed = await importWith({ redirects: [{ from: '/old-tees', to: '/shop', status: 308 }] })
    expect((await changed.run()).counts.redirects).toMatchObject({ updated: 1, removed: 1 })
    expect(await rows()).toEqual([{ fromPath: '/old-tees', target: '/shop', status: 308, version: 2 }])
  })

  test.each([
    [[{ from: '/a', to: '/b' }, { from: '/b', to: '/a' }], '"to": "/b"', 'redirects[0].to: This redirect would loop: /a → /b → /a.'],
    [[{ from: '/x', to: 'javascript:alert(1)' }], '"to": "javascript:alert(1)"', 'redirects[0].to: A redirect can only go to a path of this store or an http(s) address, not a javascript: address.'],
    [[{ from: '/admin/orders', to: '/shop' }], '"from": "/admin/orders"', 'redirects[0].from: Paths under /admin, /api and /_next cannot be redirected.'],
  ])('refuses %j naming the line and the field', async (rules, near, message) => {
    const { text, run } = await importWith({ redirects: rules })
    const error = await run().then(
      () => null,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(StoreFileError)
    const line = lineContaining(text, near)
    expect((error as StoreFileError).message).toMatch(new RegExp(`^store\\.json line ${line}: `))
    expect((error as StoreFileError).message).toContain(message)
  })

  test('a content page the file marks unpublished is kept as a draft', async () => {
    const base = buildStoreFile()
    const pages = (base.contentPages as Record<string, unknown>[] | undefined) ?? []
    const { run } = await importWith({ contentPages: [...pages, { slug: 'draft-page', title: 'Draft', body: 'Not yet.', published: false }] })
    const { websiteId } = await run()
    const [draft] = await db().select({ published: contentPages.published }).from(contentPages).where(eq(contentPages.slug, 'draft-page'))
    expect(draft).toEqual({ published: false })
    expect(websiteId).toBeGreaterThan(0)
  })
})
