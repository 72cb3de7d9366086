import { WEBHOOK_DELIVERY_STATES } from './contract/admin-webhooks'
import { WORK_ORDER_STATES, type WorkOrderState } from './contract/admin-work-orders'
import { CUSTOMER_LIST_VIEW } from './customer-list-view'
import { defineListView, listField, type ListViewCodec } from './list-view'
import { ORDER_LIST_VIEW } from './order-list-view'
import { PRODUCT_LIST_VIEW } from './product-list-view'

// The views of the console's other lists, declared with the one codec (list-view.ts) as the order,
// product and customer lists' are, and every list's page address: the filter form and the pager
// (src/components/admin/list-filter-form.tsx, list-pager.tsx) write a view's URL with them.

/** The audit log: newest first, 50 a page; the core checks each filter again (the reference's form too). */
export type AuditListView = {
  websiteId: number | null
  staffId: number | null
  reference: string | null
  actionPrefix: string | null
  entityType: string | null
  entityId: string | null
  from: string | null
  to: string | null
  cursor: string | null
}

export const AUDIT_LIST_VIEW = defineListView<AuditListView>({
  websiteId: listField.id('websiteId'),
  staffId: listField.id('staffId'),
  reference: listField.search('reference', 100),
  actionPrefix: listField.search('actionPrefix', 100),
  entityType: listField.search('entityType', 100),
  entityId: listField.search('entityId', 100),
  from: listField.date('from'),
  to: listField.date('to'),
  cursor: listField.cursor(),
})

/** Work orders, newest first, by state (the page's tabs). */
export type WorkOrderListView = { state: WorkOrderState | null; partner: number | null; cursor: string | null }

export const WORK_ORDER_LIST_VIEW = defineListView<WorkOrderListView>({
  state: listField.enum('state', WORK_ORDER_STATES),
  partner: listField.id('partner'),
  cursor: listField.cursor(),
})

/** A store's webhooks page: the endpoint whose deliveries show (newest first), by state. */
export type WebhookDeliveryListView = { websiteId: number | null; endpointId: number | null; state: (typeof WEBHOOK_DELIVERY_STATES)[number] | null; cursor: string | null }

export const WEBHOOK_DELIVERY_LIST_VIEW = defineListView<WebhookDeliveryListView>({
  websiteId: listField.id('store'),
  endpointId: listField.id('endpoint'),
  state: listField.enum('state', WEBHOOK_DELIVERY_STATES),
  cursor: listField.cursor(),
})

/** The install's stores, by id. */
export type StoreListView = { cursor: string | null }

export const STORE_LIST_VIEW = defineListView<StoreListView>({ cursor: listField.cursor() })

/** Every console list: its page and its view. */
export const CONSOLE_LISTS = {
  orders: { path: '/admin/orders', view: ORDER_LIST_VIEW },
  products: { path: '/admin/products', view: PRODUCT_LIST_VIEW },
  customers: { path: '/admin/customers', view: CUSTOMER_LIST_VIEW },
  audit: { path: '/admin/audit', view: AUDIT_LIST_VIEW },
  workOrders: { path: '/admin/work-orders', view: WORK_ORDER_LIST_VIEW },
  webhookDeliveries: { path: '/admin/webhooks', view: WEBHOOK_DELIVERY_LIST_VIEW },
  stores: { path: '/admin/stores', view: STORE_LIST_VIEW },
} as const

export type ConsoleListName = keyof typeof CONSOLE_LISTS
type ViewOf<L extends ConsoleListName> = (typeof CONSOLE_LISTS)[L]['view'] extends ListViewCodec<infer V> ? V : never

/** The address of a list's view. */
export function listHref<L extends ConsoleListName>(list: L, view: ViewOf<L>): string {
  const { path, view: codec } = CONSOLE_LISTS[list] as { path: string; view: ListViewCodec<ViewOf<L>> }
  return `${path}${codec.toSearch(view)}`
}

/** The address a filter form's fields make: the view they describe, on its first page, its defaults left out. */
export function filteredListHref(list: ConsoleListName, params: URLSearchParams): string {
  const { path, view } = CONSOLE_LISTS[list] as { path: string; view: ListViewCodec<Record<string, unknown>> }
  return `${path}${view.toSearch(view.firstPage(view.parse(params)))}`
}
