import { defineMutation, type MutationDefinition } from '../api/mutation-definition'
import { CreateOrderSchema } from './order-input'
import { createOrder } from './order-service'

// The order keys of POST /api/mutation (spec 7): createOrder.

export const ORDER_MUTATIONS: Record<string, MutationDefinition> = {
  /**
   * Places an order or saves a quotation ({...the order creation fields, quotation, deliveryMethodId,
   * promoCode?, useGiftCards, expectedTotal}). A promotion may have been used up: the Promotions
   * cache is dropped after the transaction commits.
   */
  createOrder: defineMutation({
    input: CreateOrderSchema,
    invalidates: ['Promotions'],
    handler: async (input, ctx) => ({ createOrder: { order: await createOrder(ctx, input) } }),
  }),
}
