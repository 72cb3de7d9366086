import { describe, expect, test } from 'vitest'
import demoStore from '../../data/demo-store.json'
import { applyShopFilters, facetsOf, filterProducts, prepareShopSearch, searchShop, shownColor } from './catalog-search'
import type { ProductListItem } from './catalog-types'

// Issue 27, "search that forgives": what shoppers type, against the demo store's real catalog
// (data/demo-store.json) as the shop's product index lists it.

type DemoFile = {
  categories: { slug: string; name: string }[]
  products: { name: string; templateSkuCode: string; brand?: string; categories?: string[]; colors?: string[]; sizes?: string[]; websiteSequence?: number; published?: boolean }[]
}

const demo = demoStore as DemoFile
const categoryName = new Map(demo.categories.map((category) => [category.slug, category.name]))
let nextId = 1
const catalog: ProductListItem[] = demo.products
  .filter((product) => product.published !== false)
  .map((product, position) => {
    const id = position + 1
    return {
      id,
      name: product.name,
      slug: `product-${id}`,
      templateSkuCode: product.templateSkuCode,
      price: 20,
      maxPrice: 20,
      attributeValues: [
        ...(product.colors ?? []).map((name) => ({ id: nextId++, name, attribute: { name: 'Color' as const } })),
        ...(product.sizes ?? []).map((name) => ({ id: nextId++, name, attribute: { name: 'Size' as const } })),
      ],
      categories: (product.categories ?? []).map((slug, index) => ({ id: index + 1, name: categoryName.get(slug) ?? slug })),
      drBrandId: product.brand ? { id: 1, name: product.brand } : null,
      productVariants: [],
      image: null,
      colorImages: [],
      websiteSequence: product.websiteSequence ?? id,
    }
  })

const names = (searchText: string) => applyShopFilters(catalog, { searchText }).map((product) => product.name)
const colorsOf = (name: string) => catalog.find((product) => product.name === name)!.attributeValues.filter((v) => v.attribute.name === 'Color').map((v) => v.name)

describe('the shop search forgives what shoppers type', () => {
  test('"pique" finds the Piqué polos: accents do not count', () => {
    expect(names('pique')).toEqual(['Classic Piqué Polo', "Women's Classic Piqué Polo"])
    expect(names('PIQUÉ')).toEqual(names('pique'))
  })

  test('"polos" finds every polo, as "polo" does', () => {
    const polos = names('polos')
    expect(polos).toEqual(expect.arrayContaining(['Classic Piqué Polo', 'Snag-Resistant Performance Polo', 'Pima Cotton Polo', 'Heathered Jersey Polo']))
    expect(polos.length).toBe(6)
    for (const name of polos) expect(name).toMatch(/Polo/)
    expect(new Set(names('polo'))).toEqual(new Set(polos))
  })

  test('"hoodies" finds the hoodies first, then the rest of Hoodies & Sweatshirts', () => {
    const found = names('hoodies')
    const hoodies = ['Midweight Pullover Hoodie', 'Full-Zip Hoodie', 'Sherpa-Lined Zip Hoodie', 'Hi-Vis Pullover Hoodie']
    expect(found).toEqual(expect.arrayContaining([...hoodies, 'Crewneck Sweatshirt', 'Quarter-Zip Pullover']))
    // A hoodie, and a sweatshirt (its synonym), by name first; then what only its category names.
    const byName = found.slice(0, hoodies.length + 1)
    expect(new Set(byName)).toEqual(new Set([...hoodies, 'Crewneck Sweatshirt']))
    expect(found.indexOf('Quarter-Zip Pullover')).toBeGreaterThan(found.indexOf('Crewneck Sweatshirt'))
    expect(new Set(names('hoodie'))).toEqual(new Set(found))
  })

  test('"sweatshirt" finds the hoodies too, and "sweat shirt" the same', () => {
    expect(names('sweatshirt')).toEqual(expect.arrayContaining(['Crewneck Sweatshirt', 'Full-Zip Hoodie']))
    expect(new Set(names('sweat shirt'))).toEqual(new Set(names('sweatshirt')))
  })

  test('"navy polo" finds the polos that come in navy, and no polo without it', () => {
    const found = names('navy polo')
    expect(found.length).toBeGreaterThan(0)
    for (const name of found) {
      expect(name).toMatch(/Polo/)
      expect(colorsOf(name)).toContain('True Navy')
    }
    expect(found).not.toContain('Heathered Jersey Polo')
    expect(found).toEqual(expect.arrayContaining(['Classic Piqué Polo', 'Pima Cotton Polo', 'Tall Performance Polo']))
    // Word order does not matter.
    expect(names('polo navy')).toEqual(found)
  })

  test('"t-shirt", "t shirt", "tshirts" and "tee" find the tees, named tees first', () => {
    const tees = names('tee')
    expect(tees).toEqual(expect.arrayContaining(['Essential Crew Tee', 'Hi-Vis Short Sleeve Tee', 'Long Sleeve Field Tee']))
    for (const query of ['t-shirt', 't shirt', 'T-Shirts', 'tshirts', 'tees']) expect(new Set(names(query)), query).toEqual(new Set(tees))
    // The sun shirt is in T-Shirts without "Tee" in its name: after the named tees.
    expect(tees.at(-1)).toBe('UPF 50 Sun Shirt')
  })

  test('"hi vis", "hi-vis", "hivis" and "high visibility" find the Hi-Vis range, safety vests included', () => {
    const hiVis = names('hi vis')
    expect(hiVis).toEqual(
      expect.arrayContaining(['Hi-Vis Short Sleeve Tee', 'Hi-Vis Trucker Cap', 'Hi-Vis Beanie', 'Hi-Vis Pullover Hoodie', 'ANSI Class 2 Safety Vest', 'Surveyor Safety Vest']),
    )
    // Named Hi-Vis first, then the rest of the Safety & Hi-Vis category.
    expect(hiVis.slice(0, 6).every((name) => name.startsWith('Hi-Vis'))).toBe(true)
    for (const query of ['hi-vis', 'hivis', 'High Visibility', 'hi viz']) expect(new Set(names(query)), query).toEqual(new Set(hiVis))
  })

  test('the spec’s rule still holds: any case-insensitive substring of a name or SKU matches, and comes first', () => {
    expect(names('WEIGHT PULL')).toEqual(['Midweight Pullover Hoodie'])
    expect(names('hp54')).toEqual(['Classic Piqué Polo', "Women's Classic Piqué Polo"])
    expect(names('e-Weave')).toEqual(['Heavyweight Reverse-Weave Crewneck'])
    expect(names('cap')).toEqual(['Structured Twill Cap', 'Mesh-Back Trucker Cap', 'Hi-Vis Trucker Cap', 'Performance Flex Cap', 'Unstructured Dad Cap'])
  })

  test('common synonyms of the trade: a hat is a cap, gray is grey', () => {
    expect(names('hats')).toEqual(names('cap'))
    expect(names('gray')).toEqual(names('grey'))
  })

  test('words are matched as they are typed: a word being typed finds the words it begins', () => {
    expect(names('navy hood')).toEqual(expect.arrayContaining(['Midweight Pullover Hoodie', 'Full-Zip Hoodie']))
    expect(names('soft shell j')).toEqual(['Soft Shell Jacket', "Women's Soft Shell Jacket", 'Tall Soft Shell Jacket', 'Hi-Vis Soft Shell Jacket'])
  })

  test('words match across the name, colour, category and brand', () => {
    expect(names('harbor quarter zip')).toEqual(['Quarter-Zip Pullover', "Women's Quarter-Zip", 'Tech Fleece Quarter-Zip'])
    expect(names('womens polo')).toEqual(["Women's Classic Piqué Polo"])
    expect(names('gray beanie')).toEqual(['Fleece-Lined Beanie'])
  })

  test('a colour the search names is the colour the cards show, unless colours are filtered', () => {
    const product = (name: string) => catalog.find((entry) => entry.name === name)!
    expect(shownColor(product('Classic Piqué Polo'), [], 'navy polo')).toBe('True Navy')
    expect(shownColor(product('Fleece-Lined Beanie'), [], 'gray beanie')).toBe('Heather Grey')
    expect(shownColor(product('Hi-Vis Beanie'), [], 'safety yellow')).toBe('Safety Yellow')
    expect(shownColor(product('Classic Piqué Polo'), [], 'polo')).toBeNull()
    // A word being typed names no colour before its third letter.
    expect(shownColor(product('Classic Piqué Polo'), [], 'polo tr')).toBeNull()
    expect(shownColor(product('Classic Piqué Polo'), ['Black'], 'navy polo')).toBe('Black')
  })

  test('an explicit order wins over relevance', () => {
    const byName = applyShopFilters(catalog, { searchText: 'hoodies', sort: 'name-asc' }).map((product) => product.name)
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)))
  })

  test('the facets count what the search finds', () => {
    const found = filterProducts(catalog, { searchText: 'navy polo' })
    const polos = facetsOf(catalog, { searchText: 'navy polo' }).categories.find((entry) => entry.value === 'Polos')
    expect(polos?.count).toBe(found.length)
  })
})

describe('a search that finds nothing offers the nearest one', () => {
  test('a misspelling shows "Did you mean" with the products of the word meant', () => {
    const answer = searchShop(catalog, { searchText: 'hoodei' })
    expect(answer.didYouMean).toBe('hoodie')
    expect(answer.products.map((product) => product.name)).toEqual(names('hoodie'))
  })

  test('each unknown word of several is corrected, the known ones kept', () => {
    expect(searchShop(catalog, { searchText: 'navy jaket' }).didYouMean).toBe('navy jacket')
    expect(searchShop(catalog, { searchText: 'piqe' }).didYouMean).toBe('piqué')
    expect(searchShop(catalog, { searchText: 'beenie' }).didYouMean).toBe('beanie')
  })

  test('the other filters stay: the nearest search is looked for among what they keep', () => {
    const answer = searchShop(catalog, { searchText: 'beenie', colors: ['Olive'] })
    expect(answer.didYouMean).toBe('beanie')
    expect(answer.products.map((product) => product.name)).toEqual(['Fleece-Lined Beanie'])
  })

  test('nothing is offered when the search finds something, or nothing is near, or the words are known but never together', () => {
    expect(searchShop(catalog, { searchText: 'hoodie' }).didYouMean).toBeNull()
    expect(searchShop(catalog, { searchText: 'zzzzqqq' })).toEqual({ products: [], didYouMean: null })
    expect(searchShop(catalog, { searchText: 'safety yellow polo' })).toEqual({ products: [], didYouMean: null })
  })
})

describe('preparing the search ahead of the first keystroke', () => {
  test('goes a slice at a time while there is time, and then searches as an unprepared list does', () => {
    const copy = catalog.map((product) => ({ ...product }))
    let slices = 1
    while (!prepareShopSearch(copy, () => false)) slices += 1
    // 32 products a slice.
    expect(slices).toBe(Math.ceil(copy.length / 32))
    expect(prepareShopSearch(copy, () => false)).toBe(true)
    for (const searchText of ['navy polo', 'hoodei', 'hi vis']) {
      const prepared = searchShop(copy, { searchText })
      expect(prepared.products.map((product) => product.name)).toEqual(searchShop(catalog, { searchText }).products.map((product) => product.name))
    }
  })
})
