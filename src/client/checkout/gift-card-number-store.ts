import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { persistIn } from '@/client/stores/persistence'

// A gift card a shopper pays with by its number (issue 27: a guest's card, as Shopify takes one),
// once checkGiftCard has told its balance. The number is a bearer secret: it is kept for this tab
// only (sessionStorage, so a return from the card provider's page still has it), never in local
// storage, and forgotten when the order is placed or the card removed.

export type AppliedGiftCard = {
  number: string
  last4: string
  /** The balance checkGiftCard told, in dollars (the summary prices what it covers). */
  balance: number
}

type GiftCardNumberState = {
  card: AppliedGiftCard | null
  apply: (card: AppliedGiftCard) => void
  remove: () => void
}

export const useGiftCardNumberStore = create<GiftCardNumberState>()(
  persist(
    (set) => ({
      card: null,
      apply: (card) => set({ card }),
      remove: () => set({ card: null }),
    }),
    {
      ...persistIn<GiftCardNumberState, { card: AppliedGiftCard | null }>('session', 'checkoutGiftCard', ({ card }) => ({ card })),
      // A stored card is taken back only whole (a hand-edited or older entry is no card).
      merge: (persisted, current) => ({ ...current, card: appliedCardOf((persisted as { card?: unknown } | null)?.card) }),
    },
  ),
)

function appliedCardOf(value: unknown): AppliedGiftCard | null {
  if (typeof value !== 'object' || value === null) return null
  const { number, last4, balance } = value as Record<string, unknown>
  return typeof number === 'string' && number !== '' && typeof last4 === 'string' && typeof balance === 'number' ? { number, last4, balance } : null
}
