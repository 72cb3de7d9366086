import { and, asc, eq, sql } from 'drizzle-orm'
import { grantFor, isoDay, keptAtRollover, type Period, periodAt } from '@/isomorphic/allowance-periods'
import type { Database } from '../db/client'
import { allowancePrograms, budgetTransactions, partners } from '../db/schema'
import type { Cents } from '../kernel/money'
import { logger } from '../kernel/logger'
import { type BudgetRow, writeBudgetRows } from './allowance-ledger'

// The allowance reset (issue 16). For every member of every active program whose current period
// has started and who has no grant for it yet, one transaction writes what the last period left:
// all of it expires, the part the program keeps rolls over, and the new period's grant; the balance
// moves by exactly those rows. Under the member's row lock a second run, on this instance or
// another at the same moment, finds the grant there and writes nothing; and the grant row is
// unique per member, program and period (budget_transactions_period_idx), inserted ON CONFLICT DO
// NOTHING, so even a run that got past the check keeps nothing. `now` is the clock (tests pass a
// fake one).

export type ResetOutcome = {
  /** Programs whose current period had started. */
  programs: number
  /** Members granted this run. */
  granted: number
  grantedAmount: Cents
  expiredAmount: Cents
  rolledOverAmount: Cents
}

type Program = typeof allowancePrograms.$inferSelect

const EVERY_MS = 60 * 60 * 1000

export async function runAllowanceReset(db: Database, options: { now: Date; websiteId?: number; staffId?: number | null }): Promise<ResetOutcome> {
  const outcome: ResetOutcome = { programs: 0, granted: 0, grantedAmount: 0, expiredAmount: 0, rolledOverAmount: 0 }
  const programs = await db
    .select()
    .from(allowancePrograms)
    .where(and(eq(allowancePrograms.isActive, true), options.websiteId === undefined ? undefined : eq(allowancePrograms.websiteId, options.websiteId)))
    .orderBy(asc(allowancePrograms.id))
  for (const program of programs) {
    const period = periodAt(program, options.now)
    if (!period) continue
    outcome.programs += 1
    for (const partnerId of await membersWithoutGrant(db, program, period)) {
      const moved = await resetMember(db, program, period, partnerId, options)
      if (!moved) continue
      outcome.granted += 1
      outcome.grantedAmount += moved.granted
      outcome.expiredAmount += moved.expired
      outcome.rolledOverAmount += moved.rolledOver
    }
  }
  return outcome
}

/** The active members of the program's group without a grant for the period. */
async function membersWithoutGrant(db: Database, program: Program, period: Period): Promise<number[]> {
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(
      and(
        eq(partners.websiteId, program.websiteId),
        eq(partners.groupId, program.groupId),
        eq(partners.isActive, true),
        sql`not exists (select 1 from ${budgetTransactions} where ${budgetTransactions.partnerId} = ${partners.id} and ${budgetTransactions.programId} = ${program.id} and ${budgetTransactions.periodStart} = ${period.start} and ${budgetTransactions.kind} = 'grant')`,
      ),
    )
    .orderBy(asc(partners.id))
  return rows.map((row) => row.id)
}

/** Thrown inside a member's transaction when another run granted the period first: rolls back its rows. */
class AlreadyGranted extends Error {}

async function resetMember(
  db: Database,
  program: Program,
  period: Period,
  partnerId: number,
  options: { now: Date; staffId?: number | null },
): Promise<{ granted: Cents; expired: Cents; rolledOver: Cents } | null> {
  try {
    return await db.transaction(async (tx) => {
      // The member's row lock orders concurrent runs: the second one reads after the first committed.
      // store-scope: partnerId is a member of the program being reset, read with its store
      const [member] = await tx
        .select({ balance: partners.budgetAmount, groupId: partners.groupId, isActive: partners.isActive, own: partners.allowanceAmount, joinedAt: partners.createdAt })
        .from(partners)
        .where(eq(partners.id, partnerId))
        .for('no key update')
      if (!member || !member.isActive || member.groupId !== program.groupId) return null
      const key = { programId: program.id, periodStart: period.start, staffId: options.staffId ?? null }
      const [done] = await tx
        .select({ id: budgetTransactions.id })
        .from(budgetTransactions)
        .where(and(eq(budgetTransactions.partnerId, partnerId), eq(budgetTransactions.programId, program.id), eq(budgetTransactions.periodStart, period.start), eq(budgetTransactions.kind, 'grant')))
      if (done) return null
      const granted = grantFor({ amount: member.own ?? program.amount, prorate: program.prorate, period, joinedOn: isoDay(member.joinedAt) })
      const left = Math.max(0, member.balance ?? 0)
      const kept = keptAtRollover(left, program.rollover, program.rolloverCap)
      // What the last period left expires, the part the program keeps comes back, then the grant.
      const rows: BudgetRow[] = [
        { kind: 'expire', amount: -left, ...key },
        { kind: 'rollover', amount: kept, ...key },
      ]
      await writeBudgetRows(tx, partnerId, rows, options.now)
      // The grant is the period's once-only row: should another run have written it all the same,
      // nothing of this one is kept.
      const [claimed] = await tx
        .insert(budgetTransactions)
        .values({ partnerId, kind: 'grant', amount: granted, ...key, createdAt: options.now })
        .onConflictDoNothing()
        .returning({ id: budgetTransactions.id })
      if (!claimed) throw new AlreadyGranted()
      // store-scope: partnerId is a member of the program being reset, read with its store
      await tx
        .update(partners)
        .set({ budgetAmount: sql`coalesce(${partners.budgetAmount}, 0) + ${granted}` })
        .where(eq(partners.id, partnerId))
      return { granted, expired: left, rolledOver: kept }
    })
  } catch (error) {
    if (error instanceof AlreadyGranted) return null
    throw error
  }
}

/** Runs the reset now and every hour for the life of the process (the timer never keeps it alive). Safe on every instance at once. */
export function scheduleAllowanceReset(db: () => Promise<Database>): void {
  const run = () =>
    db()
      .then((database) => runAllowanceReset(database, { now: new Date() }))
      .then((outcome) => {
        if (outcome.granted > 0) logger().info(outcome, 'allowances granted for the new period')
      })
      .catch((error: unknown) => logger().warn({ err: error }, 'allowance reset failed; it runs again within the hour'))
  void run()
  setInterval(() => void run(), EVERY_MS).unref()
}
