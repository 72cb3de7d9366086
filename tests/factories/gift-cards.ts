import { getDb } from '@/server/db/client'
import { giftCards } from '@/server/db/schema'
import { giftCardLast4, hashGiftCardCode } from '@/server/gift-cards/gift-card-codes'
import { nextSequence } from './sequence'

type NewGiftCard = typeof giftCards.$inferInsert

/**
 * A gift card stored as the app stores one (hash and last four only). `code` defaults to a unique
 * number; `initialAmount` (cents) to $50 and `balanceAmount` to the initial amount. Answers the row
 * and the number a shopper would type.
 */
export async function createGiftCard(
  overrides: Partial<Omit<NewGiftCard, 'codeHash' | 'codeLast4'>> & { websiteId: number; code?: string },
) {
  const { code = `TEST-GIFT-${String(nextSequence()).padStart(6, '0')}`, ...fields } = overrides
  const initialAmount = fields.initialAmount ?? 5000
  const db = await getDb()
  const [card] = await db
    .insert(giftCards)
    .values({ codeHash: hashGiftCardCode(code), codeLast4: giftCardLast4(code), initialAmount, balanceAmount: initialAmount, ...fields })
    .returning()
  return { ...card!, code }
}
