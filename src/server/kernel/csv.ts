// CSV for people's spreadsheets (issue 15, 16): every export of the console writes its cells here.
// A text cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
// return) is neutralised with a leading apostrophe; a cell with a comma, quote or line break is quoted.

/** A cell: text (from people: neutralised and quoted as needed), a number, or a figure of ours written bare. */
export type Cell = string | number | null | { bare: string }

const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV field: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function csvField(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  if (typeof value === 'object') return value.bare
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}
