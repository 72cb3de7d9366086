import { z } from 'zod'
import { defineMutation, type MutationDefinition } from '../api/mutation-definition'
import { getDb } from '../db/client'
import { currentPrincipal } from './principal'
import { revokeSession } from './session-service'

// The account keys of POST /api/mutation (spec 7): logout, addAddress, deleteAddress, updatePassword.

export const ACCOUNT_MUTATIONS: Record<string, MutationDefinition> = {
  /** Ends the caller's session server-side. Idempotent: without a live session it still succeeds. */
  logout: defineMutation({
    input: z.strictObject({}),
    async handler(_input, ctx) {
      const principal = await currentPrincipal(ctx)
      if (principal) await revokeSession(await getDb(), principal.sessionId, 'logout')
      return { logout: { success: true } }
    },
  }),
}
