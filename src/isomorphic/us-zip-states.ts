// Which US states a ZIP code can belong to, by its first three digits (USPS sectional center
// facility prefixes). Compact on purpose: ranges per state, inclusive. It catches a ZIP typed for
// the wrong state (80202 with NY); single-ZIP exceptions that cross state lines (a handful of
// border post offices) are not listed, and states not in the table are not checked.

type Ranges = readonly (readonly [number, number])[]

const ZIP3_BY_STATE: Readonly<Record<string, Ranges>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [[200, 200], [202, 205], [569, 569]],
  FL: [[320, 349]],
  GA: [[300, 319], [398, 399]],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [[10, 27], [55, 55]],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [[5, 5], [63, 63], [100, 149]],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [[730, 732], [734, 749]],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [[733, 733], [750, 799], [885, 885]],
  UT: [[840, 847]],
  VT: [[50, 54], [56, 59]],
  VA: [[201, 201], [220, 246]],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  PR: [[6, 7], [9, 9]],
  VI: [[8, 8]],
  GU: [[969, 969]],
  // Military post: Armed Forces Americas, Europe, Pacific.
  AA: [[340, 340]],
  AE: [[90, 98]],
  AP: [[962, 966]],
}

/** 5 digits, or ZIP+4 with or without the hyphen. */
const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/

/** The ZIP as 12345 or 12345-6789, or null when it is not a US ZIP. */
export function normalizeUsZip(zip: string): string | null {
  const match = US_ZIP.exec(zip.trim())
  if (!match) return null
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!
}

/** The one state a US ZIP code belongs to by its first three digits, or null when the table cannot tell. */
export function stateForZip(zip: string): string | null {
  const digits = zip.trim().slice(0, 3)
  if (!/^\d{3}$/.test(digits)) return null
  const prefix = Number(digits)
  const found = Object.entries(ZIP3_BY_STATE).filter(([, ranges]) => ranges.some(([low, high]) => prefix >= low && prefix <= high))
  return found.length === 1 ? found[0]![0] : null
}

/** False only when the table knows the state and the ZIP's prefix is not one of its ranges. */
export function zipFitsState(zip: string, stateCode: string): boolean {
  const ranges = ZIP3_BY_STATE[stateCode.trim().toUpperCase()]
  if (!ranges) return true
  const prefix = Number(zip.trim().slice(0, 3))
  return ranges.some(([low, high]) => prefix >= low && prefix <= high)
}
