import { type CoreContext, requireShopper } from '../kernel/context'
import type { MutationKey } from '@/isomorphic/contract/mutations'
import { defineMutation, type MutationDefinition } from '../kernel/mutation-definition'
import { getDb } from '../db/client'
import { catalogAccess } from '../accounts/site-lock'
import { fromCents } from '../kernel/money'
import { GIFT_CARD_ADDED, GIFT_CARD_ALREADY_ON_ACCOUNT, type GiftCardView, giftCardByNumber, listGiftCards, redeemGiftCard } from './gift-card-service'

// The gift card keys of the API: mutation redeemGiftCard (spec 7) and query getGiftCards (the
// account's cards for me/gift-cards and the checkout), both for a signed-in partner; and mutation
// checkGiftCard, the balance of a card a shopper pays with by its number (issue 27), for anyone
// the store sells to.

export const GIFT_CARD_MUTATIONS = {
  /** Adds a gift card to the signed-in partner's account: 'Gift card added successfully', that it is already there (`alreadyOnAccount`, nothing added), or one refusal for every failure. */
  redeemGiftCard: defineMutation('redeemGiftCard', {
    async handler({ gcNumber }, ctx) {
      const principal = await requireShopper(ctx)
      const { alreadyOnAccount, ...giftCard } = await redeemGiftCard(
        await getDb(),
        { websiteId: ctx.store.websiteId, partnerId: principal.partnerId, ip: ctx.clientKey },
        gcNumber,
      )
      const message = alreadyOnAccount ? GIFT_CARD_ALREADY_ON_ACCOUNT : GIFT_CARD_ADDED
      return { redeemGiftCard: { success: true, alreadyOnAccount, message, giftCard } }
    },
  }),
  /** A card's balance by its number, before it pays part of an order: one refusal for every miss, misses rate limited. */
  checkGiftCard: defineMutation('checkGiftCard', {
    async handler({ gcNumber }, ctx) {
      await catalogAccess(ctx)
      const card = await giftCardByNumber(await getDb(), { websiteId: ctx.store.websiteId, ip: ctx.clientKey }, gcNumber)
      return { checkGiftCard: { last4: card.last4, balance: fromCents(card.balance), expiresAt: card.expiresAt } }
    },
  }),
} satisfies Partial<Record<MutationKey, MutationDefinition>>

export type GiftCardsResponse = { giftCards: GiftCardView[] }

/**
 * The query key getGiftCards (no value; signed in; never cached): register it in query-registry.ts
 * as `getGiftCards: defineQuery('getGiftCards', GET_GIFT_CARDS_QUERY)` with
 * `getGiftCards: GiftCardsResponse` in QueryResponses.
 */
export const GET_GIFT_CARDS_QUERY = {
  cache: null,
  async handler(_value: undefined, ctx: CoreContext): Promise<GiftCardsResponse> {
    const principal = await requireShopper(ctx)
    return { giftCards: await listGiftCards(await getDb(), { websiteId: ctx.store.websiteId, partnerId: principal.partnerId }) }
  },
}
