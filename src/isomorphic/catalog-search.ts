import type { AttributeName, ProductListItem } from './catalog-types'
import { compareSizes } from './size-order'

// Search and filters of the shop page (spec 5). Runs in the browser on the product index and on
// the server for the first render, so it is pure and allocation-light: filtering 1000 products
// is well under a millisecond.

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

type ProductIndex = {
  name: string
  sku: string
  sizes: Set<string>
  colors: Set<string>
  logos: Set<string>
  categories: Set<string>
  brand: string | null
}

const fold = (value: string) => value.trim().toLowerCase()

// Lower-cased lookups per product, built once per product object and reused on every keystroke.
const indexes = new WeakMap<SearchableProduct, ProductIndex>()

function indexOf(product: SearchableProduct): ProductIndex {
  let index = indexes.get(product)
  if (index) return index
  const byAttribute: Record<AttributeName, Set<string>> = { Color: new Set(), Size: new Set(), Logo: new Set() }
  for (const value of product.attributeValues) byAttribute[value.attribute.name]?.add(fold(value.name))
  for (const variant of product.productVariants) {
    for (const logo of variant.logoIds) byAttribute.Logo.add(fold(logo.name))
  }
  index = {
    name: product.name.toLowerCase(),
    sku: product.templateSkuCode.toLowerCase(),
    sizes: byAttribute.Size,
    colors: byAttribute.Color,
    logos: byAttribute.Logo,
    categories: new Set(product.categories.map((category) => fold(category.name))),
    brand: product.drBrandId ? fold(product.drBrandId.name) : null,
  }
  indexes.set(product, index)
  return index
}

function foldedSet(values: readonly string[]): Set<string> | null {
  const set = new Set(values.map(fold).filter((value) => value !== ''))
  return set.size > 0 ? set : null
}

function intersects(have: Set<string>, wanted: Set<string>): boolean {
  for (const value of wanted) if (have.has(value)) return true
  return false
}

/**
 * Products matching every active facet (values within a facet are OR-ed), in their given order.
 * Search is a case-insensitive substring of the name or the template SKU; the price range keeps
 * products whose [price, maxPrice] overlaps [minPrice ?? 0, maxPrice ?? ∞].
 */
export function filterProducts<P extends SearchableProduct>(products: readonly P[], filters: Partial<ShopFilters>): P[] {
  const search = (filters.searchText ?? '').trim().toLowerCase()
  const sizes = foldedSet(filters.sizes ?? [])
  const colors = foldedSet(filters.colors ?? [])
  const categories = foldedSet(filters.categories ?? [])
  const logos = foldedSet(filters.logos ?? [])
  const brands = foldedSet(filters.brands ?? [])
  const min = filters.minPrice ?? 0
  const max = filters.maxPrice ?? Number.POSITIVE_INFINITY
  const hasPriceRange = filters.minPrice != null || filters.maxPrice != null

  if (!search && !sizes && !colors && !categories && !logos && !brands && !hasPriceRange) return [...products]

  return products.filter((product) => {
    if (hasPriceRange && (product.price > max || Math.max(product.maxPrice, product.price) < min)) return false
    const index = indexOf(product)
    if (search && !index.name.includes(search) && !index.sku.includes(search)) return false
    if (sizes && !intersects(index.sizes, sizes)) return false
    if (colors && !intersects(index.colors, colors)) return false
    if (categories && !intersects(index.categories, categories)) return false
    if (logos && !intersects(index.logos, logos)) return false
    if (brands && (index.brand === null || !brands.has(index.brand))) return false
    return true
  })
}

const nameCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

const comparators: Record<ProductSort, (a: SearchableProduct, b: SearchableProduct) => number> = {
  websiteSequence: (a, b) => a.websiteSequence - b.websiteSequence || a.id - b.id,
  'price-asc': (a, b) => a.price - b.price || comparators.websiteSequence(a, b),
  'price-desc': (a, b) => Math.max(b.maxPrice, b.price) - Math.max(a.maxPrice, a.price) || comparators.websiteSequence(a, b),
  'name-asc': (a, b) => nameCollator.compare(a.name, b.name) || comparators.websiteSequence(a, b),
}

/** A sorted copy: website order (default), price low→high, price high→low or name A–Z. */
export function sortProducts<P extends SearchableProduct>(products: readonly P[], sort: ProductSort): P[] {
  return [...products].sort(comparators[sort])
}

/** What the shop page shows: the filtered products in the chosen order. */
export function applyShopFilters<P extends SearchableProduct>(products: readonly P[], filters: Partial<ShopFilters>): P[] {
  return sortProducts(filterProducts(products, filters), filters.sort ?? 'websiteSequence')
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
  private seen = new Set<string>()

  startProduct() {
    this.seen = new Set()
  }

  add(name: string) {
    const key = fold(name)
    if (key === '' || this.seen.has(key)) return
    this.seen.add(key)
    const entry = this.counts.get(key)
    if (entry) entry.count += 1
    else this.counts.set(key, { value: name.trim(), count: 1 })
  }

  sorted(compare: (a: string, b: string) => number): FacetValue[] {
    return [...this.counts.values()].sort((a, b) => compare(a.value, b.value))
  }
}

/** The filter values the products offer, with how many products have each; sizes in size order. */
export function facetsOf(products: readonly SearchableProduct[]): ShopFacets {
  const sizes = new FacetCounter()
  const colors = new FacetCounter()
  const categories = new FacetCounter()
  const logos = new FacetCounter()
  const brands = new FacetCounter()
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY

  for (const product of products) {
    for (const counter of [sizes, colors, categories, logos, brands]) counter.startProduct()
    for (const value of product.attributeValues) {
      if (value.attribute.name === 'Size') sizes.add(value.name)
      else if (value.attribute.name === 'Color') colors.add(value.name)
      else if (value.attribute.name === 'Logo') logos.add(value.name)
    }
    for (const variant of product.productVariants) for (const logo of variant.logoIds) logos.add(logo.name)
    for (const category of product.categories) categories.add(category.name)
    if (product.drBrandId) brands.add(product.drBrandId.name)
    min = Math.min(min, product.price)
    max = Math.max(max, product.maxPrice, product.price)
  }

  const byName = (a: string, b: string) => nameCollator.compare(a, b)
  return {
    sizes: sizes.sorted(compareSizes),
    colors: colors.sorted(byName),
    categories: categories.sorted(byName),
    logos: logos.sorted(byName),
    brands: brands.sorted(byName),
    priceRange: products.length > 0 ? { min, max } : null,
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
