import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { giftCards } from '../db/schema'
import { hashGiftCardCode } from '../gift-cards/gift-card-codes'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

// Gift cards in the store file (docs/store-file.md, `giftCards`): created hashed, never refilled.

const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

describe.each(testDatabaseKinds())('gift cards from a store file on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(() => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
  })

  function storeWith(code: string, giftCardList: unknown[]) {
    const store = buildStoreFile({ giftCards: giftCardList })
    store.website = { ...store.website, code }
    return store
  }

  test('creates the cards it lists, keeping only a hash and the last four characters of each number', async () => {
    const { filePath, text } = await writeStoreFile(
      storeWith('store-with-gift-cards', [
        { code: 'TEST-GIFT-0050', amount: 50 },
        { code: 'test-gift-0200', amount: 200.5, expiresAt: '2031-12-31T23:59:59Z' },
      ]),
    )
    const summary = await importStoreFile({ filePath })

    expect(summary.counts.giftCards).toEqual({ created: 2, updated: 0, unchanged: 0, removed: 0 })
    const cards = await db().select().from(giftCards).where(eq(giftCards.websiteId, summary.websiteId)).orderBy(giftCards.initialAmount)
    expect(cards).toEqual([
      expect.objectContaining({ codeHash: hashGiftCardCode('TEST-GIFT-0050'), codeLast4: '0050', initialAmount: 5000, balanceAmount: 5000, expiresAt: null, partnerId: null, isActive: true }),
      expect.objectContaining({ codeHash: hashGiftCardCode('TEST-GIFT-0200'), codeLast4: '0200', initialAmount: 20050, balanceAmount: 20050, expiresAt: new Date('2031-12-31T23:59:59Z') }),
    ])
    expect(JSON.stringify(cards)).not.toContain('TEST-GIFT')
    expect(text).toContain('TEST-GIFT-0050')
  })

  test('a re-import leaves a spent card as it is', async () => {
    const { filePath } = await writeStoreFile(storeWith('store-with-spent-card', [{ code: 'SPENT-GIFT-0100', amount: 100 }]))
    const { websiteId } = await importStoreFile({ filePath })
    const codeHash = hashGiftCardCode('SPENT-GIFT-0100')
    await db().update(giftCards).set({ balanceAmount: 2500 }).where(eq(giftCards.codeHash, codeHash))

    const again = await importStoreFile({ filePath })

    expect(again.counts.giftCards).toEqual({ created: 0, updated: 0, unchanged: 1, removed: 0 })
    const cards = await db().select().from(giftCards).where(eq(giftCards.websiteId, websiteId))
    expect(cards).toEqual([expect.objectContaining({ codeHash, initialAmount: 10000, balanceAmount: 2500 })])
  })

  test('refuses malformed or repeated numbers and amounts that are not money, naming the place', async () => {
    const cases: [unknown[], string][] = [
      [[{ code: 'ab', amount: 10 }], 'giftCards[0].code: must be a gift card number'],
      [[{ code: 'GIFT 0001', amount: 10 }], 'giftCards[0].code: must be a gift card number'],
      [[{ code: 'GIFT-0001', amount: 0 }], 'giftCards[0].amount: must be a positive amount'],
      [[{ code: 'GIFT-0001', amount: 10.001 }], 'giftCards[0].amount: must have at most 2 decimal places'],
      [[{ code: 'GIFT-0001', amount: 10, expiresAt: 'someday' }], 'giftCards[0].expiresAt: must be a date'],
      [[{ code: 'GIFT-0001', amount: 10, balance: 5 }], 'giftCards[0].balance: unknown field'],
      [[{ code: 'GIFT-0001', amount: 10 }, { code: 'gift-0001', amount: 20 }], 'giftCards[1].code: is listed twice'],
    ]
    for (const [list, message] of cases) {
      const { filePath } = await writeStoreFile(storeWith('store-with-bad-cards', list))
      const error = await importStoreFile({ filePath }).then(
        () => null,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(StoreFileError)
      expect((error as StoreFileError).message).toContain(message)
    }
  })
})
