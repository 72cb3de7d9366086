import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { accountTokens, sessions } from '@/server/db/schema'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { removeExpiredAccountRows } from './account-housekeeping'

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

describe.each(testDatabaseKinds())('account housekeeping on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let partnerId: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    partnerId = (await createPartner({ websiteId })).id
  })

  test('removes mail links a day after use or expiry and sessions a month after they ended, and nothing else', async () => {
    const link = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({ websiteId, kind: 'password_reset' as const, tokenHash, email: 'a@example.com', expiresAt, usedAt })
    await db().insert(accountTokens).values([
      link('expired-long-ago', daysAgo(2)),
      link('used-long-ago', daysAgo(-1), daysAgo(3)),
      link('still-valid', daysAgo(-1)),
      link('just-expired', daysAgo(0.1)),
    ])
    const session = (expiresAt: Date, revokedAt: Date | null = null) => ({ partnerId, websiteId, method: 'password', expiresAt, absoluteExpiresAt: expiresAt, revokedAt })
    const [old, revoked, live, recent] = await db()
      .insert(sessions)
      .values([session(daysAgo(31)), session(daysAgo(-1), daysAgo(40)), session(daysAgo(-1)), session(daysAgo(2))])
      .returning({ id: sessions.id })

    expect(await removeExpiredAccountRows(db())).toEqual({ links: 2, sessions: 2 })

    const links = await db().select({ tokenHash: accountTokens.tokenHash }).from(accountTokens).where(eq(accountTokens.websiteId, websiteId))
    expect(links.map((row) => row.tokenHash).sort()).toEqual(['just-expired', 'still-valid'])
    const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.partnerId, partnerId))
    expect(left.map((row) => row.id).sort()).toEqual([live!.id, recent!.id].sort())
    expect(left.map((row) => row.id)).not.toContain(old!.id)
    expect(left.map((row) => row.id)).not.toContain(revoked!.id)
  })
})
