import type { MutationKey } from '@/isomorphic/contract/mutations'
import { defineMutation, type MutationDefinition } from '../kernel/mutation-definition'
import { getDb } from '../db/client'
import { removeAddress, saveAddress } from './address-service'
import { changePassword } from './password-change-service'
import { currentShopper, requireShopper } from '../kernel/context'
import { revokeSession } from './session-service'

// The account keys of POST /api/mutation (spec 7): logout, addAddress, deleteAddress, updatePassword.

export const ACCOUNT_MUTATIONS = {
  /** Ends the caller's session server-side. Idempotent: without a live session it still succeeds. */
  logout: defineMutation('logout', {
    async handler(_input, ctx) {
      const principal = await currentShopper(ctx)
      if (principal) await revokeSession(await getDb(), principal.sessionId, 'logout')
      return { logout: { success: true } }
    },
  }),

  /** Adds an address to the partner's Billing or Shipping book, or updates one (`address.id`). */
  addAddress: defineMutation('addAddress', {
    async handler(input, ctx) {
      const principal = await requireShopper(ctx)
      return { addAddress: { address: await saveAddress(await getDb(), principal, input) } }
    },
  }),

  /** Removes one of the partner's addresses; another partner's (or a missing) one is a 404. */
  deleteAddress: defineMutation('deleteAddress', {
    async handler(input, ctx) {
      const principal = await requireShopper(ctx)
      const { id } = await removeAddress(await getDb(), principal, input)
      return { deleteAddress: { success: true, id } }
    },
  }),

  /** Changes the password; the partner's other sessions end, the caller's stays. */
  updatePassword: defineMutation('updatePassword', {
    async handler(input, ctx) {
      const principal = await requireShopper(ctx)
      await changePassword(await getDb(), principal, input)
      return { updatePassword: { success: true } }
    },
  }),
} satisfies Partial<Record<MutationKey, MutationDefinition>>
