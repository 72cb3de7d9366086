import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { accountTokens } from '@/server/db/schema'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { consumeAccountLink, createAccountLink, findUsableAccountLink, hashLinkToken, retireAccountLinks } from './account-links'

describe.each(testDatabaseKinds())('single-use account links on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherWebsiteId = (await createWebsite()).id
  })

  test('are 32 random bytes in base64url, and only their SHA-256 is stored', async () => {
    const { token, expiresAt } = await createAccountLink(db(), { kind: 'signup', websiteId, email: 'gia@example.com', payload: { name: 'Gia' } }, { ttlSeconds: 600 })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = await db().select().from(accountTokens).where(eq(accountTokens.email, 'gia@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(hashLinkToken(token))
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows[0])).not.toContain(token)
    const lifetime = expiresAt.getTime() - rows[0]!.createdAt.getTime()
    expect(lifetime).toBeGreaterThan(590_000)
    expect(lifetime).toBeLessThan(610_000)
  })

  test('work once: the second use finds nothing', async () => {
    const { token } = await createAccountLink(db(), { kind: 'signup', websiteId, email: 'hal@example.com', payload: { name: 'Hal' } })
    expect(await findUsableAccountLink(db(), 'signup', token, websiteId)).toMatchObject({ email: 'hal@example.com' })
    const first = await consumeAccountLink(db(), 'signup', token, websiteId)
    expect(first).toMatchObject({ kind: 'signup', email: 'hal@example.com', payload: { name: 'Hal' }, websiteId })
    expect(await consumeAccountLink(db(), 'signup', token, websiteId)).toBeNull()
    expect(await findUsableAccountLink(db(), 'signup', token, websiteId)).toBeNull()
  })

  test('used by many requests at once, let exactly one of them win', async () => {
    const { token } = await createAccountLink(db(), { kind: 'password_reset', websiteId, email: 'ivy@example.com' })
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeAccountLink(db(), 'password_reset', token, websiteId)))
    expect(results.filter((link) => link !== null)).toHaveLength(1)
  })

  test('are refused once expired', async () => {
    const { token } = await createAccountLink(db(), { kind: 'password_reset', websiteId, email: 'jay@example.com' })
    await db()
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashLinkToken(token)))
    expect(await findUsableAccountLink(db(), 'password_reset', token, websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'password_reset', token, websiteId)).toBeNull()
  })

  test('open only for their own kind and website, and never for a malformed or altered token', async () => {
    const { token } = await createAccountLink(db(), { kind: 'signup', websiteId, email: 'kim@example.com', payload: { name: 'Kim' } })
    expect(await consumeAccountLink(db(), 'password_reset', token, websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'signup', token, otherWebsiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'signup', `${token}x`, websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'signup', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'signup', "' OR 1=1 --", websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'signup', token, websiteId)).not.toBeNull()
  })

  test('retired for a partner all at once', async () => {
    const partner = await createPartner({ websiteId })
    const a = await createAccountLink(db(), { kind: 'password_reset', websiteId, email: partner.email, partnerId: partner.id })
    const b = await createAccountLink(db(), { kind: 'password_reset', websiteId, email: partner.email, partnerId: partner.id })
    await retireAccountLinks(db(), 'password_reset', partner.id)
    expect(await consumeAccountLink(db(), 'password_reset', a.token, websiteId)).toBeNull()
    expect(await consumeAccountLink(db(), 'password_reset', b.token, websiteId)).toBeNull()
  })
})
