import { z } from './zod'

// What the console's order screens offer to choose from (issue 15): the stores the member acts on
// (the dashboard's and the list's store selector) and the decoration partners (the list's filter).

export const ORDER_SCREENS_ADMIN_QUERY_INPUTS = {
  orderListOptions: z.strictObject({}),
} satisfies Record<string, z.ZodType>

export type OrderListOptions = {
  /** The member's stores (an owner: every store), by name. */
  stores: { id: number; name: string; currency: string }[]
  /** Every decoration partner, by name. */
  decorationPartners: { id: number; name: string }[]
}

export type OrderScreensAdminQueryResponses = {
  orderListOptions: OrderListOptions
}
