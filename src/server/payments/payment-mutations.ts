import { z } from 'zod'
import { defineMutation, type MutationDefinition } from '../api/mutation-definition'
import { ORDER_CONFIRMED, payOrder } from './order-payment-service'

// The payment keys of POST /api/mutation (spec 7): orderPayment.

/**
 * `acquirerId` and `orderId` are checked by the service itself: a missing or malformed id gets
 * the same one message as every other refusal (spec 5), not a description of the field.
 */
export const OrderPaymentSchema = z.strictObject({
  acquirerId: z.unknown().optional(),
  orderId: z.unknown().optional(),
  /** The order's access token, for a guest (or anyone) who is not its signed-in owner. */
  accessToken: z.unknown().optional(),
})

export const PAYMENT_MUTATIONS: Record<string, MutationDefinition> = {
  /**
   * Pays a placed order with one of the website's payment methods. Offline methods (purchase
   * order, invoice, wire transfer) confirm the order and leave its payment pending; a repeat with
   * the same method succeeds again. Every refusal is 'There is some error please contact your
   * administrator!'.
   */
  orderPayment: defineMutation({
    input: OrderPaymentSchema,
    async handler(input, ctx) {
      const { order } = await payOrder(ctx, input)
      return { orderPayment: { success: true, message: ORDER_CONFIRMED, order } }
    },
  }),
}
