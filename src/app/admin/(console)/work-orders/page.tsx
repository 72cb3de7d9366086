import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { ListFilterForm, ListSelect } from '@/components/admin/list-filter-form'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { WorkOrderStateBadge } from '@/components/admin/work-order-state-badge'
import { listHref, WORK_ORDER_LIST_VIEW, type WorkOrderListView } from '@/isomorphic/console-list-views'
import { WORK_ORDER_STATE_NAMES, WORK_ORDER_STATES, type WorkOrderState } from '@/isomorphic/contract/admin-work-orders'
import { formatDate } from '@/isomorphic/format'
import { adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Work orders' }

const TABS: readonly (WorkOrderState | null)[] = [null, ...WORK_ORDER_STATES]

const hrefOf = (view: WorkOrderListView) => listHref('workOrders', view)

// The work orders the member may see (a decoration partner: its own), newest first, by state; the
// view is held in the URL (?state=&cursor=, console-list-views.ts).
export default async function WorkOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = WORK_ORDER_LIST_VIEW.parse(await searchParams)
  const { state, partner, cursor } = view
  const answer = await adminPageQueryOrRefusal('workOrders', { ...(state ? { state } : {}), ...(partner ? { decorationPartnerId: partner } : {}), ...(cursor ? { cursor } : {}) })
  const page = answer.data ?? { workOrders: [], nextCursor: null, previousCursor: null, partners: [] }

  return (
    <ConsolePage title="Work orders">
      <nav aria-label="Work order states" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap">
          {TABS.map((tab) => {
            const current = tab === state
            return (
              <li key={tab ?? 'all'}>
                <Link
                  href={hrefOf({ state: tab, partner, cursor: null })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-block rounded-full border px-3 py-1.5 text-sm font-medium ${current ? 'border-accent bg-accent text-white' : 'border-line bg-white text-ink hover:bg-soft'}`}
                >
                  {tab ? WORK_ORDER_STATE_NAMES[tab] : 'All'}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      {page.partners.length > 1 ? (
        <ListFilterForm
          list="workOrders"
          label="Work orders"
          viewKey={WORK_ORDER_LIST_VIEW.toSearch(view)}
          hidden={{ state }}
          filtered={partner !== null}
          clearHref={hrefOf({ state, partner: null, cursor: null })}
          columns="md:grid-cols-3"
        >
          <ListSelect label="Decoration partner" name="partner" value={partner} anyLabel="Every partner" choices={page.partners.map((entry) => [entry.id, entry.name] as const)} />
        </ListFilterForm>
      ) : null}

      {answer.refusal !== null ? (
        <ListRefusal message={answer.refusal} firstPageHref={hrefOf(WORK_ORDER_LIST_VIEW.firstPage(view))} />
      ) : page.workOrders.length === 0 ? (
        <p className="mt-4 rounded-card border border-line bg-white p-6 text-muted">
          {state ? `No work orders are ${WORK_ORDER_STATE_NAMES[state].toLowerCase()}${partner ? ' with this partner' : ''}.` : partner ? 'No work orders with this partner.' : 'No work orders yet.'}
        </p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {page.workOrders.map((workOrder) => (
            <li key={workOrder.id}>
              <Link href={`/admin/work-orders/${workOrder.id}`} className="block rounded-card border border-line bg-white p-4 hover:border-accent focus-visible:border-accent">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{workOrder.reference}</span>
                  <WorkOrderStateBadge state={workOrder.state} />
                </div>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                  <span>Order {workOrder.orderReference}</span>
                  <span>
                    {workOrder.pieces} {workOrder.pieces === 1 ? 'piece' : 'pieces'}
                  </span>
                  <span>{workOrder.decorationPartner.name}</span>
                  <span>{formatDate(new Date(workOrder.createdAt), 'long')}</span>
                </div>
                {workOrder.state === 'problem' && workOrder.problemMessage ? <p className="mt-2 text-sm text-danger">Problem: {workOrder.problemMessage}</p> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}

      <ListPager {...pagerLinks(page, (at) => hrefOf({ ...view, cursor: at }))} />
    </ConsolePage>
  )
}
