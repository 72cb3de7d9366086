import type { OrderListOptions } from '@/isomorphic/contract/admin-order-screens'
import {
  DEFAULT_ORDER_LIST_VIEW,
  ORDER_LIST_APPROVAL_STATES,
  ORDER_LIST_FULFILMENT_STATES,
  ORDER_LIST_PAGE_SIZES,
  ORDER_LIST_PAYMENT_STATES,
  ORDER_LIST_SEARCH_MAX,
  ORDER_LIST_STATES,
  ORDER_LIST_VIEW,
  type OrderListView,
  orderListViewToSearch,
} from '@/isomorphic/order-list-view'
import { ListDate, ListFilterForm, ListSelect, ListSortFields } from './list-filter-form'
import { APPROVAL_STATE_NAMES, FULFILMENT_STATE_NAMES, ORDER_STATE_NAMES, PAYMENT_STATE_NAMES } from './order-state-badges'

// The order list's filters and search (issue 15), on the lists' one filter form (list-filter-form.tsx).

const SORTS = [
  ['placed', 'Date placed'],
  ['total', 'Total'],
  ['reference', 'Reference'],
] as const
const DIRECTIONS = [
  ['desc', 'Newest / largest first'],
  ['asc', 'Oldest / smallest first'],
] as const

export function OrderListFilters({ view, options }: { view: OrderListView; options: OrderListOptions }) {
  return (
    <ListFilterForm
      list="orders"
      label="Orders"
      viewKey={orderListViewToSearch(view)}
      hidden={{ kind: view.kind !== DEFAULT_ORDER_LIST_VIEW.kind ? view.kind : null }}
      search={{ name: 'q', value: view.q, label: 'Search orders', placeholder: 'Search: S00042, email or name', maxLength: ORDER_LIST_SEARCH_MAX }}
      filtered={ORDER_LIST_VIEW.differs(view, ['sort', 'dir'])}
      clearHref="/admin/orders"
      columns="md:grid-cols-4 xl:grid-cols-5"
    >
      <ListSelect label="Order" name="state" value={view.state} choices={ORDER_LIST_STATES.map((state) => [state, ORDER_STATE_NAMES[state]])} />
      <ListSelect label="Payment" name="payment" value={view.paymentState} choices={ORDER_LIST_PAYMENT_STATES.map((state) => [state, PAYMENT_STATE_NAMES[state]])} />
      <ListSelect label="Approval" name="approval" value={view.approvalState} choices={ORDER_LIST_APPROVAL_STATES.map((state) => [state, APPROVAL_STATE_NAMES[state]])} />
      <ListSelect label="Fulfilment" name="fulfilment" value={view.fulfilmentState} choices={ORDER_LIST_FULFILMENT_STATES.map((state) => [state, FULFILMENT_STATE_NAMES[state]])} />
      <ListSelect label="Decoration partner" name="partner" value={view.decorationPartnerId} choices={options.decorationPartners.map((partner) => [partner.id, partner.name])} />
      {options.stores.length > 1 ? <ListSelect label="Store" name="store" value={view.websiteId} choices={options.stores.map((store) => [store.id, store.name])} /> : null}
      <ListDate label="Placed from" name="from" value={view.from} />
      <ListDate label="Placed to" name="to" value={view.to} />
      <ListSortFields sort={view.sort} dir={view.dir} pageSize={view.pageSize} sorts={SORTS} directions={DIRECTIONS} pageSizes={ORDER_LIST_PAGE_SIZES} />
    </ListFilterForm>
  )
}
