import { and, eq, inArray } from 'drizzle-orm'
import { hashPassword } from '../accounts/passwords'
import { normalizeEmail } from '../accounts/partner-service'
import type { Transaction } from '../db/client'
import { writeBudgetRows } from '../allowances/allowance-ledger'
import { partners } from '../db/schema'
import { toCents } from '../kernel/money'
import type { StoreFile } from './store-file-schema'
import type { Tally } from './sync-rows'

/**
 * Creates the file's accounts that do not exist yet. Existing accounts are left exactly as they are
 * (their owners may have changed password or addresses), and none is ever removed by an import.
 */
export async function writeAccounts(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, groupIds: ReadonlyMap<string, number> = new Map()): Promise<void> {
  if (file.accounts.length === 0) return
  const wanted = file.accounts.map((account) => ({ ...account, email: normalizeEmail(account.email) }))
  const existing = await tx
    .select({ email: partners.email })
    .from(partners)
    .where(and(eq(partners.websiteId, websiteId), inArray(partners.email, wanted.map((account) => account.email))))
  const known = new Set(existing.map((row) => row.email))
  const missing = wanted.filter((account) => !known.has(account.email))
  for (const account of missing) {
    const [created] = await tx.insert(partners).values({
      websiteId,
      email: account.email,
      name: account.name,
      passwordHash: await hashPassword(account.password),
      budgetAmount: account.budget === undefined ? null : 0,
      canApproveOrders: account.canApproveOrders,
      groupId: account.group === undefined ? null : (groupIds.get(account.group.toLowerCase()) ?? null),
      resaleCertificateNumber: account.resaleCertificate?.number ?? null,
      resaleCertificateExpiresAt: account.resaleCertificate?.expiresAt ? new Date(account.resaleCertificate.expiresAt) : null,
    }).returning({ id: partners.id })
    // The file's budget is the account's opening balance: a row of its budget ledger (issue 16).
    if (account.budget !== undefined) await writeBudgetRows(tx, created!.id, [{ kind: 'import', amount: toCents(account.budget), note: 'store file import' }])
  }
  tally.add('accounts', 'created', missing.length)
  tally.add('accounts', 'unchanged', known.size)
}
