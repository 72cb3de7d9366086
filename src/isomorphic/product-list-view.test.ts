import { describe, expect, test } from 'vitest'
import { canReorder, DEFAULT_PRODUCT_LIST_VIEW, firstProductPageOf, parseProductListView, productListViewToSearch } from './product-list-view'

describe('the product list view in the URL', () => {
  test('the default view is an empty search string, and a view reads back the same', () => {
    expect(productListViewToSearch(DEFAULT_PRODUCT_LIST_VIEW)).toBe('')
    const view = parseProductListView(new URLSearchParams('store=3&status=archived&category=7&brand=2&q=  field   tee &sort=price&dir=desc&size=25&cursor=abc_-1'))
    expect(view).toEqual({ websiteId: 3, status: 'archived', categoryId: 7, brandId: 2, q: 'field tee', sort: 'price', dir: 'desc', pageSize: 25, cursor: 'abc_-1' })
    expect(parseProductListView(new URLSearchParams(productListViewToSearch(view)))).toEqual(view)
  })

  test('values it does not know are dropped for the defaults, never thrown', () => {
    expect(parseProductListView(new URLSearchParams('store=x&status=deleted&category=-1&sort=random&size=7&cursor=%3Cscript%3E'))).toEqual(DEFAULT_PRODUCT_LIST_VIEW)
  })

  test('a changed filter starts from the first page; only the shop order, unsearched, can be reordered', () => {
    const paged = { ...DEFAULT_PRODUCT_LIST_VIEW, cursor: 'abc' }
    expect(firstProductPageOf(paged, { status: 'published' })).toMatchObject({ status: 'published', cursor: null })
    expect(canReorder(DEFAULT_PRODUCT_LIST_VIEW)).toBe(true)
    expect(canReorder({ ...DEFAULT_PRODUCT_LIST_VIEW, sort: 'name' })).toBe(false)
    expect(canReorder({ ...DEFAULT_PRODUCT_LIST_VIEW, q: 'tee' })).toBe(false)
  })
})
