import { hashPassword } from '@/server/accounts/passwords'
import { getDb } from '@/server/db/client'
import { staff, staffStores, type StaffRoleName } from '@/server/db/schema'
import { nextSequence } from './sequence'

export const STAFF_PASSWORD = 'console staff passphrase'
/** A fixed TOTP secret (base32) for members created with two-factor on. */
export const STAFF_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'

/** A console member who can sign in with STAFF_PASSWORD; `totp: true` turns two-factor on with STAFF_TOTP_SECRET. */
export async function createStaffMember(
  options: { role?: StaffRoleName; storeIds?: number[]; decorationPartnerId?: number; totp?: boolean; isActive?: boolean; password?: string | null; email?: string } = {},
) {
  const db = await getDb()
  const role = options.role ?? 'owner'
  const email = options.email ?? `member-${process.pid}-${nextSequence()}@example.test`
  const password = options.password === undefined ? STAFF_PASSWORD : options.password
  const [row] = await db
    .insert(staff)
    .values({
      email,
      name: `Member ${role}`,
      role,
      passwordHash: password === null ? null : await hashPassword(password),
      decorationPartnerId: options.decorationPartnerId ?? null,
      totpSecret: options.totp ? STAFF_TOTP_SECRET : null,
      totpEnabledAt: options.totp ? new Date() : null,
      isActive: options.isActive ?? true,
    })
    .returning()
  if (options.storeIds?.length) await db.insert(staffStores).values(options.storeIds.map((websiteId) => ({ staffId: row!.id, websiteId })))
  return { ...row!, password }
}
