/**
 * A span of business days from a console form's two number fields: both empty is none (null); one
 * empty takes the other (a single number of days). What is not a number goes to the server as it
 * is typed, so the shared rule (timing-fields.ts) answers with its sentence.
 */
export function daySpanOf(min: string, max: string): { minDays: number; maxDays: number } | null {
  const from = min.trim()
  const to = max.trim()
  if (from === '' && to === '') return null
  const read = (text: string) => (text === '' ? Number.NaN : Number(text))
  const minDays = from === '' ? read(to) : read(from)
  const maxDays = to === '' ? read(from) : read(to)
  return { minDays, maxDays }
}
