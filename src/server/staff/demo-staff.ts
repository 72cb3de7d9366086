import { asc } from 'drizzle-orm'
import { hashPassword } from '../accounts/passwords'
import type { Database, Transaction } from '../db/client'
import { decorationPartners, staff, staffStores } from '../db/schema'
import { logger } from '../kernel/logger'

// The demo store's console users (issue 15): created only when the demo store is imported into an
// empty database at first start (startup/prepare-database.ts, in the import's transaction), never on
// a real install. Adding them is idempotent even when two processes do it at once: a user that
// exists (or is being added by another transaction) is left as it is (issue 24). Fixed
// passwords and, for the owner, a fixed TOTP secret, printed in the README so anyone trying the
// demo (and the browser tests) can sign in and compute the codes.

export const DEMO_OWNER = { email: 'owner@demo.example', name: 'Demo Owner', password: 'console-owner-demo', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as const
export const DEMO_FULFILMENT = { email: 'fulfilment@demo.example', name: 'Demo Fulfilment', password: 'console-fulfilment-demo' } as const
export const DEMO_PARTNER = { email: 'partner@demo.example', name: 'Demo Decorator', password: 'console-partner-demo' } as const

/** Adds the three demo users (those missing) for store `websiteId`; the partner user is bound to the first decoration partner. */
export async function createDemoStaff(db: Database | Transaction, websiteId: number): Promise<void> {
  const [partner] = await db.select({ id: decorationPartners.id }).from(decorationPartners).orderBy(asc(decorationPartners.id)).limit(1)
  const [ownerHash, fulfilmentHash, partnerHash] = await Promise.all([hashPassword(DEMO_OWNER.password), hashPassword(DEMO_FULFILMENT.password), hashPassword(DEMO_PARTNER.password)])
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx
      .insert(staff)
      .values({ email: DEMO_OWNER.email, name: DEMO_OWNER.name, role: 'owner', passwordHash: ownerHash, totpSecret: DEMO_OWNER.totpSecret, totpEnabledAt: now, passwordChangedAt: now })
      .onConflictDoNothing()
    const [fulfilment] = await tx
      .insert(staff)
      .values({ email: DEMO_FULFILMENT.email, name: DEMO_FULFILMENT.name, role: 'fulfilment', passwordHash: fulfilmentHash, passwordChangedAt: now })
      .onConflictDoNothing()
      .returning({ id: staff.id })
    if (fulfilment) await tx.insert(staffStores).values({ staffId: fulfilment.id, websiteId })
    if (partner) {
      await tx
        .insert(staff)
        .values({ email: DEMO_PARTNER.email, name: DEMO_PARTNER.name, role: 'decoration_partner', decorationPartnerId: partner.id, passwordHash: partnerHash, passwordChangedAt: now })
        .onConflictDoNothing()
    }
  })
  logger().info({ websiteId, partner: partner?.id ?? null }, 'demo console users ready')
}

