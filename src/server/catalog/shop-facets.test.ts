import { beforeAll, describe, expect, test } from 'vitest'
import { facetsOf, filterProducts, LIST_FACETS, type ShopFilters } from '@/isomorphic/catalog-search'
import type { ProductListItem } from '@/isomorphic/catalog-types'
import { createProduct } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { countQueries } from '../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { listProducts } from './catalog-service'

// Issue 17: the shop's filters count over the catalog list the browser holds (getProductList), so
// combining filters costs no request; the list carries each colour's picture for the cards.

describe.each(testDatabaseKinds())('shop facets over the listed catalog on %s', (kind) => {
  useTestDatabase(kind)
  let websiteId: number
  let list: ProductListItem[]
  let queries: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    await createProduct({
      websiteId,
      name: 'Essential Crew Tee',
      websiteSequence: 10,
      colors: ['True Navy', 'Black'],
      sizes: ['XS', 'S', 'M', 'L', 'XL', 'LGT', '2XLT'],
      categories: ['Tees'],
      images: [
        { path: 'products/tee', name: 'navy.png', color: 'True Navy', sequence: 1 },
        { path: 'products/tee', name: 'black-front.png', color: 'Black', sequence: 2 },
        { path: 'products/tee', name: 'black-back.png', color: 'Black', sequence: 3 },
      ],
    })
    await createProduct({ websiteId, name: 'Fleece Hoodie', websiteSequence: 20, colors: ['Black', 'Heather Grey'], sizes: ['M', 'L', '2XL'], categories: ['Hoodies'] })
    await createProduct({ websiteId, name: 'Camp Mug', websiteSequence: 30, colors: ['White'], sizes: ['Quantity'], categories: ['Drinkware'] })
    await createProduct({ websiteId, name: 'Twill Cap', websiteSequence: 40, colors: ['True Navy', 'Black'], sizes: ['OSFA'], categories: ['Caps', 'Tees'] })
    ;({ result: list, queries } = await countQueries(() => listProducts({ websiteId })))
  })

  test('the list gives each colour its first picture, in no more queries than before', () => {
    expect(queries).toBeLessThanOrEqual(6)
    const tee = list.find((product) => product.name === 'Essential Crew Tee')!
    const idOf = (name: string) => tee.attributeValues.find((value) => value.name === name)!.id
    expect(tee.image).toMatchObject({ name: 'navy.png' })
    expect(tee.colorImages).toHaveLength(2)
    expect(tee.colorImages).toEqual(
      expect.arrayContaining([
        { colorValueId: idOf('True Navy'), path: 'products/tee', name: 'navy.png' },
        { colorValueId: idOf('Black'), path: 'products/tee', name: 'black-front.png' },
      ]),
    )
    expect(list.find((product) => product.name === 'Fleece Hoodie')!.colorImages).toEqual([])
  })

  test('unfiltered, sizes are the catalog’s real sizes in the spec’s order, with counts and without "Quantity"', () => {
    expect(facetsOf(list).sizes).toEqual([
      { value: 'XS', count: 1 },
      { value: 'S', count: 1 },
      { value: 'M', count: 2 },
      { value: 'L', count: 2 },
      { value: 'XL', count: 1 },
      { value: '2XL', count: 1 },
      { value: 'OSFA', count: 1 },
      { value: 'LGT', count: 1 },
      { value: '2XLT', count: 1 },
    ])
  })

  test('under combined filters every count is what ticking that value would show', () => {
    const combinations: Partial<ShopFilters>[] = [
      { colors: ['Black'] },
      { colors: ['Black'], categories: ['Tees'] },
      { colors: ['Black'], sizes: ['M'] },
      { categories: ['Tees'], sizes: ['OSFA', 'XS'], searchText: 'e' },
      { colors: ['White', 'Heather Grey'], maxPrice: 100 },
    ]
    for (const filters of combinations) {
      const facets = facetsOf(list, filters)
      for (const facet of LIST_FACETS) {
        for (const { value, count } of facets[facet]) {
          const chosen = filters[facet] ?? []
          // A value's count: the products matching the other filters that have it.
          expect(count, `${facet} ${value} under ${JSON.stringify(filters)}`).toBe(filterProducts(list, { ...filters, [facet]: [value] }).length)
          if (count === 0) expect(chosen.map((entry) => entry.toLowerCase())).toContain(value.toLowerCase())
        }
      }
    }
  })

  test('Black and Tees leave the tee and the cap; sizes show only theirs', () => {
    const facets = facetsOf(list, { colors: ['Black'], categories: ['Tees'] })
    expect(filterProducts(list, { colors: ['Black'], categories: ['Tees'] }).map((product) => product.name)).toEqual(['Essential Crew Tee', 'Twill Cap'])
    expect(facets.sizes.map((size) => size.value)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'OSFA', 'LGT', '2XLT'])
    expect(facets.categories).toEqual([
      { value: 'Caps', count: 1 },
      { value: 'Hoodies', count: 1 },
      { value: 'Tees', count: 2 },
    ])
    expect(facets.colors).toEqual([
      { value: 'Black', count: 2 },
      { value: 'True Navy', count: 2 },
    ])
  })
})
