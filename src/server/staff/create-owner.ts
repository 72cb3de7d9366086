import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { hashPassword, passwordProblem } from '../accounts/passwords'
import { recordAudit } from '../audit/audit-log'
import type { Database } from '../db/client'
import { staff } from '../db/schema'
import { coreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'

// The first owner of an install (issue 15): `npm run admin:create-owner -- --email …`. Later staff
// are invited from the console. The owner signs in with this password and is then asked to turn on
// two-factor sign-in before anything else (enrolment-gate.ts).

export type CreatedOwner = { staffId: number; email: string; name: string; password: string; generated: boolean }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A password for a person to copy once: 20 characters of base64url (120 bits). */
export function generatedPassword(): string {
  return randomBytes(15).toString('base64url')
}

export async function createOwner(db: Database, input: { email: string; name?: string | undefined; password?: string | undefined; websiteId: number }): Promise<CreatedOwner> {
  const email = input.email.trim().toLowerCase()
  if (!EMAIL.test(email) || email.length > 320) throw new DomainError('invalid', `"${input.email}" is not an email address.`)
  const name = input.name?.trim() || email.split('@')[0]!
  if (name.length > 200) throw new DomainError('invalid', 'The name must be at most 200 characters long.')
  const generated = input.password === undefined
  const password = input.password ?? generatedPassword()
  const problem = passwordProblem(password)
  if (problem) throw new DomainError('invalid', problem)
  const passwordHash = await hashPassword(password)
  const ctx = coreContext({ websiteId: input.websiteId, actor: { kind: 'system', job: 'admin:create-owner' } })
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staff.id, role: staff.role }).from(staff).where(eq(sql`lower(${staff.email})`, email))
    if (existing) {
      throw new DomainError('conflict', `A staff account with the email ${email} exists already (${existing.role}). Nothing was changed; sign in with it, or choose another email.`)
    }
    const [row] = await tx.insert(staff).values({ email, name, role: 'owner', passwordHash, passwordChangedAt: new Date() }).returning({ id: staff.id })
    await recordAudit(tx, ctx, { websiteId: null, action: 'staff.create_owner', entityType: 'staff', entityId: row!.id, after: { email, name, role: 'owner' } })
    return { staffId: row!.id, email, name, password, generated }
  })
}
