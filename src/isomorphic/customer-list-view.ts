import { CUSTOMER_LIST_CURSOR_PATTERN, CUSTOMER_LIST_PAGE_SIZES, CUSTOMER_LIST_SEARCH_MAX, CUSTOMER_STATUSES, YES_NO } from './contract/admin-customers'

// The console's customer list view (issue 16): store, filters, search, page size and cursor held in
// the URL, like the order list's (order-list-view.ts). A pure codec: a value it does not know is
// dropped and the default kept, never thrown; a parsed view written back reads the same.

export type CustomerListView = {
  websiteId: number | null
  status: (typeof CUSTOMER_STATUSES)[number] | null
  group: number | 'none' | null
  approver: (typeof YES_NO)[number] | null
  allowance: (typeof YES_NO)[number] | null
  q: string | null
  pageSize: (typeof CUSTOMER_LIST_PAGE_SIZES)[number]
  cursor: string | null
}

export const DEFAULT_CUSTOMER_LIST_VIEW: CustomerListView = { websiteId: null, status: null, group: null, approver: null, allowance: null, q: null, pageSize: 25, cursor: null }

const PARAMS = { websiteId: 'store', status: 'status', group: 'group', approver: 'approver', allowance: 'allowance', q: 'q', pageSize: 'size', cursor: 'cursor' } as const satisfies Record<keyof CustomerListView, string>

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | null {
  if (raw === null) return null
  return values.find((value) => String(value) === raw) ?? null
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const value = Number(raw)
  return value <= 2_147_483_647 ? value : null
}

export function customerListSearch(raw: string | null | undefined): string | null {
  if (!raw) return null
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, CUSTOMER_LIST_SEARCH_MAX).trim()
  return text === '' ? null : text
}

export function parseCustomerListView(params: URLSearchParams): CustomerListView {
  const read = (field: keyof CustomerListView) => params.get(PARAMS[field])
  const group = read('group')
  const cursor = read('cursor')
  return {
    websiteId: positiveId(read('websiteId')),
    status: oneOf(CUSTOMER_STATUSES, read('status')),
    group: group === 'none' ? 'none' : positiveId(group),
    approver: oneOf(YES_NO, read('approver')),
    allowance: oneOf(YES_NO, read('allowance')),
    q: customerListSearch(read('q')),
    pageSize: oneOf(CUSTOMER_LIST_PAGE_SIZES, read('pageSize')) ?? DEFAULT_CUSTOMER_LIST_VIEW.pageSize,
    cursor: cursor !== null && CUSTOMER_LIST_CURSOR_PATTERN.test(cursor) ? cursor : null,
  }
}

export function customerListViewToSearch(view: CustomerListView): string {
  const params = new URLSearchParams()
  for (const field of Object.keys(PARAMS) as (keyof CustomerListView)[]) {
    const value = view[field]
    if (value === null || value === DEFAULT_CUSTOMER_LIST_VIEW[field]) continue
    params.set(PARAMS[field], String(value))
  }
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}

export const customerListHref = (view: CustomerListView) => `/admin/customers${customerListViewToSearch(view)}`

/** The same view on its first page. */
export function firstCustomerPage(view: CustomerListView, change: Partial<Omit<CustomerListView, 'cursor'>> = {}): CustomerListView {
  return { ...view, ...change, cursor: null }
}
