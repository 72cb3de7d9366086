import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { LOGIN_FAILED, TOO_MANY_SIGN_IN_ATTEMPTS } from '@/isomorphic/account-types'
import { createPartner, TEST_PASSWORD } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { SIGN_IN_LIMITS, signInWithPassword } from './login-service'
import { refusal } from '../../../tests/support/domain-refusal'

// Issue 13: ten wrong passwords from anywhere locked the account for everyone for 15 minutes. The
// per-account limit now counts per (account, address), beside the per-address limit, so an
// attacker guessing from one address cannot lock the owner out from another.

describe('sign-in attempt limits', () => {
  const { db } = useTestDatabase('pglite')
  let websiteId: number
  let email: string

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    email = (await createPartner({ websiteId })).email
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const signIn = (password: string, ip: string) => signInWithPassword(db(), { login: email, password }, { websiteId, ip, userAgent: 'vitest' })

  test('wrong passwords from one address do not lock the owner out from another; that address stays refused', async () => {
    const attacker = '203.0.113.66'
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount.max; attempt += 1) {
      expect((await refusal(signIn(`guess ${attempt}`, attacker))).userMessage).toBe(LOGIN_FAILED)
    }
    expect((await refusal(signIn('one more guess', attacker))).userMessage).toBe(TOO_MANY_SIGN_IN_ATTEMPTS)
    // The right password from the attacker's address is refused too: the limit is not an oracle.
    expect((await refusal(signIn(TEST_PASSWORD, attacker))).userMessage).toBe(TOO_MANY_SIGN_IN_ATTEMPTS)

    const session = await signIn(TEST_PASSWORD, '198.51.100.20')
    expect(session.accessToken).toEqual(expect.any(String))
    expect((await refusal(signIn('still guessing', attacker))).code).toBe('rate_limited')
  })

  test('one address trying many accounts is still limited per address', async () => {
    const sprayer = '203.0.113.67'
    const emails = await Promise.all(Array.from({ length: 4 }, async () => (await createPartner({ websiteId, password: null })).email))
    let refused = 0
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress.max + 1; attempt += 1) {
      const error = await refusal(signInWithPassword(db(), { login: emails[attempt % emails.length]!, password: 'spray' }, { websiteId, ip: sprayer, userAgent: 'vitest' }))
      if (error.code === 'rate_limited') refused += 1
    }
    expect(refused).toBe(1)
  })

  test('successful sign-ins do not count: eleven in a row from one address are all accepted, and guessing is still limited after them', async () => {
    const office = '192.0.2.40'
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount.max + 1; attempt += 1) {
      expect((await signIn(TEST_PASSWORD, office)).accessToken).toEqual(expect.any(String))
    }
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAccount.max; attempt += 1) {
      expect((await refusal(signIn(`guess ${attempt}`, office))).userMessage).toBe(LOGIN_FAILED)
    }
    expect((await refusal(signIn('one more guess', office))).userMessage).toBe(TOO_MANY_SIGN_IN_ATTEMPTS)
  })

  test('an office behind one address signs colleagues in past both limits (each more than ten times)', async () => {
    const office = '192.0.2.41'
    const colleagues = await Promise.all(Array.from({ length: 3 }, () => createPartner({ websiteId })))
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.perAddress.max + 5; attempt += 1) {
      const colleague = colleagues[attempt % colleagues.length]!
      const session = await signInWithPassword(db(), { login: colleague.email, password: TEST_PASSWORD }, { websiteId, ip: office, userAgent: 'vitest' })
      expect(session.accessToken).toEqual(expect.any(String))
    }
  })

  test('guesses sent all at once are all counted before any password is checked', async () => {
    const attacker = '203.0.113.68'
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_LIMITS.perAccount.max + 5 }, (_, attempt) => refusal(signIn(`burst ${attempt}`, attacker))),
    )
    expect(answers.filter((error) => error.code === 'rate_limited')).toHaveLength(5)
  })
})
