/** The display order of the Size attribute everywhere (spec 9); other sizes follow these. */
export const SIZE_ORDER = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '2XL',
  '3XL',
  '4XL',
  '5XL',
  '6XL',
  'OSFA',
  'OFSC',
  'LGT',
  'XLT',
  '2XLT',
  '3XLT',
  '4XLT',
  '5XLT',
  '6XLT',
  '7XLT',
  '2X',
  '3X',
  '4X',
  'XXXL',
  'S/M',
  'L/XL',
  'OSFM',
  'Quantity',
] as const

const RANK = new Map<string, number>(SIZE_ORDER.map((size, index) => [size.toUpperCase(), index]))

// Unknown sizes sort naturally among themselves, so waist sizes read 28, 30, 32 rather than 28, 3, 30.
// Made on first use: the first Intl object of a page costs ≈ 30 ms of a phone's main thread (P5),
// and a product of known sizes never needs it.
let collator: Intl.Collator | undefined

function rankOf(size: string): number | undefined {
  return RANK.get(size.trim().toUpperCase())
}

/** Orders two size names: known sizes by the spec's order, unknown ones after them, A–Z. */
export function compareSizes(a: string, b: string): number {
  const rankA = rankOf(a)
  const rankB = rankOf(b)
  if (rankA !== undefined && rankB !== undefined) return rankA - rankB
  if (rankA !== undefined) return -1
  if (rankB !== undefined) return 1
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return collator.compare(a.trim(), b.trim())
}

/** A sorted copy of the given size names. */
export function sortSizes<T extends string>(names: readonly T[]): T[] {
  return [...names].sort(compareSizes)
}
