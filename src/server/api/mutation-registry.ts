import { isMutationKey, type MutationKey } from '@/isomorphic/contract/mutations'
import { ACCOUNT_MUTATIONS } from '../accounts/account-mutations'
import { invalidateCaches } from '../cache/named-cache'
import { DESIGN_MUTATIONS } from '../decoration/decoration-api'
import { GIFT_CARD_MUTATIONS } from '../gift-cards/gift-card-mutations'
import { ORDER_MUTATIONS } from '../orders/order-mutations'
import { PAYMENT_MUTATIONS } from '../payments/payment-mutations'
import { DomainError } from '../kernel/errors'
import type { CoreContext } from '../kernel/context'
import { parseInput, printableKey } from '../kernel/input'
import type { MutationDefinition } from '../kernel/mutation-definition'

// The mutation API (POST /api/mutation {key, ...fields}): one entry per key, gathered from the
// domains that own them (see mutation-definition.ts for the shape of an entry).

export const MUTATIONS: Readonly<Record<MutationKey, MutationDefinition>> = {
  ...ACCOUNT_MUTATIONS,
  ...ORDER_MUTATIONS,
  ...GIFT_CARD_MUTATIONS,
  ...PAYMENT_MUTATIONS,
  ...DESIGN_MUTATIONS,
}

/** Runs a mutation. Throws `invalid` for an unknown key or a bad body, and whatever the handler throws. */
export async function executeMutation(key: string, body: unknown, ctx: CoreContext): Promise<Record<string, unknown>> {
  const definition = isMutationKey(key) ? MUTATIONS[key] : undefined
  if (!definition) throw new DomainError('invalid', `Unknown mutation key '${printableKey(key)}'.`)
  const input = parseInput(definition.input, body, { key, root: 'body' })
  const result = await definition.handler(input, ctx)
  if (definition.invalidates) await invalidateCaches(definition.invalidates, ctx.store.websiteId)
  return result
}
