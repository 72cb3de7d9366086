import { hashPassword } from '@/server/accounts/passwords'
import { getDb } from '@/server/db/client'
import { addresses, partners } from '@/server/db/schema'
import { nextSequence } from './sequence'

export const TEST_PASSWORD = 'correct horse battery staple'

type NewPartner = typeof partners.$inferInsert

/** A partner (customer account) that can sign in with `password` (TEST_PASSWORD unless given; null: none). */
export async function createPartner(
  overrides: Partial<NewPartner> & { websiteId: number; password?: string | null },
) {
  const { password = TEST_PASSWORD, ...rest } = overrides
  const n = nextSequence()
  const db = await getDb()
  const [partner] = await db
    .insert(partners)
    .values({
      email: `buyer${n}@example.com`,
      name: `Jordan Buyer ${n}`,
      passwordHash: password === null ? null : await hashPassword(password),
      ...rest,
    })
    .returning()
  return partner!
}

type NewAddress = typeof addresses.$inferInsert

export async function createAddress(overrides: Partial<NewAddress> & { partnerId: number }) {
  const db = await getDb()
  const [address] = await db
    .insert(addresses)
    .values({
      addressType: 'Shipping',
      name: 'Jordan Buyer',
      street: '100 Main Street',
      city: 'Greenville',
      zip: '29601',
      ...overrides,
    })
    .returning()
  return address!
}
