import { CUSTOMER_LIST_PAGE_SIZES, CUSTOMER_LIST_SEARCH_MAX, CUSTOMER_STATUSES, YES_NO } from './contract/admin-customers'
import { defineListView, listField, listSearch } from './list-view'

// The console's customer list view (issue 16): store, filters, search, page size and cursor held in
// the URL, like the order list's, declared with the lists' one codec (list-view.ts).

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

/** The view's fields: the URL's parameter of each, in the order they are written (list-view.ts). */
export const CUSTOMER_LIST_VIEW = defineListView<CustomerListView>({
  websiteId: listField.id('store'),
  status: listField.enum('status', CUSTOMER_STATUSES),
  group: listField.idOr('group', ['none']),
  approver: listField.enum('approver', YES_NO),
  allowance: listField.enum('allowance', YES_NO),
  q: listField.search('q', CUSTOMER_LIST_SEARCH_MAX),
  pageSize: listField.pageSize('size', CUSTOMER_LIST_PAGE_SIZES, 25),
  cursor: listField.cursor(),
})

export const DEFAULT_CUSTOMER_LIST_VIEW: CustomerListView = CUSTOMER_LIST_VIEW.defaults

export const customerListSearch = (raw: string | null | undefined): string | null => listSearch(raw, CUSTOMER_LIST_SEARCH_MAX)

export const parseCustomerListView = (params: URLSearchParams): CustomerListView => CUSTOMER_LIST_VIEW.parse(params)

export const customerListViewToSearch = (view: CustomerListView): string => CUSTOMER_LIST_VIEW.toSearch(view)

export const customerListHref = (view: CustomerListView) => `/admin/customers${customerListViewToSearch(view)}`

/** The same view on its first page. */
export const firstCustomerPage = (view: CustomerListView, change: Partial<Omit<CustomerListView, 'cursor'>> = {}): CustomerListView => CUSTOMER_LIST_VIEW.firstPage(view, change)
