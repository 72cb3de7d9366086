import { defineListView, LIST_CURSOR_PATTERN, listField, listSearch } from './list-view'

// The console's product list view (issue 16): one store's products, filtered, searched, sorted and
// paged, held in the URL like the order list's view (order-list-view.ts), so a view can be shared,
// the back button works and the GET form works without JavaScript; declared with the lists' one
// codec (list-view.ts).

/** published / unpublished: not archived; archived: only archived ones; null (default): all but archived. */
export const PRODUCT_LIST_STATUSES = ['published', 'unpublished', 'archived'] as const
/** shop: the shop's order (websiteSequence, what drag-to-reorder changes); updated: last saved. */
export const PRODUCT_LIST_SORTS = ['shop', 'name', 'price', 'updated'] as const
export const PRODUCT_LIST_DIRECTIONS = ['asc', 'desc'] as const
export const PRODUCT_LIST_PAGE_SIZES = [25, 50, 100] as const
export const PRODUCT_LIST_SEARCH_MAX = 100
export const PRODUCT_LIST_CURSOR_PATTERN = LIST_CURSOR_PATTERN

export type ProductListStatus = (typeof PRODUCT_LIST_STATUSES)[number]
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number]
export type ProductListDirection = (typeof PRODUCT_LIST_DIRECTIONS)[number]
export type ProductListPageSize = (typeof PRODUCT_LIST_PAGE_SIZES)[number]

export type ProductListView = {
  /** The store; null: the page picks the member's first store. */
  websiteId: number | null
  status: ProductListStatus | null
  categoryId: number | null
  brandId: number | null
  /** The beginning of a name or of a style code (SKU), any case. */
  q: string | null
  sort: ProductListSort
  dir: ProductListDirection
  pageSize: ProductListPageSize
  cursor: string | null
}

/** The view's fields: the URL's parameter of each, in the order they are written (list-view.ts). */
export const PRODUCT_LIST_VIEW = defineListView<ProductListView>({
  websiteId: listField.id('store'),
  status: listField.enum('status', PRODUCT_LIST_STATUSES),
  categoryId: listField.id('category'),
  brandId: listField.id('brand'),
  q: listField.search('q', PRODUCT_LIST_SEARCH_MAX),
  sort: listField.enumOr('sort', PRODUCT_LIST_SORTS, 'shop'),
  dir: listField.enumOr('dir', PRODUCT_LIST_DIRECTIONS, 'asc'),
  pageSize: listField.pageSize('size', PRODUCT_LIST_PAGE_SIZES, 50),
  cursor: listField.cursor(),
})

export const DEFAULT_PRODUCT_LIST_VIEW: ProductListView = PRODUCT_LIST_VIEW.defaults

/** The search as the list uses it: trimmed, inner runs of spaces made one, at most PRODUCT_LIST_SEARCH_MAX characters; null when empty. */
export const productListSearch = (raw: string | null | undefined): string | null => listSearch(raw, PRODUCT_LIST_SEARCH_MAX)

/** The view a URL's search params describe; a value that is not one of the view's is dropped. */
export const parseProductListView = (params: URLSearchParams): ProductListView => PRODUCT_LIST_VIEW.parse(params)

/** The search string of a view ('' for the default view); defaults are left out. */
export const productListViewToSearch = (view: ProductListView): string => PRODUCT_LIST_VIEW.toSearch(view)

/** The same view on its first page: what a link changing a filter, the search or the sort starts from. */
export const firstProductPageOf = (view: ProductListView, change: Partial<Omit<ProductListView, 'cursor'>> = {}): ProductListView => PRODUCT_LIST_VIEW.firstPage(view, change)

/** Drag-to-reorder and move up/down only make sense in the shop's own order, unfiltered by search. */
export function canReorder(view: ProductListView): boolean {
  return view.sort === 'shop' && view.dir === 'asc' && view.q === null
}
