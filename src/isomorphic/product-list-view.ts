// The console's product list view (issue 16): one store's products, filtered, searched, sorted and
// paged, held in the URL like the order list's view (order-list-view.ts), so a view can be shared,
// the back button works and the GET form works without JavaScript. A pure codec: a value it does
// not know is dropped and the default kept, never thrown; a parsed view written back reads the same.

/** published / unpublished: not archived; archived: only archived ones; null (default): all but archived. */
export const PRODUCT_LIST_STATUSES = ['published', 'unpublished', 'archived'] as const
/** shop: the shop's order (websiteSequence, what drag-to-reorder changes); updated: last saved. */
export const PRODUCT_LIST_SORTS = ['shop', 'name', 'price', 'updated'] as const
export const PRODUCT_LIST_DIRECTIONS = ['asc', 'desc'] as const
export const PRODUCT_LIST_PAGE_SIZES = [25, 50, 100] as const
export const PRODUCT_LIST_SEARCH_MAX = 100
export const PRODUCT_LIST_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/

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

export const DEFAULT_PRODUCT_LIST_VIEW: ProductListView = {
  websiteId: null,
  status: null,
  categoryId: null,
  brandId: null,
  q: null,
  sort: 'shop',
  dir: 'asc',
  pageSize: 50,
  cursor: null,
}

/** The URL's parameter for each field, in the order they are written. */
const PARAMS = {
  websiteId: 'store',
  status: 'status',
  categoryId: 'category',
  brandId: 'brand',
  q: 'q',
  sort: 'sort',
  dir: 'dir',
  pageSize: 'size',
  cursor: 'cursor',
} as const satisfies Record<keyof ProductListView, string>

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | null {
  if (raw === null) return null
  return values.find((value) => String(value) === raw) ?? null
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const value = Number(raw)
  return value <= 2_147_483_647 ? value : null
}

/** The search as the list uses it: trimmed, inner runs of spaces made one, at most PRODUCT_LIST_SEARCH_MAX characters; null when empty. */
export function productListSearch(raw: string | null | undefined): string | null {
  if (!raw) return null
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, PRODUCT_LIST_SEARCH_MAX).trim()
  return text === '' ? null : text
}

/** The view a URL's search params describe; a value that is not one of the view's is dropped. */
export function parseProductListView(params: URLSearchParams): ProductListView {
  const read = (field: keyof ProductListView) => params.get(PARAMS[field])
  const cursor = read('cursor')
  return {
    websiteId: positiveId(read('websiteId')),
    status: oneOf(PRODUCT_LIST_STATUSES, read('status')),
    categoryId: positiveId(read('categoryId')),
    brandId: positiveId(read('brandId')),
    q: productListSearch(read('q')),
    sort: oneOf(PRODUCT_LIST_SORTS, read('sort')) ?? DEFAULT_PRODUCT_LIST_VIEW.sort,
    dir: oneOf(PRODUCT_LIST_DIRECTIONS, read('dir')) ?? DEFAULT_PRODUCT_LIST_VIEW.dir,
    pageSize: oneOf(PRODUCT_LIST_PAGE_SIZES, read('pageSize')) ?? DEFAULT_PRODUCT_LIST_VIEW.pageSize,
    cursor: cursor !== null && PRODUCT_LIST_CURSOR_PATTERN.test(cursor) ? cursor : null,
  }
}

/** The search string of a view ('' for the default view); defaults are left out. */
export function productListViewToSearch(view: ProductListView): string {
  const params = new URLSearchParams()
  for (const field of Object.keys(PARAMS) as (keyof ProductListView)[]) {
    const value = view[field]
    if (value === null || value === DEFAULT_PRODUCT_LIST_VIEW[field]) continue
    params.set(PARAMS[field], String(value))
  }
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}

/** The same view on its first page: what a link changing a filter, the search or the sort starts from. */
export function firstProductPageOf(view: ProductListView, change: Partial<Omit<ProductListView, 'cursor'>> = {}): ProductListView {
  return { ...view, ...change, cursor: null }
}

/** Drag-to-reorder and move up/down only make sense in the shop's own order, unfiltered by search. */
export function canReorder(view: ProductListView): boolean {
  return view.sort === 'shop' && view.dir === 'asc' && view.q === null
}
