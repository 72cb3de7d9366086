import { describe, expect, test } from 'vitest'
import {
  applyShopFilters,
  EMPTY_SHOP_FILTERS,
  facetsOf,
  filterProducts,
  hasActiveFilters,
  LIST_FACETS,
  parseShopFilters,
  serializeShopFilters,
  shownColor,
  type ShopFilters,
  sortProducts,
} from './catalog-search'
import type { AttributeName, ProductListItem } from './catalog-types'

let nextId = 1
const value = (attribute: AttributeName, name: string) => ({ id: nextId++, name, attribute: { name: attribute } })

function product(overrides: Partial<ProductListItem> & { colors?: string[]; sizes?: string[]; logoValues?: string[]; variantLogos?: string[][] }): ProductListItem {
  const { colors = [], sizes = [], logoValues = [], variantLogos = [], ...fields } = overrides
  const id = fields.id ?? nextId++
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    templateSkuCode: `SKU${id}`,
    price: 20,
    maxPrice: 20,
    attributeValues: [...colors.map((c) => value('Color', c)), ...sizes.map((s) => value('Size', s)), ...logoValues.map((l) => value('Logo', l))],
    categories: [],
    drBrandId: null,
    productVariants: variantLogos.map((names, index) => ({ id: id * 100 + index, logoIds: names.map((name) => ({ id: nextId++, name })) })),
    image: null,
    colorImages: [],
    websiteSequence: id,
    ...fields,
  }
}

const polo = product({
  id: 1,
  name: 'Core Blend Polo',
  templateSkuCode: 'K500',
  price: 18,
  maxPrice: 21,
  colors: ['Navy', 'Black'],
  sizes: ['S', 'M', 'L'],
  logoValues: ['Left Chest Crest'],
  categories: [{ id: 1, name: 'Polos' }],
  drBrandId: { id: 1, name: 'Port Authority' },
  websiteSequence: 30,
})
const jacket = product({
  id: 2,
  name: 'Soft Shell Jacket',
  templateSkuCode: 'J317',
  price: 55,
  maxPrice: 60,
  colors: ['Black', 'Red'],
  sizes: ['M', 'XL', '2XL'],
  variantLogos: [['Full Back Wordmark'], ['Full Back Wordmark', 'Sleeve Flag']],
  categories: [{ id: 2, name: 'Outerwear' }, { id: 3, name: 'Best Sellers' }],
  drBrandId: { id: 2, name: 'The North Face' },
  websiteSequence: 10,
})
const cap = product({
  id: 3,
  name: 'Twill Cap',
  templateSkuCode: 'C112-POLO',
  price: 9,
  maxPrice: 9,
  colors: ['Navy'],
  sizes: ['OSFA'],
  categories: [{ id: 4, name: 'Caps' }],
  drBrandId: null,
  websiteSequence: 20,
})
const products = [polo, jacket, cap]
const ids = (list: { id: number }[]) => list.map((p) => p.id)

describe('searching products', () => {
  test('matches a case-insensitive substring of the name', () => {
    expect(ids(filterProducts(products, { searchText: 'SHELL' }))).toEqual([2])
  })

  test('matches a case-insensitive substring of the template SKU', () => {
    expect(ids(filterProducts(products, { searchText: 'j31' }))).toEqual([2])
    expect(ids(filterProducts(products, { searchText: 'polo' }))).toEqual([1, 3])
  })

  test('ignores surrounding spaces and keeps everything for an empty search', () => {
    expect(ids(filterProducts(products, { searchText: '  cap ' }))).toEqual([3])
    expect(ids(filterProducts(products, { searchText: '' }))).toEqual([1, 2, 3])
  })
})

describe('filtering products', () => {
  test('by size, matching attribute value names case-insensitively', () => {
    expect(ids(filterProducts(products, { sizes: ['xl'] }))).toEqual([2])
    expect(ids(filterProducts(products, { sizes: ['s', 'OSFA'] }))).toEqual([1, 3])
  })

  test('by color, matching attribute value names case-insensitively', () => {
    expect(ids(filterProducts(products, { colors: ['navy'] }))).toEqual([1, 3])
    expect(ids(filterProducts(products, { colors: ['RED', 'Navy'] }))).toEqual([1, 2, 3])
  })

  test('by category name', () => {
    expect(ids(filterProducts(products, { categories: ['Best Sellers'] }))).toEqual([2])
    expect(ids(filterProducts(products, { categories: ['Polos', 'Caps'] }))).toEqual([1, 3])
  })

  test('by logo, through a Logo attribute value or a variant logo', () => {
    expect(ids(filterProducts(products, { logos: ['left chest crest'] }))).toEqual([1])
    expect(ids(filterProducts(products, { logos: ['Sleeve Flag'] }))).toEqual([2])
    expect(ids(filterProducts(products, { logos: ['Sleeve Flag', 'Left Chest Crest'] }))).toEqual([1, 2])
  })

  test('by brand name; products without a brand never match', () => {
    expect(ids(filterProducts(products, { brands: ['the north face'] }))).toEqual([2])
    expect(ids(filterProducts(products, { brands: ['Nike'] }))).toEqual([])
  })

  test('by price range overlapping the product range, with defaults 0 and unbounded', () => {
    expect(ids(filterProducts(products, { minPrice: 20 }))).toEqual([1, 2])
    expect(ids(filterProducts(products, { maxPrice: 18 }))).toEqual([1, 3])
    expect(ids(filterProducts(products, { minPrice: 19, maxPrice: 56 }))).toEqual([1, 2])
    expect(ids(filterProducts(products, { minPrice: 61 }))).toEqual([])
    expect(ids(filterProducts(products, { minPrice: 0, maxPrice: 9 }))).toEqual([3])
  })

  test('ANDs the facets together', () => {
    expect(ids(filterProducts(products, { colors: ['Navy'], sizes: ['M'] }))).toEqual([1])
    expect(ids(filterProducts(products, { colors: ['Black'], searchText: 'polo', categories: ['Polos'], brands: ['Port Authority'] }))).toEqual([1])
    expect(ids(filterProducts(products, { colors: ['Red'], sizes: ['S'] }))).toEqual([])
  })

  test('keeps the given order and does not change the input', () => {
    const input = [cap, polo]
    expect(filterProducts(input, { colors: ['navy'] })).toEqual([cap, polo])
    expect(input).toEqual([cap, polo])
  })
})

describe('sorting products', () => {
  test('by website sequence by default', () => {
    expect(ids(sortProducts(products, 'websiteSequence'))).toEqual([2, 3, 1])
    expect(ids(applyShopFilters(products, {}))).toEqual([2, 3, 1])
  })

  test('by price low to high and high to low', () => {
    expect(ids(sortProducts(products, 'price-asc'))).toEqual([3, 1, 2])
    expect(ids(sortProducts(products, 'price-desc'))).toEqual([2, 1, 3])
  })

  test('by name A–Z', () => {
    expect(ids(sortProducts(products, 'name-asc'))).toEqual([1, 2, 3])
  })

  test('filters then sorts', () => {
    expect(ids(applyShopFilters(products, { colors: ['Navy'], sort: 'price-asc' }))).toEqual([3, 1])
  })
})

describe('facets', () => {
  test('list the available values with product counts, sizes in size order', () => {
    const facets = facetsOf(products)
    expect(facets.sizes).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 2 },
      { value: 'L', count: 1 },
      { value: 'XL', count: 1 },
      { value: '2XL', count: 1 },
      { value: 'OSFA', count: 1 },
    ])
    expect(facets.colors).toEqual([
      { value: 'Black', count: 2 },
      { value: 'Navy', count: 2 },
      { value: 'Red', count: 1 },
    ])
    expect(facets.categories.map((f) => f.value)).toEqual(['Best Sellers', 'Caps', 'Outerwear', 'Polos'])
    expect(facets.logos).toEqual([
      { value: 'Full Back Wordmark', count: 1 },
      { value: 'Left Chest Crest', count: 1 },
      { value: 'Sleeve Flag', count: 1 },
    ])
    expect(facets.brands).toEqual([
      { value: 'Port Authority', count: 1 },
      { value: 'The North Face', count: 1 },
    ])
    expect(facets.priceRange).toEqual({ min: 9, max: 60 })
  })

  test('are empty for no products', () => {
    expect(facetsOf([])).toEqual({ categories: [], sizes: [], colors: [], logos: [], brands: [], priceRange: null })
  })

  test('count each facet over the products that match the other filters', () => {
    const black = facetsOf(products, { colors: ['Black'] })
    // The cap is navy only: its size and category drop out; the colours still count every product.
    expect(black.sizes).toEqual([
      { value: 'S', count: 1 },
      { value: 'M', count: 2 },
      { value: 'L', count: 1 },
      { value: 'XL', count: 1 },
      { value: '2XL', count: 1 },
    ])
    expect(black.categories.map((f) => [f.value, f.count])).toEqual([['Best Sellers', 1], ['Outerwear', 1], ['Polos', 1]])
    expect(black.colors).toEqual([
      { value: 'Black', count: 2 },
      { value: 'Navy', count: 2 },
      { value: 'Red', count: 1 },
    ])
    expect(black.priceRange).toEqual({ min: 18, max: 60 })
  })

  test('combine: black in size S leaves the polo, and each facet shows what ticking a value would give', () => {
    const facets = facetsOf(products, { colors: ['black'], sizes: ['S'] })
    expect(facets.colors).toEqual([
      { value: 'Black', count: 1 },
      { value: 'Navy', count: 1 },
    ])
    expect(facets.sizes.map((f) => f.value)).toEqual(['S', 'M', 'L', 'XL', '2XL'])
    expect(facets.categories).toEqual([{ value: 'Polos', count: 1 }])
    expect(facets.brands).toEqual([{ value: 'Port Authority', count: 1 }])
    expect(filterProducts(products, { colors: ['black'], sizes: ['S'] }).length).toBe(facets.categories[0]!.count)
  })

  test('follow the search and the price range', () => {
    expect(facetsOf(products, { searchText: 'polo' }).categories).toEqual([
      { value: 'Caps', count: 1 },
      { value: 'Polos', count: 1 },
    ])
    expect(facetsOf(products, { minPrice: 50 }).sizes.map((f) => f.value)).toEqual(['M', 'XL', '2XL'])
  })

  test('keep a chosen value no product has, at 0, so it can be unticked', () => {
    const facets = facetsOf(products, { colors: ['Green'] })
    expect(facets.colors).toEqual([
      { value: 'Black', count: 2 },
      { value: 'Green', count: 0 },
      { value: 'Navy', count: 2 },
      { value: 'Red', count: 1 },
    ])
    expect(facets.sizes).toEqual([])
    expect(facets.priceRange).toBeNull()
  })

  test('leave "Quantity" out of the sizes: it is how a piece-priced product fills its Size', () => {
    const mug = product({ id: 9, name: 'Camp Mug', sizes: ['Quantity'], colors: ['White'] })
    const facets = facetsOf([...products, mug], { sizes: ['Quantity'] })
    expect(facets.sizes.map((f) => f.value)).toEqual(['S', 'M', 'L', 'XL', '2XL', 'OSFA'])
    expect(facetsOf([mug]).sizes).toEqual([])
    expect(facetsOf([mug]).colors).toEqual([{ value: 'White', count: 1 }])
  })

  test('a card shows the product in its first colour among the chosen ones', () => {
    expect(shownColor(polo, ['black'])).toBe('Black')
    expect(shownColor(polo, ['Red', 'Black', 'Navy'])).toBe('Navy')
    expect(shownColor(cap, ['Black'])).toBeNull()
    expect(shownColor(polo, [])).toBeNull()
  })

  test('list Category first, then Size and Color', () => {
    expect(LIST_FACETS.slice(0, 3)).toEqual(['categories', 'sizes', 'colors'])
  })
})

describe('filters in the URL', () => {
  const filters: ShopFilters = {
    searchText: 'polo',
    sizes: ['M', 'L'],
    colors: ['Navy'],
    categories: ['Polos & Tees'],
    logos: ['Left Chest Crest'],
    brands: ['Port Authority'],
    minPrice: 10,
    maxPrice: 50,
    sort: 'price-asc',
  }

  test('serialize to readable parameters in a fixed order', () => {
    expect(serializeShopFilters(filters)).toBe(
      'q=polo&size=M&size=L&color=Navy&category=Polos+%26+Tees&logo=Left+Chest+Crest&brand=Port+Authority&min=10&max=50&sort=price-asc',
    )
    expect(serializeShopFilters(EMPTY_SHOP_FILTERS)).toBe('')
  })

  test('parse back to the same filters from URLSearchParams or a Next searchParams record', () => {
    expect(parseShopFilters(new URLSearchParams(serializeShopFilters(filters)))).toEqual(filters)
    expect(parseShopFilters({ q: 'polo', size: ['M', 'L'], color: 'Navy', category: 'Polos & Tees', logo: 'Left Chest Crest', brand: 'Port Authority', min: '10', max: '50', sort: 'price-asc' })).toEqual(filters)
  })

  test('ignore bad numbers, unknown sorts, blanks and duplicates', () => {
    const parsed = parseShopFilters(new URLSearchParams('min=abc&max=-5&sort=random&size=&size=M&size=m&color=%20&q=%20%20'))
    expect(parsed).toEqual({ ...EMPTY_SHOP_FILTERS, sizes: ['M'] })
    expect(parseShopFilters(new URLSearchParams('min=1e9&max=Infinity'))).toMatchObject({ minPrice: null, maxPrice: null })
    expect(parseShopFilters(new URLSearchParams('min=12.5'))).toMatchObject({ minPrice: 12.5 })
  })

  test('cap how many values and how long a value may be', () => {
    const params = new URLSearchParams()
    for (let i = 0; i < 80; i++) params.append('color', `Color ${i}`)
    params.append('brand', 'x'.repeat(500))
    const parsed = parseShopFilters(params)
    expect(parsed.colors).toHaveLength(50)
    expect(parsed.brands).toEqual([])
  })

  test('say whether anything narrows the list', () => {
    expect(hasActiveFilters(EMPTY_SHOP_FILTERS)).toBe(false)
    expect(hasActiveFilters({ ...EMPTY_SHOP_FILTERS, sort: 'name-asc' })).toBe(false)
    expect(hasActiveFilters({ ...EMPTY_SHOP_FILTERS, maxPrice: 10 })).toBe(true)
  })
})
