import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/db/client'

// What the resilience tests compare before and after a fault: every row and balance an order
// writes or moves for one website. A fault that leaves any of these changed has half-written an
// order or moved money without one.

export type StoreLedger = {
  orders: number
  orderLines: number
  reservations: number
  giftCardBalance: number
  giftCardSpends: number
  giftCardSpent: number
  budgetLeft: number
  budgetSpends: number
  budgetSpent: number
  promotionUsages: number
  promotionUsedCount: number
}

/** The ledger of `websiteId` as the database holds it now. */
export async function storeLedger(db: Executor, websiteId: number): Promise<StoreLedger> {
  const result = (await db.execute(sql`
    select
      (select count(*) from orders where website_id = ${websiteId})::int as orders,
      (select count(*) from order_lines l join orders o on o.id = l.order_id where o.website_id = ${websiteId})::int as order_lines,
      (select count(*) from order_sequence_reservations where website_id = ${websiteId})::int as reservations,
      (select coalesce(sum(balance_amount), 0) from gift_cards where website_id = ${websiteId})::int as gift_card_balance,
      (select count(*) from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id where g.website_id = ${websiteId} and t.kind = 'spend')::int as gift_card_spends,
      (select coalesce(-sum(t.amount), 0) from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id where g.website_id = ${websiteId} and t.kind = 'spend')::int as gift_card_spent,
      (select coalesce(sum(budget_amount), 0) from partners where website_id = ${websiteId})::int as budget_left,
      (select count(*) from budget_transactions b join partners p on p.id = b.partner_id where p.website_id = ${websiteId})::int as budget_spends,
      (select coalesce(-sum(b.amount), 0) from budget_transactions b join partners p on p.id = b.partner_id where p.website_id = ${websiteId})::int as budget_spent,
      (select count(*) from promotion_usages u join promotion_programs p on p.id = u.program_id where p.website_id = ${websiteId})::int as promotion_usages,
      (select coalesce(sum(used_count), 0) from promotion_programs where website_id = ${websiteId})::int as promotion_used_count
  `)) as unknown as { rows: Record<string, number>[] }
  const row = result.rows[0]!
  return {
    orders: row.orders!,
    orderLines: row.order_lines!,
    reservations: row.reservations!,
    giftCardBalance: row.gift_card_balance!,
    giftCardSpends: row.gift_card_spends!,
    giftCardSpent: row.gift_card_spent!,
    budgetLeft: row.budget_left!,
    budgetSpends: row.budget_spends!,
    budgetSpent: row.budget_spent!,
    promotionUsages: row.promotion_usages!,
    promotionUsedCount: row.promotion_used_count!,
  }
}

/**
 * Money and rows that must add up in any state: what gift cards and budgets lost is what their
 * ledgers say was spent, and every promotion use has its usage row.
 */
export function ledgerBalances(ledger: StoreLedger, start: { giftCardBalance: number; budgetLeft: number }) {
  return {
    giftCards: start.giftCardBalance - ledger.giftCardBalance === ledger.giftCardSpent,
    budgets: start.budgetLeft - ledger.budgetLeft === ledger.budgetSpent,
    promotions: ledger.promotionUsedCount === ledger.promotionUsages,
  }
}

/** http://127.0.0.1:{port} where nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/**
 * Every way the orders of `websiteId` could disagree with themselves or with the money ledgers,
 * as readable lines (none: consistent). An order's lines add up to its untaxed amount less options
 * and delivery; untaxed plus tax is the total; total less gift card and budget is what is due; the
 * gift-card and budget ledgers hold exactly what each order says it took; every gift card's balance
 * is its initial amount plus its movements; every promotion's counter is its usage rows; no
 * reference names two orders and no money moved without an order.
 */
export async function orderInconsistencies(db: Executor, websiteId: number): Promise<string[]> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { problem: string }[] }).rows.map((row) => row.problem)
  const checks = await Promise.all([
    rows(sql`
      select format('order %s has no product line', o.name) as problem
      from orders o where o.website_id = ${websiteId}
        and not exists (select 1 from order_lines l where l.order_id = o.id and l.line_type = 'product')`),
    rows(sql`
      select format('order %s: lines %s + options %s + delivery %s <> untaxed %s', o.name, coalesce(sum(l.subtotal_amount), 0), o.amount_options, o.amount_delivery, o.amount_untaxed) as problem
      from orders o left join order_lines l on l.order_id = o.id
      where o.website_id = ${websiteId}
      group by o.id
      having coalesce(sum(l.subtotal_amount), 0) + o.amount_options + o.amount_delivery <> o.amount_untaxed`),
    rows(sql`
      select format('order %s: untaxed %s + tax %s <> total %s, or total - gift card %s - budget %s <> due %s', o.name, o.amount_untaxed, o.amount_tax, o.amount_total, o.amount_gift_card, o.amount_budget, o.amount_due) as problem
      from orders o where o.website_id = ${websiteId}
        and (o.amount_untaxed + o.amount_tax <> o.amount_total
          or (o.kind = 'order' and o.amount_total - o.amount_gift_card - o.amount_budget <> o.amount_due))`),
    rows(sql`
      select format('order %s took %s from gift cards but their ledger says %s', o.name, o.amount_gift_card, coalesce(-sum(t.amount), 0)) as problem
      from orders o left join gift_card_transactions t on t.order_id = o.id and t.kind = 'spend'
      where o.website_id = ${websiteId}
      group by o.id
      having coalesce(-sum(t.amount), 0) <> o.amount_gift_card`),
    rows(sql`
      select format('order %s took %s from the budget but its ledger says %s', o.name, o.amount_budget, coalesce(-sum(b.amount), 0)) as problem
      from orders o left join budget_transactions b on b.order_id = o.id
      where o.website_id = ${websiteId}
      group by o.id
      having coalesce(-sum(b.amount), 0) <> o.amount_budget`),
    rows(sql`
      select format('gift card %s: balance %s <> initial %s + movements %s', g.id, g.balance_amount, g.initial_amount, coalesce(sum(t.amount) filter (where t.kind <> 'redeem'), 0)) as problem
      from gift_cards g left join gift_card_transactions t on t.gift_card_id = g.id
      where g.website_id = ${websiteId}
      group by g.id
      having g.balance_amount <> g.initial_amount + coalesce(sum(t.amount) filter (where t.kind <> 'redeem'), 0)`),
    rows(sql`
      select format('promotion %s: used_count %s <> %s usage rows', p.id, p.used_count, count(u.id)) as problem
      from promotion_programs p left join promotion_usages u on u.program_id = p.id
      where p.website_id = ${websiteId}
      group by p.id
      having p.used_count <> count(u.id)`),
    rows(sql`
      select format('reference %s names %s orders', name, count(*)) as problem
      from orders where website_id = ${websiteId} group by name having count(*) > 1`),
    rows(sql`
      select format('%s gift-card spends without an order', count(*)) as problem
      from gift_card_transactions t join gift_cards g on g.id = t.gift_card_id
      where g.website_id = ${websiteId} and t.kind = 'spend' and t.order_id is null
      having count(*) > 0`),
    rows(sql`
      select format('%s budget spends without an order', count(*)) as problem
      from budget_transactions b join partners p on p.id = b.partner_id
      where p.website_id = ${websiteId} and b.order_id is null
      having count(*) > 0`),
  ])
  return checks.flat()
}
