// Business-day arithmetic for production lead times and arrival estimates (issue 17). Pure: the
// caller passes "today" (a UTC day, the zone orders are stamped in), so tests fix the clock. A
// business day is Monday to Friday; holidays are not known to the store yet.

/** A day as "YYYY-MM-DD". */
export type Day = string

/** A span of business days, e.g. production 7–10 or transit 3–5. */
export type DaySpan = { minDays: number; maxDays: number }

/** An arrival window: the earliest and latest day, both "YYYY-MM-DD". */
export type DayWindow = { earliest: Day; latest: Day }

import { formatDate } from './format'

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/
const MS_PER_DAY = 86_400_000

function toDate(day: Day): Date {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`not a day: ${day}`)
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a day: ${day}`)
  return date
}

function toDay(date: Date): Day {
  return date.toISOString().slice(0, 10)
}

/** True when the text is a real calendar day "YYYY-MM-DD". */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && toDay(date) === value
}

/** The UTC day of a moment. */
export function dayOf(moment: Date): Day {
  return toDay(moment)
}

export function isBusinessDay(day: Day): boolean {
  const weekday = toDate(day).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

/**
 * The day `count` business days after `day`. Counting starts the next day, so an order placed on
 * Friday (or over the weekend) with 1 business day of work is done on Monday; 0 keeps the day as it
 * is when it is a business day and moves a weekend day to Monday.
 */
export function addBusinessDays(day: Day, count: number): Day {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`business days must be a whole number of 0 or more, not ${count}`)
  let time = toDate(day).getTime()
  const weekday = (t: number) => new Date(t).getUTCDay()
  if (count === 0) {
    while (weekday(time) === 0 || weekday(time) === 6) time += MS_PER_DAY
    return toDay(new Date(time))
  }
  let left = count
  while (left > 0) {
    time += MS_PER_DAY
    if (weekday(time) !== 0 && weekday(time) !== 6) left--
  }
  return toDay(new Date(time))
}

/** Business days from `from` (exclusive) to `to` (inclusive); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: Day, to: Day): number {
  let time = toDate(from).getTime()
  const end = toDate(to).getTime()
  let count = 0
  while (time < end) {
    time += MS_PER_DAY
    const weekday = new Date(time).getUTCDay()
    if (weekday !== 0 && weekday !== 6) count++
  }
  return count
}

/**
 * When an order placed `today` arrives: production (the lead time) then transit, both in business
 * days. Without a known transit the window is when it ships.
 */
export function arrivalWindow(today: Day, leadTime: DaySpan, transit: DaySpan | null): DayWindow {
  const transitSpan = transit ?? { minDays: 0, maxDays: 0 }
  return {
    earliest: addBusinessDays(today, leadTime.minDays + transitSpan.minDays),
    latest: addBusinessDays(today, leadTime.maxDays + transitSpan.maxDays),
  }
}

/** The longer of two lead times, span by span: a cart ships when its slowest product is made. */
export function slowestLeadTime(spans: readonly DaySpan[]): DaySpan | null {
  if (spans.length === 0) return null
  return { minDays: Math.max(...spans.map((span) => span.minDays)), maxDays: Math.max(...spans.map((span) => span.maxDays)) }
}

/** "Dec 8" */
export function formatShortDay(day: Day): string {
  return formatDate(toDate(day), 'monthDay')
}

/** "Mon, Dec 8" */
export function formatWeekday(day: Day): string {
  return formatDate(toDate(day), 'weekday')
}

/** "Dec 8 – Dec 11", or "Dec 8" when both ends are the same day. */
export function formatDayWindow(window: DayWindow): string {
  const earliest = formatShortDay(window.earliest)
  return window.earliest === window.latest ? earliest : `${earliest} – ${formatShortDay(window.latest)}`
}

/** "7–10 business days", "5 business days", "1 business day". */
export function formatBusinessDays(span: DaySpan): string {
  if (span.minDays === span.maxDays) return `${span.minDays} business ${span.minDays === 1 ? 'day' : 'days'}`
  return `${span.minDays}–${span.maxDays} business days`
}

/**
 * How an in-hands date compares with the arrival window: 'late' when it is before the earliest
 * arrival (it cannot be met), 'at-risk' when it is before the latest, null when the window meets it.
 */
export function inHandsRisk(inHands: Day, window: DayWindow): 'late' | 'at-risk' | null {
  if (inHands < window.earliest) return 'late'
  if (inHands < window.latest) return 'at-risk'
  return null
}

/** The day `count` business days before `day` (a weekend day first moves back to Friday). */
export function subtractBusinessDays(day: Day, count: number): Day {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`business days must be a whole number of 0 or more, not ${count}`)
  let time = toDate(day).getTime()
  const weekend = (t: number) => [0, 6].includes(new Date(t).getUTCDay())
  while (weekend(time)) time -= MS_PER_DAY
  let left = count
  while (left > 0) {
    time -= MS_PER_DAY
    if (!weekend(time)) left--
  }
  return toDay(new Date(time))
}

/**
 * When a decoration partner must ship a work order (issue 26): with an in-hands date, early enough
 * for the slowest transit of the order's delivery method to bring it by then (the in-hands date
 * itself when the transit is not known); without one, the store's promise: the production lead
 * time (its longest) from the day the work order reached the partner. Null when neither is known.
 */
export function workOrderShipBy({ inHandsDate, transit, received, leadTime }: { inHandsDate: Day | null; transit: DaySpan | null; received: Day; leadTime: DaySpan | null }): { day: Day; basis: 'in_hands' | 'lead_time' } | null {
  if (inHandsDate) return { day: subtractBusinessDays(inHandsDate, transit?.maxDays ?? 0), basis: 'in_hands' }
  if (leadTime) return { day: addBusinessDays(received, leadTime.maxDays), basis: 'lead_time' }
  return null
}
