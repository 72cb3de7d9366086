// POST /api/admin/roster-import (issue 16): the console's `customers.rosterImport` for rosters
// larger than /api/admin/mutation's 64 kB body. The caller must hold a console session before the
// body (up to ROSTER_IMPORT_MAX_BODY_BYTES) is read; then the same key runs through the admin
// registry (second-factor gate, the role and the store's permission, the contract's schema).
import { ROSTER_MAX_BYTES } from '@/isomorphic/contract/admin-customers'
import { executeAdminMutation } from '@/server/api/admin-registry'
import { requireConsoleUser } from '@/server/kernel/permissions'
import { adminContext } from '../admin-context'
import { dataResponse, defineRoute } from '../define-route'

/** A 2 MB roster as a JSON string: escaped quotes and line breaks can double it, plus the other fields. */
export const ROSTER_IMPORT_MAX_BODY_BYTES = 2 * ROSTER_MAX_BYTES + 64 * 1024

export const rosterImport = defineRoute({
  sameOrigin: true,
  context: adminContext,
  // A console session before the body is read; the role and store are the key's to check.
  auth: (ctx) => requireConsoleUser(ctx),
  input: 'json',
  maxBytes: ROSTER_IMPORT_MAX_BODY_BYTES,
  handler: async ({ ctx, input }) => dataResponse(await executeAdminMutation('customers.rosterImport', input, ctx)),
})
