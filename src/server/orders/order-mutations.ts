import { defineMutation, type MutationDefinition } from '../api/mutation-definition'
import { getDb } from '../db/client'
import { inBackground } from '../mail/background-mail'
import { CreateOrderSchema } from './order-input'
import { sendOrderConfirmation } from './order-mails'
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
    handler: async (input, ctx) => {
      const order = await createOrder(ctx, input, {
        // The confirmation (with its PDF) goes once, after the answer, for the call that created it.
        afterCreate: (created) =>
          inBackground('order confirmation mail', async () => sendOrderConfirmation(await getDb(), { orderId: created.id, websiteId: ctx.websiteId })),
      })
      return { createOrder: { order } }
    },
  }),
}
