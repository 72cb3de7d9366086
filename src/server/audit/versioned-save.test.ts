import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { EditConflictData } from '@/isomorphic/contract/admin-edit'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation } from '../api/admin-registry'
import { auditLog, redirects } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { changedFields } from './versioned-save'

// The one versioned, audited save (issue 26), through a console edit that uses it: the redirect.
// Two members open the same record; each save moves the version by one and records what changed,
// a save that changes nothing writes nothing, and a save of an older version is a 409 naming who
// changed which field since.

describe('changedFields', () => {
  test('keeps only the fields whose values differ, comparing arrays and objects by value', () => {
    expect(changedFields({ name: 'Polo', tags: ['a'], price: 1 }, { name: 'Polo', tags: ['a', 'b'], price: 1 })).toEqual({ before: { tags: ['a'] }, after: { tags: ['a', 'b'] } })
    expect(changedFields({ name: 'Polo' }, { name: 'Polo' })).toEqual({ before: {}, after: {} })
  })
})

describe.each(testDatabaseKinds())('a versioned save on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let first: CoreContext
  let second: CoreContext
  let id: number

  const save = (ctx: CoreContext, fields: { version?: number; to: string }) =>
    executeAdminMutation('redirects.save', { websiteId, id, from: '/old-polo', status: 301, ...fields }, ctx) as Promise<{ id: number; version: number }>
  const auditRows = () => db().select().from(auditLog).where(and(eq(auditLog.entityType, 'redirect'), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id))

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    first = await staffContext(websiteId, { role: 'owner', email: `first-${websiteId}@example.test` })
    second = await staffContext(websiteId, { role: 'owner', email: `second-${websiteId}@example.test` })
    const created = (await executeAdminMutation('redirects.save', { websiteId, from: '/old-polo', to: '/shop', status: 301 }, first)) as { id: number; version: number }
    id = created.id
    expect(created.version).toBe(1)
  })

  test('moves the version by one and records the changed field with both versions', async () => {
    const saved = await save(first, { version: 1, to: '/shop?category=polos' })
    expect(saved.version).toBe(2)
    const [row] = await db().select().from(redirects).where(eq(redirects.id, id))
    expect(row).toMatchObject({ target: '/shop?category=polos', version: 2 })
    const update = (await auditRows()).at(-1)!
    expect(update.action).toBe('redirect.update')
    expect(update.before).toEqual({ target: '/shop', version: 1 })
    expect(update.after).toEqual({ target: '/shop?category=polos', version: 2 })
  })

  test('a save that changes nothing keeps the version and writes no audit row', async () => {
    const before = (await auditRows()).length
    const saved = await save(first, { version: 2, to: '/shop?category=polos' })
    expect(saved.version).toBe(2)
    expect(await auditRows()).toHaveLength(before)
  })

  test('a save of an older version is a 409 naming who changed which field, and changes nothing', async () => {
    const stale = await refusal(save(second, { version: 1, to: '/shop?category=tees' }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toBe(`The redirect from /old-polo was changed by first-${websiteId}@example.test since you opened it (target). Reload to see the new values, then make your change again.`)
    expect((stale.data as EditConflictData).currentVersion).toBe(2)
    const [row] = await db().select().from(redirects).where(eq(redirects.id, id))
    expect(row).toMatchObject({ target: '/shop?category=polos', version: 2 })
  })

  test('a save without the version it opened is refused with what to do', async () => {
    const missing = await refusal(save(second, { to: '/shop' }))
    expect(missing.code).toBe('invalid')
    expect(missing.userMessage).toBe('Send the version of the redirect you opened: reload the page and try again.')
  })
})
