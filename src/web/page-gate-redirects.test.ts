import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { ContentAdminMutationResponses, ContentAdminQueryResponses } from '@/isomorphic/contract/admin-content'
import { executeAdminMutation, executeAdminQuery } from '@/server/api/admin-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { auditLog } from '@/server/db/schema'
import { env } from '@/server/env'
import type { CoreContext } from '@/server/kernel/context'
import { pageGate } from './page-gate'
import { testDatabaseKinds, useTestDatabase } from '../../tests/setup/test-db'
import { createWebsite } from '../../tests/factories/website'
import { refusal } from '../../tests/support/domain-refusal'
import { staffContext } from '../../tests/support/staff'

// Redirects in the console (issue 16): saved with the rules of redirect-rules.ts (a sentence for a
// script target, a reserved path or a loop), versioned and audited, and applied by the page gate
// before any page at the next request, because every save drops the store's cached rules.

type Q = ContentAdminQueryResponses
type M = ContentAdminMutationResponses

describe.each(testDatabaseKinds())('redirects on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite({ name: 'Redirect Store' })).id
    // The page gate serves the deployment's store.
    expect(websiteId).toBe(env().WEBSITE_ID)
    const otherStore = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(otherStore, { role: 'store_manager' })
  })

  const save = (value: Record<string, unknown>, ctx = manager) => executeAdminMutation('redirects.save', { websiteId, ...value }, ctx) as Promise<M['redirects.save']>
  const remove = (value: Record<string, unknown>, ctx = manager) => executeAdminMutation('redirects.delete', { websiteId, ...value }, ctx)

  test('a manager adds /old-tees → /shop and the next request for /old-tees is redirected, its query kept', async () => {
    expect(await pageGate('GET', '/old-tees?size=L', {})).toEqual({})
    const { id, version } = await save({ from: '/old-tees/', to: '/shop', status: 301 })
    expect(version).toBe(1)
    expect(await pageGate('GET', '/old-tees?size=L', {})).toEqual({ redirect: '/shop?size=L', status: 301 })
    expect(await pageGate('GET', '/en/old-tees', {})).toEqual({ redirect: '/shop', status: 301 })
    const { rules } = (await executeAdminQuery('redirects.list', { websiteId }, manager)) as Q['redirects.list']
    expect(rules).toContainEqual(expect.objectContaining({ id, fromPath: '/old-tees', target: '/shop', status: 301, version: 1 }))
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(asc(auditLog.id))
    expect(audit).toMatchObject({ action: 'redirect.create', entityType: 'redirect', websiteId, after: { fromPath: '/old-tees', target: '/shop', status: 301 } })

    // Edited to an absolute address: a temporary redirect off the store, seen at the next request.
    await save({ id, version: 1, from: '/old-tees', to: 'https://brand.example/tees', status: 302 })
    expect(await pageGate('GET', '/old-tees?a=1', {})).toEqual({ redirect: 'https://brand.example/tees?a=1', status: 302 })
    const test = (await executeAdminQuery('redirects.test', { websiteId, path: '/old-tees/?a=1' }, manager)) as Q['redirects.test']
    expect(test).toMatchObject({ path: '/old-tees', location: 'https://brand.example/tees?a=1', status: 302, absolute: true })

    // A stale edit is a 409, a delete is versioned, and the redirect stops at the next request.
    expect((await refusal(save({ id, version: 1, from: '/old-tees', to: '/shop', status: 301 }))).code).toBe('conflict')
    await remove({ id, version: 2 })
    expect(await pageGate('GET', '/old-tees', {})).toEqual({})
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(asc(auditLog.id))
    expect(audits.map((row) => row.action)).toEqual(['redirect.create', 'redirect.update', 'redirect.delete'])
  })

  test.each([
    [{ from: '/x', to: 'javascript:alert(1)' }, 'A redirect can only go to a path of this store or an http(s) address, not a javascript: address.'],
    [{ from: '/x', to: 'data:text/html,hi' }, 'A redirect can only go to a path of this store or an http(s) address, not a data: address.'],
    [{ from: '/admin/orders', to: '/shop' }, 'Paths under /admin, /api and /_next cannot be redirected.'],
    [{ from: '/api/cart', to: '/shop' }, 'Paths under /admin, /api and /_next cannot be redirected.'],
    [{ from: '/_next/static/x', to: '/shop' }, 'Paths under /admin, /api and /_next cannot be redirected.'],
    [{ from: '/same', to: '/same?x=1' }, 'This redirect would loop: /same → /same.'],
  ])('%j is refused with a sentence', async (value, message) => {
    const error = await refusal(save({ status: 301, ...value }))
    expect(error.code).toBe('invalid')
    expect(error.userMessage).toContain(message)
  })

  test('a rule that would close a loop with the saved ones is refused, and so is a second rule from one path', async () => {
    await save({ from: '/loop-a', to: '/loop-b' })
    expect((await refusal(save({ from: '/loop-b', to: '/loop-a' }))).userMessage).toBe('This redirect would loop: /loop-b → /loop-a → /loop-b.')
    expect((await refusal(save({ from: '/loop-a/', to: '/shop' }))).userMessage).toBe('There is already a redirect from /loop-a: edit that one instead.')
    expect(await pageGate('GET', '/loop-a', {})).toEqual({ redirect: '/loop-b', status: 301 })
  })

  test('fulfilment is refused (403) and another store’s manager gets 404', async () => {
    for (const ctx of [fulfilment, otherManager]) {
      const expected = ctx === fulfilment ? 'forbidden' : 'not_found'
      expect((await refusal(executeAdminQuery('redirects.list', { websiteId }, ctx))).code).toBe(expected)
      expect((await refusal(executeAdminQuery('redirects.test', { websiteId, path: '/x' }, ctx))).code).toBe(expected)
      expect((await refusal(save({ from: '/hijack', to: 'https://attacker.example/' }, ctx))).code).toBe(expected)
      expect((await refusal(remove({ id: 1, version: 1 }, ctx))).code).toBe(expected)
    }
    expect(await pageGate('GET', '/hijack', {})).toEqual({})
  })
})
