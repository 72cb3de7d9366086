import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { budgetTransactions, type BudgetTransactionKind, partners } from '../db/schema'
import type { Cents } from '../kernel/money'

// The budget ledger (issue 16): partners.budgetAmount moves only together with the rows that say
// why, in the same transaction, so a balance always equals the sum of its ledger. Order spends and
// refunds write their rows in orders/ (persist-order.ts, order-refunds.ts); everything else moves
// a balance through writeBudgetRows below.

export type BudgetRow = {
  kind: BudgetTransactionKind
  amount: Cents
  programId?: number | null
  periodStart?: string | null
  orderId?: number | null
  note?: string | null
  staffId?: number | null
}

/**
 * Appends the rows to the partner's ledger and moves the balance by exactly their sum (a balance
 * that was null — no allowance — starts from zero). The caller holds the partner row.
 */
export async function writeBudgetRows(tx: Executor, partnerId: number, rows: BudgetRow[], now: Date = new Date()): Promise<Cents> {
  const written = rows.filter((row) => row.amount !== 0 || row.kind === 'grant')
  if (written.length === 0) return 0
  await tx.insert(budgetTransactions).values(
    written.map((row) => ({
      partnerId,
      kind: row.kind,
      amount: row.amount,
      programId: row.programId ?? null,
      periodStart: row.periodStart ?? null,
      orderId: row.orderId ?? null,
      note: row.note ?? null,
      staffId: row.staffId ?? null,
      createdAt: now,
    })),
  )
  const delta = written.reduce((sum, row) => sum + row.amount, 0)
  // store-scope: partnerId is a member of the store's program the caller already holds
  await tx
    .update(partners)
    .set({ budgetAmount: sql`coalesce(${partners.budgetAmount}, 0) + ${delta}` })
    .where(eq(partners.id, partnerId))
  return delta
}

export type LedgerMismatch = { partnerId: number; email: string; balance: Cents | null; ledger: Cents }

/**
 * The store's members whose balance is not the sum of their ledger rows (a null balance counts as
 * zero). Empty is the only good answer: the tests run it after every scenario, and operators can
 * run it (docs/operations.md, Allowances).
 */
export async function allowanceLedgerMismatches(db: Executor, websiteId: number): Promise<LedgerMismatch[]> {
  const ledger = db
    .select({ partnerId: budgetTransactions.partnerId, total: sql<string>`sum(${budgetTransactions.amount})`.as('total') })
    .from(budgetTransactions)
    .groupBy(budgetTransactions.partnerId)
    .as('ledger')
  const rows = await db
    .select({ partnerId: partners.id, email: partners.email, balance: partners.budgetAmount, ledger: sql<string>`coalesce(${ledger.total}, 0)` })
    .from(partners)
    .leftJoin(ledger, eq(ledger.partnerId, partners.id))
    .where(and(eq(partners.websiteId, websiteId), sql`coalesce(${partners.budgetAmount}, 0) <> coalesce(${ledger.total}, 0)`))
    .orderBy(asc(partners.id))
  return rows.map((row) => ({ ...row, ledger: Number(row.ledger) }))
}
