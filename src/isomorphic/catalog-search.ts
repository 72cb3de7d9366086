import type { AttributeName, ProductListItem } from './catalog-types'
import { addToVocabulary, allTermsIn, correctedQuery, foldText, queryTerms, searchableWords, type Vocabulary } from './search-text'
import { compareSizes } from './size-order'

// Search and filters of the shop page (spec 5). Runs in the browser on the product index and on
// the server for the first render, so it is pure and allocation-light: what a product is searched
// by is prepared once per product (in the browser while it is idle, prepareShopSearch), and a
// keystroke only looks for the query's words in those strings.

export const PRODUCT_SORTS = ['websiteSequence', 'price-asc', 'price-desc', 'name-asc'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

export type ShopFilters = {
  searchText: string
  sizes: string[]
  colors: string[]
  categories: string[]
  logos: string[]
  brands: string[]
  /** Decimal dollars; null means 0. */
  minPrice: number | null
  /** Decimal dollars; null means unbounded. */
  maxPrice: number | null
  sort: ProductSort
}

export const EMPTY_SHOP_FILTERS: ShopFilters = Object.freeze({
  searchText: '',
  sizes: [],
  colors: [],
  categories: [],
  logos: [],
  brands: [],
  minPrice: null,
  maxPrice: null,
  sort: 'websiteSequence',
}) as ShopFilters

/** The fields search and filters read; both list items and product details have them. */
export type SearchableProduct = Pick<
  ProductListItem,
  'id' | 'name' | 'templateSkuCode' | 'price' | 'maxPrice' | 'attributeValues' | 'categories' | 'drBrandId' | 'websiteSequence'
> & { productVariants: readonly { logoIds: readonly { name: string }[] }[] }

/** Folded value → the value as the store spells it. */
type FacetEntries = Map<string, string>

type ProductIndex = {
  sizes: FacetEntries
  colors: FacetEntries
  logos: FacetEntries
  categories: FacetEntries
  brands: FacetEntries
}

const fold = (value: string) => value.trim().toLowerCase()

/**
 * Size values that are not sizes: "Quantity" is how a product sold by the piece (a mug, a pen)
 * fills its Size attribute (spec 9's size order lists it last). The size filter leaves it out.
 */
const NOT_SIZES = new Set(['quantity'])

// Lower-cased lookups per product, built once per product object and reused on every keystroke.
const indexes = new WeakMap<SearchableProduct, ProductIndex>()

function addEntry(entries: FacetEntries, name: string) {
  const key = fold(name)
  if (key !== '' && !entries.has(key)) entries.set(key, name.trim())
}

function indexOf(product: SearchableProduct): ProductIndex {
  let index = indexes.get(product)
  if (index) return index
  const byAttribute: Record<AttributeName, FacetEntries> = { Color: new Map(), Size: new Map(), Logo: new Map() }
  for (const value of product.attributeValues) {
    const entries = byAttribute[value.attribute.name]
    if (entries) addEntry(entries, value.name)
  }
  for (const variant of product.productVariants) {
    for (const logo of variant.logoIds) addEntry(byAttribute.Logo, logo.name)
  }
  const categories: FacetEntries = new Map()
  for (const category of product.categories) addEntry(categories, category.name)
  const brands: FacetEntries = new Map()
  if (product.drBrandId) addEntry(brands, product.drBrandId.name)
  index = {
    sizes: byAttribute.Size,
    colors: byAttribute.Color,
    logos: byAttribute.Logo,
    categories,
    brands,
  }
  indexes.set(product, index)
  return index
}

/** What a product is searched by. */
type SearchIndex = {
  /** Folded (lower case, no accents) name and template SKU, for the spec's substring rule. */
  name: string
  sku: string
  /** The words of the name and SKU, and of those with the colours, categories and brand (search-text.ts searchableWords). */
  nameWords: string
  allWords: string
}

// Apart from the facets' index: a list only filtered never needs it.
const searchIndexes = new WeakMap<SearchableProduct, SearchIndex>()

function searchIndexOf(product: SearchableProduct): SearchIndex {
  let index = searchIndexes.get(product)
  if (index) return index
  const facets = indexOf(product)
  const nameWords = searchableWords([product.name, product.templateSkuCode])
  index = {
    name: foldText(product.name),
    sku: foldText(product.templateSkuCode),
    nameWords,
    allWords: nameWords + searchableWords([...facets.colors.values(), ...facets.categories.values(), ...facets.brands.values()]),
  }
  searchIndexes.set(product, index)
  return index
}

function foldedSet(values: readonly string[]): Set<string> | null {
  const set = new Set(values.map(fold).filter((value) => value !== ''))
  return set.size > 0 ? set : null
}

function intersects(have: FacetEntries, wanted: Set<string>): boolean {
  for (const value of wanted) if (have.has(value)) return true
  return false
}

/** The list facets, in the order the filter panel shows them (the most used first). */
export const LIST_FACETS = ['categories', 'sizes', 'colors', 'logos', 'brands'] as const
export type ListFacet = (typeof LIST_FACETS)[number]

// What a product fails, as bits: one per list facet, then the search and the price range.
const FACET_BIT: Record<ListFacet, number> = { categories: 1, sizes: 2, colors: 4, logos: 8, brands: 16 }
const SEARCH_BIT = 32
const PRICE_BIT = 64

type CompiledFilters = {
  /** The search folded, for the spec's rule: a substring of the name or the SKU. */
  search: string
  /** The search's words, each with the forms it may be found as (search-text.ts queryTerms). */
  terms: string[][]
  wanted: [ListFacet, Set<string>][]
  min: number
  max: number
  hasPriceRange: boolean
  active: boolean
}

function compile(filters: Partial<ShopFilters>): CompiledFilters {
  const search = foldText((filters.searchText ?? '').trim())
  const wanted: [ListFacet, Set<string>][] = []
  for (const facet of LIST_FACETS) {
    const set = foldedSet(filters[facet] ?? [])
    if (set) wanted.push([facet, set])
  }
  const hasPriceRange = filters.minPrice != null || filters.maxPrice != null
  return {
    search,
    terms: search ? queryTerms(search) : [],
    wanted,
    min: filters.minPrice ?? 0,
    max: filters.maxPrice ?? Number.POSITIVE_INFINITY,
    hasPriceRange,
    active: search !== '' || wanted.length > 0 || hasPriceRange,
  }
}

/** How well a product answers the search: 0 best, SEARCH_MISS when it does not. */
const SEARCH_MISS = 3

/**
 * 0: the search is a substring of the name or the SKU (the spec's rule, accents aside); 1: each of
 * its words starts a word of the name or SKU, as typed, in the singular or as a synonym ("polos",
 * "pique polo", "sweatshirt" for a hoodie); 2: each starts a word of the name, SKU, colours,
 * categories or brand ("navy polo"); SEARCH_MISS otherwise.
 */
function searchRank(index: SearchIndex, filters: CompiledFilters): number {
  if (index.name.includes(filters.search) || index.sku.includes(filters.search)) return 0
  if (filters.terms.length === 0) return SEARCH_MISS
  if (allTermsIn(index.nameWords, filters.terms)) return 1
  return allTermsIn(index.allWords, filters.terms) ? 2 : SEARCH_MISS
}

/** searchRank(…) !== SEARCH_MISS, in fewer steps: the words of the name are among all the words. */
function matchesSearch(index: SearchIndex, filters: CompiledFilters): boolean {
  if (index.name.includes(filters.search) || index.sku.includes(filters.search)) return true
  return filters.terms.length > 0 && allTermsIn(index.allWords, filters.terms)
}

/** The filters the product fails (0: it matches them all). */
function failures(product: SearchableProduct, filters: CompiledFilters): number {
  let failed = 0
  if (filters.hasPriceRange && (product.price > filters.max || Math.max(product.maxPrice, product.price) < filters.min)) failed |= PRICE_BIT
  if (filters.search && !matchesSearch(searchIndexOf(product), filters)) failed |= SEARCH_BIT
  const index = indexOf(product)
  for (const [facet, set] of filters.wanted) if (!intersects(index[facet], set)) failed |= FACET_BIT[facet]
  return failed
}

/**
 * Products matching every active facet (values within a facet are OR-ed), in their given order.
 * Search matches a case-insensitive substring of the name or the template SKU (spec 5), accents
 * aside, and also a product each of whose words (singular, synonyms) starts a word of its name,
 * SKU, colours, categories or brand; the price range keeps products whose [price, maxPrice]
 * overlaps [minPrice ?? 0, maxPrice ?? ∞].
 */
export function filterProducts<P extends SearchableProduct>(products: readonly P[], filters: Partial<ShopFilters>): P[] {
  const compiled = compile(filters)
  if (!compiled.active) return [...products]
  return products.filter((product) => failures(product, compiled) === 0)
}

/**
 * The colour a card shows: with a colour filter, the product's first colour (in its own order)
 * among the chosen ones; else, when a word of the search of three letters or more begins a word of
 * one of its colours ("navy polo" → "True Navy", "gray" → "Heather Grey"), the colour most of its
 * words name (the first on a tie: "safety yellow" → "Safety Yellow", not "Safety Orange"); otherwise
 * null.
 */
export function shownColor(product: Pick<SearchableProduct, 'attributeValues'>, colors: readonly string[], searchText = ''): string | null {
  if (colors.length > 0) {
    const wanted = new Set(colors.map(fold))
    return product.attributeValues.find((value) => value.attribute.name === 'Color' && wanted.has(fold(value.name)))?.name ?? null
  }
  // Each form has its leading space: ' ' and three letters.
  const terms = queryTerms(foldText(searchText.trim())).filter((forms) => forms[0]!.length > 3)
  if (terms.length === 0) return null
  let shown: string | null = null
  let most = 0
  for (const value of product.attributeValues) {
    if (value.attribute.name !== 'Color') continue
    const words = searchableWords([value.name])
    const named = terms.filter((forms) => forms.some((form) => words.includes(form))).length
    if (named > most) {
      shown = value.name
      most = named
    }
  }
  return shown
}

// Made when the shopper first sorts by name (see size-order's collator).
let nameCollator: Intl.Collator | undefined
function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
  return nameCollator.compare(a, b)
}

const comparators: Record<ProductSort, (a: SearchableProduct, b: SearchableProduct) => number> = {
  websiteSequence: (a, b) => a.websiteSequence - b.websiteSequence || a.id - b.id,
  'price-asc': (a, b) => a.price - b.price || comparators.websiteSequence(a, b),
  'price-desc': (a, b) => Math.max(b.maxPrice, b.price) - Math.max(a.maxPrice, a.price) || comparators.websiteSequence(a, b),
  'name-asc': (a, b) => compareNames(a.name, b.name) || comparators.websiteSequence(a, b),
}

/** A sorted copy: website order (default), price low→high, price high→low or name A–Z. */
export function sortProducts<P extends SearchableProduct>(products: readonly P[], sort: ProductSort): P[] {
  return [...products].sort(comparators[sort])
}

/**
 * What the shop page shows: the filtered products in the chosen order. With a search and the
 * default order, the best answers come first (the search in the name or SKU, then all its words in
 * the name or SKU, then its words across the fields), each kind in website order.
 */
export function applyShopFilters<P extends SearchableProduct>(products: readonly P[], filters: Partial<ShopFilters>): P[] {
  const sort = filters.sort ?? 'websiteSequence'
  const compiled = compile(filters)
  if (!compiled.active) return sortProducts(products, sort)
  const found = products.filter((product) => failures(product, compiled) === 0)
  if (!compiled.search || sort !== 'websiteSequence') return sortProducts(found, sort)
  const ranks = new Map<SearchableProduct, number>()
  for (const product of found) ranks.set(product, searchRank(searchIndexOf(product), compiled))
  return found.sort((a, b) => ranks.get(a)! - ranks.get(b)! || comparators.websiteSequence(a, b))
}

export type ShopSearchResult<P> = {
  /** What the page lists. */
  products: P[]
  /**
   * Set when nothing matched the search as typed and a near spelling does ("hodie" → "hoodie"): the
   * products listed are that search's, and the page offers it as "Did you mean …?".
   */
  didYouMean: string | null
}

/** A product list's search being prepared: its products indexed so far, and the catalog's words. */
type Preparation = {
  next: number
  vocabulary: Vocabulary
  /** Colour, category and brand names recur from product to product: counted, then read once each. */
  others: Map<string, number>
  done: boolean
}

const preparations = new WeakMap<readonly SearchableProduct[], Preparation>()

function prepare(products: readonly SearchableProduct[], hasTime: () => boolean): Preparation {
  let preparation = preparations.get(products)
  if (!preparation) {
    preparation = { next: 0, vocabulary: new Map(), others: new Map(), done: false }
    preparations.set(products, preparation)
  }
  const { vocabulary, others } = preparation
  while (!preparation.done && preparation.next < products.length) {
    const product = products[preparation.next++]!
    searchIndexOf(product)
    addToVocabulary(vocabulary, product.name, true)
    addToVocabulary(vocabulary, product.templateSkuCode, false)
    const facets = indexOf(product)
    for (const entries of [facets.colors, facets.categories, facets.brands]) {
      for (const text of entries.values()) others.set(text, (others.get(text) ?? 0) + 1)
    }
    if (preparation.next % 32 === 0 && !hasTime()) return preparation
  }
  if (!preparation.done) {
    for (const [text, uses] of others) addToVocabulary(vocabulary, text, false, uses)
    preparation.done = true
  }
  return preparation
}

/**
 * Prepares the search of a product list before its first keystroke: each product's search index
 * and the catalog's words for "Did you mean". A slice at a time: it stops when `hasTime` says so
 * (asked every 32 products) and answers false, to be called again; true once all is ready. A search
 * before then prepares what it needs itself.
 */
export function prepareShopSearch(products: readonly SearchableProduct[], hasTime: () => boolean): boolean {
  return prepare(products, hasTime).done
}

function vocabularyOf(products: readonly SearchableProduct[]): Vocabulary {
  return prepare(products, () => true).vocabulary
}

/**
 * The shop's answer to its filters (applyShopFilters), and when the search finds nothing, the
 * nearest search that finds something, with its products: each word no product has replaced by
 * the catalog's nearest word (one or two letters away), with the other filters kept.
 */
export function searchShop<P extends SearchableProduct>(products: readonly P[], filters: Partial<ShopFilters>): ShopSearchResult<P> {
  const found = applyShopFilters(products, filters)
  const searchText = filters.searchText?.trim() ?? ''
  if (found.length > 0 || searchText === '') return { products: found, didYouMean: null }
  const known = (word: string) => {
    const compiled = compile({ searchText: word })
    return products.some((product) => matchesSearch(searchIndexOf(product), compiled))
  }
  const suggestion = correctedQuery(searchText, vocabularyOf(products), known)
  if (suggestion === null) return { products: found, didYouMean: null }
  const near = applyShopFilters(products, { ...filters, searchText: suggestion })
  return near.length > 0 ? { products: near, didYouMean: suggestion } : { products: found, didYouMean: null }
}

export type FacetValue = { value: string; count: number }

export type ShopFacets = {
  sizes: FacetValue[]
  colors: FacetValue[]
  categories: FacetValue[]
  logos: FacetValue[]
  brands: FacetValue[]
  /** Lowest and highest price among the products; null when there are none. */
  priceRange: { min: number; max: number } | null
}

class FacetCounter {
  private readonly counts = new Map<string, FacetValue>()

  add(entries: FacetEntries, skip?: Set<string>) {
    for (const [key, name] of entries) {
      if (skip?.has(key)) continue
      const entry = this.counts.get(key)
      if (entry) entry.count += 1
      else this.counts.set(key, { value: name, count: 1 })
    }
  }

  /** The counted values and the selected ones (count 0 when no product has them), in order. */
  sorted(selected: readonly string[], compare: (a: string, b: string) => number): FacetValue[] {
    for (const value of selected) {
      const key = fold(value)
      if (key !== '' && !this.counts.has(key)) this.counts.set(key, { value: value.trim(), count: 0 })
    }
    return [...this.counts.values()].sort((a, b) => compare(a.value, b.value))
  }
}

/**
 * The filter values to offer for the products and the filters chosen, with how many products each
 * would show: each facet is counted over the products that match every other filter (the search,
 * the price and the other facets), so a value's count is what ticking it adds, and values no such
 * product has are left out. Values already chosen stay listed. Sizes come in the spec's size order
 * without the non-size "Quantity". One pass over the products, whatever the number of facets.
 */
export function facetsOf(products: readonly SearchableProduct[], filters: Partial<ShopFilters> = {}): ShopFacets {
  const compiled = compile(filters)
  const counters: Record<ListFacet, FacetCounter> = {
    categories: new FacetCounter(),
    sizes: new FacetCounter(),
    colors: new FacetCounter(),
    logos: new FacetCounter(),
    brands: new FacetCounter(),
  }
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY

  for (const product of products) {
    const failed = compiled.active ? failures(product, compiled) : 0
    const index = indexOf(product)
    if (failed === 0) {
      for (const facet of LIST_FACETS) counters[facet].add(index[facet], facet === 'sizes' ? NOT_SIZES : undefined)
    } else {
      // Failing exactly one facet: the product counts toward that facet's other values.
      const only = LIST_FACETS.find((facet) => FACET_BIT[facet] === failed)
      if (only) counters[only].add(index[only], only === 'sizes' ? NOT_SIZES : undefined)
    }
    if ((failed & ~PRICE_BIT) === 0) {
      min = Math.min(min, product.price)
      max = Math.max(max, product.maxPrice, product.price)
    }
  }

  const selectedSizes = (filters.sizes ?? []).filter((size) => !NOT_SIZES.has(fold(size)))
  return {
    categories: counters.categories.sorted(filters.categories ?? [], compareNames),
    sizes: counters.sizes.sorted(selectedSizes, compareSizes),
    colors: counters.colors.sorted(filters.colors ?? [], compareNames),
    logos: counters.logos.sorted(filters.logos ?? [], compareNames),
    brands: counters.brands.sorted(filters.brands ?? [], compareNames),
    priceRange: Number.isFinite(min) ? { min, max } : null,
  }
}

// URL form: ?q=polo&size=M&size=L&color=Navy&category=Polos&logo=Crest&brand=Nike&min=10&max=50&sort=price-asc
const LIST_PARAMS = [
  ['sizes', 'size'],
  ['colors', 'color'],
  ['categories', 'category'],
  ['logos', 'logo'],
  ['brands', 'brand'],
] as const satisfies readonly (readonly [keyof ShopFilters, string])[]

const MAX_VALUES_PER_FACET = 50
const MAX_VALUE_LENGTH = 100

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>

function readAll(params: SearchParamsInput, name: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(name)
  const value = params[name]
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

function readList(params: SearchParamsInput, name: string): string[] {
  const values: string[] = []
  const seen = new Set<string>()
  for (const raw of readAll(params, name)) {
    const value = raw.trim()
    if (value === '' || value.length > MAX_VALUE_LENGTH || seen.has(fold(value))) continue
    seen.add(fold(value))
    values.push(value)
    if (values.length === MAX_VALUES_PER_FACET) break
  }
  return values
}

function readPrice(params: SearchParamsInput, name: string): number | null {
  const raw = readAll(params, name)[0]?.trim()
  if (!raw || !/^\d{1,7}(\.\d{1,2})?$/.test(raw)) return null
  return Number(raw)
}

/** Filters from the page URL; unknown, malformed or excessive values are ignored, never thrown. */
export function parseShopFilters(params: SearchParamsInput): ShopFilters {
  const searchText = (readAll(params, 'q')[0] ?? '').trim().slice(0, MAX_VALUE_LENGTH)
  const sort = readAll(params, 'sort')[0]
  const filters: ShopFilters = {
    ...EMPTY_SHOP_FILTERS,
    searchText,
    minPrice: readPrice(params, 'min'),
    maxPrice: readPrice(params, 'max'),
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : 'websiteSequence',
  }
  for (const [field, param] of LIST_PARAMS) filters[field] = readList(params, param)
  return filters
}

/** The query string for the filters (no leading '?'), in a fixed parameter order; '' when none. */
export function serializeShopFilters(filters: Partial<ShopFilters>): string {
  const params = new URLSearchParams()
  const searchText = filters.searchText?.trim()
  if (searchText) params.append('q', searchText)
  for (const [field, param] of LIST_PARAMS) {
    for (const value of filters[field] ?? []) if (value.trim()) params.append(param, value.trim())
  }
  if (filters.minPrice != null && Number.isFinite(filters.minPrice)) params.append('min', String(filters.minPrice))
  if (filters.maxPrice != null && Number.isFinite(filters.maxPrice)) params.append('max', String(filters.maxPrice))
  if (filters.sort && filters.sort !== 'websiteSequence') params.append('sort', filters.sort)
  return params.toString()
}

/** True when any filter or the search narrows the list. */
export function hasActiveFilters(filters: ShopFilters): boolean {
  return (
    filters.searchText.trim() !== '' ||
    LIST_PARAMS.some(([field]) => filters[field].length > 0) ||
    filters.minPrice != null ||
    filters.maxPrice != null
  )
}
