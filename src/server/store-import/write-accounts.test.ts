import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { partners } from '../db/schema'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

// Accounts in the store file (docs/store-file.md, `accounts`): approvers and resale certificates.

const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

describe.each(testDatabaseKinds())('accounts from a store file on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(() => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
  })

  function storeWith(code: string, accounts: unknown[]) {
    const store = buildStoreFile({ accounts })
    store.website = { ...store.website, code }
    return store
  }

  test('an account may approve orders and hold a resale certificate; by default it does neither', async () => {
    const { filePath } = await writeStoreFile(
      storeWith('store-with-approver', [
        { email: 'buyer@example.com', name: 'Pat Buyer', password: 'a long demo password', budget: 250 },
        { email: 'boss@example.com', name: 'Sam Boss', password: 'a long demo password', canApproveOrders: true, resaleCertificate: { number: ' SC-RESALE-20417 ', expiresAt: '2030-12-31' } },
      ]),
    )
    const { websiteId } = await importStoreFile({ filePath })
    const rows = await db().select().from(partners).where(eq(partners.websiteId, websiteId)).orderBy(partners.email)
    expect(rows.map((row) => [row.email, row.canApproveOrders, row.resaleCertificateNumber, row.resaleCertificateExpiresAt?.toISOString() ?? null])).toEqual([
      ['boss@example.com', true, 'SC-RESALE-20417', '2030-12-31T00:00:00.000Z'],
      ['buyer@example.com', false, null, null],
    ])
  })

  test('a resale certificate without a number, or with a date that is none, is refused with the field named', async () => {
    for (const resaleCertificate of [{ number: '' }, { number: 'X-1', expiresAt: 'someday' }]) {
      const { filePath } = await writeStoreFile(storeWith('store-with-bad-certificate', [{ email: 'boss@example.com', name: 'Sam Boss', password: 'a long demo password', resaleCertificate }]))
      const error = await importStoreFile({ filePath }).then(
        () => null,
        (thrown: unknown) => thrown,
      )
      expect(error).toBeInstanceOf(StoreFileError)
      expect((error as StoreFileError).message).toMatch(/accounts\[0\]\.resaleCertificate\.(number|expiresAt)/)
    }
  })
})
