import { z } from './zod'

// The console's own calls about who is signed in (issue 15).

export type ConsoleMe = {
  kind: 'staff' | 'decorationPartner'
  staffId: number
  name: string
  email: string
  role: 'owner' | 'store_manager' | 'fulfilment' | 'decoration_partner'
  /** The stores the member acts on; null for an owner (all of them). */
  storeIds: number[] | null
  decorationPartnerId: number | null
}

export const SESSION_ADMIN_QUERY_INPUTS = {
  consoleMe: z.strictObject({}),
} satisfies Record<string, z.ZodType>

export type SessionAdminQueryResponses = {
  consoleMe: ConsoleMe
}

export const SESSION_ADMIN_MUTATION_INPUTS = {} satisfies Record<string, z.ZodType>
export type SessionAdminMutationResponses = Record<never, never>
