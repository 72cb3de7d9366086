// The periods of an allowance program (issue 16), one rule for the reset job, the console and the
// shopper's "renews on". Days are calendar days in UTC, written 'YYYY-MM-DD'. A program's periods
// start on its start date and then every 12, 3 or 1 months on the same day of the month (the last
// day of a shorter month when that day does not exist there); 'none' has one period that never ends.

export type AllowancePeriodKind = 'year' | 'quarter' | 'month' | 'none'
export type ProgramPeriods = { period: AllowancePeriodKind; startsOn: string }
export type Period = { start: string; end: string | null }

const MONTHS: Record<Exclude<AllowancePeriodKind, 'none'>, number> = { year: 12, quarter: 3, month: 1 }
const DAY_MS = 86_400_000

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10)

function parts(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return { year, month: month - 1, day: date }
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/** The start of the program's period number `index` (0: its start date). */
function periodStartAt(startsOn: string, months: number, index: number): string {
  const anchor = parts(startsOn)
  const total = anchor.year * 12 + anchor.month + index * months
  const year = Math.floor(total / 12)
  const month = total - year * 12
  return isoDay(new Date(Date.UTC(year, month, Math.min(anchor.day, daysInMonth(year, month)))))
}

/** The period `now` falls in, or null before the program's start date. */
export function periodAt(program: ProgramPeriods, now: Date): Period | null {
  const today = isoDay(now)
  if (today < program.startsOn) return null
  if (program.period === 'none') return { start: program.startsOn, end: null }
  const months = MONTHS[program.period]
  const anchor = parts(program.startsOn)
  const current = parts(today)
  let index = Math.floor((current.year * 12 + current.month - (anchor.year * 12 + anchor.month)) / months)
  while (index > 0 && periodStartAt(program.startsOn, months, index) > today) index -= 1
  while (periodStartAt(program.startsOn, months, index + 1) <= today) index += 1
  return { start: periodStartAt(program.startsOn, months, index), end: periodStartAt(program.startsOn, months, index + 1) }
}

/** When the allowance next renews after `now`: the next period's first day, or null ('none'). Before the start date: the start date. */
export function nextRenewal(program: ProgramPeriods, now: Date): string | null {
  const period = periodAt(program, now)
  if (!period) return program.startsOn
  return period.end
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/**
 * What a member is granted for `period`: the full amount, or — when the program prorates and the
 * member joined after the period's first day — amount × remaining days / period days, rounded to
 * the cent. Amounts are cents; `joinedOn` is the member's first day.
 */
export function grantFor({ amount, prorate, period, joinedOn }: { amount: number; prorate: boolean; period: Period; joinedOn: string }): number {
  if (!prorate || period.end === null || joinedOn <= period.start) return amount
  if (joinedOn >= period.end) return 0
  return Math.round((amount * daysBetween(joinedOn, period.end)) / daysBetween(period.start, period.end))
}

/** What a member keeps of `left` at a period's end. */
export function keptAtRollover(left: number, rollover: 'none' | 'all' | 'capped', cap: number | null): number {
  if (left <= 0 || rollover === 'none') return 0
  if (rollover === 'all') return left
  return Math.min(left, Math.max(0, cap ?? 0))
}
