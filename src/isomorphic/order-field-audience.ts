// Who a store's order field asks (issue 27): everyone, signed-in customers only, or the customers of
// one group. A guest is never asked for "Cost center"; an employee still is. One rule for the
// checkout (which fields it shows) and createOrder (which fields it checks and keeps).

export const ORDER_FIELD_AUDIENCES = ['everyone', 'customers', 'group'] as const
export type OrderFieldAudience = (typeof ORDER_FIELD_AUDIENCES)[number]

/** Who is at the checkout: a guest (not signed in), or a customer and their group. */
export type OrderFieldAsker = { signedIn: boolean; groupId: number | null }

export type AudienceOf = { audience: OrderFieldAudience; groupId: number | null }

/** Whether the field is asked of this shopper. A group field without its group (deleted) asks nobody. */
export function fieldAsks(field: AudienceOf, asker: OrderFieldAsker): boolean {
  switch (field.audience) {
    case 'everyone':
      return true
    case 'customers':
      return asker.signedIn
    case 'group':
      return asker.signedIn && field.groupId !== null && field.groupId === asker.groupId
  }
}

/** The fields asked of this shopper, in their order. */
export function fieldsAskedOf<F extends AudienceOf>(fields: readonly F[], asker: OrderFieldAsker): F[] {
  return fields.filter((field) => fieldAsks(field, asker))
}
