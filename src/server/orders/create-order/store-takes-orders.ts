import { STORE_STATE_RULES } from '@/isomorphic/store-states'
import { DomainError } from '../../kernel/errors'
import { storeDirectoryCached } from '../../website/store-directory'
import type { OrderCaller } from './order-command'
import { STORE_CLOSED } from './order-messages'

/** Step 2 of createOrder, first: a store whose state takes no orders (closed, archived) refuses them (issue 25). */
export async function assertStoreTakesOrders({ websiteId }: OrderCaller): Promise<void> {
  const state = (await storeDirectoryCached()).state.get(websiteId)
  if (state !== undefined && !STORE_STATE_RULES[state].takesOrders) throw new DomainError('conflict', `store ${websiteId} is ${state}`, STORE_CLOSED)
}
