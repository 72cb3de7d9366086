import { and, eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { giftCards } from '../db/schema'
import { giftCardLast4, hashGiftCardCode } from '../gift-cards/gift-card-codes'
import { toCents } from '../kernel/money'
import type { StoreFile } from './store-file-schema'
import type { Tally } from './sync-rows'

/**
 * Creates the file's gift cards that do not exist yet, keeping only each number's SHA-256 and last
 * four characters. A card that exists is left exactly as it is (it may have been redeemed and
 * spent: a re-import must not refill it), and none is ever removed by an import.
 */
export async function writeGiftCards(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number): Promise<void> {
  if (file.giftCards.length === 0) return
  const wanted = file.giftCards.map((card) => ({ ...card, codeHash: hashGiftCardCode(card.code) }))
  const existing = await tx
    .select({ codeHash: giftCards.codeHash })
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), inArray(giftCards.codeHash, wanted.map((card) => card.codeHash))))
  const known = new Set(existing.map((row) => row.codeHash))
  const missing = wanted.filter((card) => !known.has(card.codeHash))
  if (missing.length > 0) {
    await tx.insert(giftCards).values(
      missing.map((card) => ({
        websiteId,
        codeHash: card.codeHash,
        codeLast4: giftCardLast4(card.code),
        initialAmount: toCents(card.amount),
        balanceAmount: toCents(card.amount),
        expiresAt: card.expiresAt ? new Date(card.expiresAt) : null,
      })),
    )
  }
  tally.add('giftCards', 'created', missing.length)
  tally.add('giftCards', 'unchanged', known.size)
}
