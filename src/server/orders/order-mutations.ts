import { catalogAccess } from '../accounts/site-lock'
import type { MutationKey } from '@/isomorphic/contract/mutations'
import { defineMutation, type MutationDefinition } from '../kernel/mutation-definition'
import { getDb } from '../db/client'
import { inBackground } from '../mail/background-mail'
import { sendApprovalDecisionMail, sendApprovalRequestMails } from './order-approval-mails'
import { decideOrderApproval, decidedMessage } from './order-approval-service'
import { sendOrderConfirmation } from './order-mails'
import { sendNewOrderNotices } from './order-money-mails'
import { createOrder } from './order-service'

// The order keys of POST /api/mutation (spec 7): createOrder, and decideOrderApproval for
// company-store approvers.

export const ORDER_MUTATIONS = {
  /**
   * Places an order or saves a quotation ({...the order creation fields, quotation, deliveryMethodId,
   * promoCode?, useGiftCards, expectedTotal}). A promotion may have been used up: the Promotions
   * cache is dropped after the transaction commits.
   */
  createOrder: defineMutation('createOrder', {
    invalidates: ['Promotions'],
    handler: async (input, ctx) => {
      // A locked store takes no guest orders: its checkout is for signed-in partners (spec 6).
      await catalogAccess(ctx)
      const order = await createOrder(ctx, input, {
        // The confirmation (with its PDF) goes once, after the answer, for the call that created
        // it, with the store staff's new-order notice; an order over budget also tells the store's approvers.
        afterCreate: (created) => {
          inBackground('order confirmation mail', async () => sendOrderConfirmation(await getDb(), { orderId: created.id, websiteId: ctx.store.websiteId }))
          if (created.kind === 'order') inBackground('new order notices', async () => sendNewOrderNotices(await getDb(), { orderId: created.id }))
          if (created.approvalState === 'awaiting_approval') {
            inBackground('approval request mails', async () => sendApprovalRequestMails(await getDb(), { orderId: created.id }))
          }
        },
      })
      return { createOrder: { order } }
    },
  }),

  /**
   * An approver approves or rejects an order waiting for approval ({orderId, decision: 'approve' |
   * 'reject', note?}). A rejection gives a promotion use back: the Promotions cache is dropped.
   * The customer is told by mail, after the answer.
   */
  decideOrderApproval: defineMutation('decideOrderApproval', {
    invalidates: ['Promotions'],
    handler: async (input, ctx) => {
      const { order, decision, approver } = await decideOrderApproval(ctx, input)
      inBackground('approval decision mail', async () => sendApprovalDecisionMail(await getDb(), { orderId: order.id, decision, approver: approver.name }))
      return { decideOrderApproval: { success: true, message: decidedMessage(order.name, decision), order } }
    },
  }),
} satisfies Partial<Record<MutationKey, MutationDefinition>>
