import type { MutationKey } from '@/isomorphic/contract/mutations'
import { defineMutation, type MutationDefinition } from '../kernel/mutation-definition'
import { ORDER_CONFIRMED, payOrder } from './order-payment-service'
import { checkCardPayment } from './stripe-payments'

// The payment keys of POST /api/mutation (spec 7): orderPayment, and checkPayment (the return
// from a card provider's hosted page).

/** What the answer says while the shopper still has to pay on the card provider's page. */
export const CONTINUE_TO_CARD_PAYMENT = 'Continue to the secure payment page to pay by card.'

export const PAYMENT_MUTATIONS = {
  /**
   * Pays a placed order with one of the website's payment methods. Offline methods (purchase
   * order, invoice, wire transfer) confirm the order and leave its payment pending; a repeat with
   * the same method succeeds again. A card method (Stripe) answers `redirectUrl`, Stripe's page,
   * and confirms nothing. Every refusal is 'There is some error please contact your administrator!'.
   */
  orderPayment: defineMutation('orderPayment', {
    async handler(input, ctx) {
      const { order, redirectUrl } = await payOrder(ctx, input)
      if (redirectUrl) return { orderPayment: { success: true, message: CONTINUE_TO_CARD_PAYMENT, redirectUrl, order } }
      return { orderPayment: { success: true, message: ORDER_CONFIRMED, order } }
    },
  }),
  /**
   * { orderId, accessToken?, sessionId? } → { checkPayment: { status, order } }: the server asks
   * the card provider about the order's payment and applies the answer. status is pending, paid,
   * failed, expired, cancelled, or none (no card payment).
   */
  checkPayment: defineMutation('checkPayment', {
    handler: async (input, ctx) => ({ checkPayment: await checkCardPayment(ctx, input) }),
  }),
} satisfies Partial<Record<MutationKey, MutationDefinition>>
