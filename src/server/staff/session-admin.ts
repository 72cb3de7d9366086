import type { ConsoleMe } from '@/isomorphic/contract/admin-session'
import { defineAdminQuery } from '../kernel/admin-definition'
import { requireConsoleUser } from '../kernel/permissions'

export const SESSION_ADMIN_QUERIES = {
  consoleMe: defineAdminQuery('consoleMe', async (_value, ctx): Promise<ConsoleMe> => {
    const actor = await requireConsoleUser(ctx)
    return actor.kind === 'staff'
      ? { kind: 'staff', staffId: actor.staffId, name: actor.name, email: actor.email, role: actor.role, storeIds: actor.role === 'owner' ? null : [...actor.storeIds], decorationPartnerId: null }
      : { kind: 'decorationPartner', staffId: actor.staffId, name: actor.name, email: actor.email, role: 'decoration_partner', storeIds: null, decorationPartnerId: actor.decorationPartnerId }
  }),
}
