// The words of a shop search (issue 27): what a shopper types and what a product is called, brought
// to one form so that "pique" finds "Piqué", "polos" finds a polo, "t-shirt" a tee and "hi vis" the
// Hi-Vis range. Pure and small: the product side is prepared once per product, the query side once
// per keystroke, and a keystroke then only looks for the query's words in prepared strings.

/** Lower case without accents: "Piqué" → "pique", "Women’s" → "women’s". */
export function foldText(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase()
}

/**
 * Remembers what a function gave for a text, for texts a catalog repeats (colour, category and
 * brand names, common words); forgets all once it holds `limit`, so a server holding many stores'
 * catalogs keeps it small.
 */
function remembered<T>(compute: (text: string) => T, limit = 4000): (text: string) => T {
  const cache = new Map<string, T>()
  return (text) => {
    let value = cache.get(text)
    if (value === undefined) {
      if (cache.size >= limit) cache.clear()
      value = compute(text)
      cache.set(text, value)
    }
    return value
  }
}

/**
 * Phrases of the trade written several ways, each brought to one word before the text is cut into
 * words: "hi vis", "hi-vis", "high visibility" and "hi-viz" are all "hivis"; "t-shirt", "t shirt" and
 * "tshirts" are "tee"; "crew neck" is "crewneck".
 */
const PHRASES: readonly [RegExp, string][] = [
  [/\bhi(?:gh)?[\s-]*vi[sz](?:ibility)?\b/g, ' hivis '],
  [/\bt[\s-]?shirts?\b/g, ' tee '],
  [/\bcrew[\s-]neck(s?)\b/g, ' crewneck$1 '],
  [/\bsweat[\s-]shirt(s?)\b/g, ' sweatshirt$1 '],
]

/**
 * Words of the same meaning in a store's catalog, by their singular form (see `singular`). The first
 * of each group stands for the group: a product called "Crewneck Sweatshirt" is found by "hoodie".
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 'tshirt'],
  ['hoody', 'sweatshirt', 'hooded'],
  ['cap', 'hat'],
  ['beany', 'toque'],
  ['jacket', 'coat'],
  ['vest', 'gilet'],
  ['grey', 'gray'],
  ['colour', 'color'],
]
const CANONICAL = new Map<string, string>(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)))

/**
 * A word's singular, for comparing words (not for showing them): "polos" → "polo", "boxes" → "box",
 * "dresses" → "dress", "accessories" → "accessory", and "hoodies" and "hoodie" both → "hoody" (so
 * that the two agree). Words of three letters or fewer, and words in -ss, -us, -is, are left alone.
 */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && word.endsWith('ie')) return `${word.slice(0, -2)}y`
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1)
  return word
}

/** The word that stands for a word's meaning: its singular, or its group's first word. */
export function canonical(word: string): string {
  const one = singular(word)
  return CANONICAL.get(one) ?? one
}

/** A word, its singular and its group's word, each once. */
const formsOf = remembered((word: string): string[] => [...new Set([word, singular(word), canonical(word)])])

/**
 * The words of a text, folded: phrases brought to one word (unless `phrases` is false),
 * apostrophes dropped ("women’s" → "womens"), and a hyphenated word given both as its parts and
 * whole ("quarter-zip" → "quarter", "zip", "quarterzip").
 */
export function wordsOf(text: string, phrases = true): string[] {
  let folded = foldText(text).replace(/['’`]/g, '')
  if (phrases) for (const [pattern, replacement] of PHRASES) folded = folded.replace(pattern, replacement)
  const words: string[] = []
  for (const piece of folded.split(/[^\p{L}\p{N}-]+/u)) {
    const parts = piece.split('-').filter((part) => part !== '')
    if (parts.length === 0) continue
    words.push(...parts)
    if (parts.length > 1) words.push(parts.join(''))
  }
  return words
}

/**
 * A text's words as one string to search in: each word, its singular and its group's word, each
 * preceded by a space, so that ` ${word}` found in it means some word there starts with `word`.
 * Phrases are there both as one word and as their words, so that "hi v", on the way to "hi vis",
 * still finds "Hi-Vis". Each form once.
 */
const searchableText = remembered((text: string): string => {
  const seen = new Set<string>()
  for (const word of [...wordsOf(text), ...wordsOf(text, false)]) for (const form of formsOf(word)) seen.add(form)
  let joined = ''
  for (const word of seen) joined += ` ${word}`
  return joined
})

/** The words of a product's texts (its name, SKU, colours…) as one string to search in (searchableText). */
export function searchableWords(texts: Iterable<string>): string {
  let joined = ''
  for (const text of texts) joined += searchableText(text)
  return joined
}

/**
 * What each word of a query may be found as: its forms (as typed, singular, group's word), each
 * with a leading space, to look for in a `searchableWords` string. A word is found when any of its
 * forms starts a word there, so a word being typed ("hoo") finds its whole ("hoodie").
 */
export function queryTerms(query: string): string[][] {
  const terms: string[][] = []
  const seen = new Set<string>()
  for (const word of wordsOf(query)) {
    if (seen.has(word)) continue
    seen.add(word)
    terms.push(formsOf(word).map((form) => ` ${form}`))
  }
  return terms
}

/** True when every term has a form in the words. */
export function allTermsIn(words: string, terms: readonly (readonly string[])[]): boolean {
  for (const forms of terms) {
    let found = false
    for (const form of forms) {
      if (words.includes(form)) {
        found = true
        break
      }
    }
    if (!found) return false
  }
  return true
}

/**
 * The optimal-string-alignment distance (Levenshtein with swaps of neighbours) between a and b,
 * or max + 1 as soon as it is known to exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a === b) return 0
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  let current = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return previous[b.length]!
}

type Candidate = { shown: string; uses: number; inName: boolean }

function isBetter(a: Candidate, b: Candidate): boolean {
  if (a.inName !== b.inName) return a.inName
  if (a.uses !== b.uses) return a.uses > b.uses
  return a.shown.length < b.shown.length
}

/** How far a word may be from a catalog word to be offered instead: one letter up to 4, else two. */
const allowedDistance = (word: string) => (word.length <= 4 ? 1 : 2)

/**
 * A catalog's words for "Did you mean": folded word → how the catalog spells it (lower case,
 * accents kept), how many of its texts use it, and whether a product's name does.
 */
export type Vocabulary = Map<string, { shown: string; uses: number; inName: boolean }>

/** Adds a text's words: a product's name (`inName`), or its SKU, a colour, category or brand. */
export function addToVocabulary(vocabulary: Vocabulary, text: string, inName: boolean, uses = 1) {
  const counted = new Set<string>()
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{M}\p{N}'’-]+/u)) {
    for (const part of raw.split('-')) {
      const shown = part.replace(/['’]/g, '')
      const word = foldText(shown)
      if (word.length < 2 || counted.has(word)) continue
      counted.add(word)
      const entry = vocabulary.get(word)
      if (entry) {
        entry.uses += uses
        entry.inName ||= inName
      } else {
        vocabulary.set(word, { shown, uses, inName })
      }
    }
  }
}

/**
 * The query with each word the catalog does not know replaced by the nearest catalog word (within
 * one or two letters; on a tie, a word of a product name before others, then the most used, then
 * the shortest), and words with no near word left out; null when no word was replaced or nothing
 * would be left.
 */
export function correctedQuery(query: string, vocabulary: Vocabulary, known: (word: string) => boolean): string | null {
  const words = foldText(query).split(/\s+/).filter((word) => word !== '')
  let changed = false
  const kept: string[] = []
  for (const word of words) {
    if (known(word)) {
      kept.push(word)
      continue
    }
    changed = true
    const max = allowedDistance(word)
    let best: { shown: string; distance: number; uses: number; inName: boolean } | null = null
    for (const [candidate, entry] of vocabulary) {
      const distance = editDistance(word, candidate, max)
      if (distance > max) continue
      if (!best || distance < best.distance || (distance === best.distance && isBetter(entry, best))) best = { ...entry, distance }
    }
    if (best) kept.push(best.shown)
  }
  return changed && kept.length > 0 ? kept.join(' ') : null
}
