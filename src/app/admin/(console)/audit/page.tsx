import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { ListDate, ListFilterForm, ListSelect, ListText } from '@/components/admin/list-filter-form'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import type { AdminQueryValues } from '@/isomorphic/contract/admin'
import { type AuditListView, AUDIT_LIST_VIEW, listHref } from '@/isomorphic/console-list-views'
import type { RawSearchParams } from '@/isomorphic/list-view'
import { AUDIT_REFERENCE, type AuditPage as AuditPageData, type AuditRow } from '@/isomorphic/contract/admin-staff'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Audit log' }

const hrefOf = (view: AuditListView) => listHref('audit', view)

/** The audit query's filters from the page's view: 50 a page. */
function filtersOf(view: AuditListView): AdminQueryValues['auditLog'] {
  const filters: AdminQueryValues['auditLog'] = { limit: 50 }
  for (const [name, value] of Object.entries(view)) if (value !== null) Object.assign(filters, { [name]: value })
  return filters
}

/** The page of the entity a row is about, where the console has one by its id. */
const ENTITY_PAGES: Record<string, string> = { order: '/admin/orders', work_order: '/admin/work-orders' }

/** "order S00012", "work order S00012-1", "product 7": the reference where the entity has one, a link to an order's or work order's page. */
function Entity({ row }: { row: AuditRow }) {
  const name = (
    <>
      {row.entityType.replaceAll('_', ' ')} <span className="font-mono">{row.reference ?? row.entityId}</span>
    </>
  )
  const base = ENTITY_PAGES[row.entityType]
  if (!base || row.reference === null) return name
  return (
    <Link href={`${base}/${row.entityId}`} className="text-accent underline underline-offset-2 hover:text-accent-strong">
      {name}
    </Link>
  )
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 1))

export default async function AuditPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const view = AUDIT_LIST_VIEW.parse(await searchParams)
  // A reference typed wrong is told in the page's words; the core checks it again (and every other filter).
  const badReference = view.reference !== null && !AUDIT_REFERENCE.test(view.reference.toUpperCase())
  const [read, members, options] = await Promise.all([
    badReference
      ? { data: null, refusal: `“${view.reference}” is not an order reference: give one like S00012, or a work order’s like S00012-1.` }
      : adminPageQueryOrRefusal('auditLog', filtersOf(view)),
    adminPageQuery('staffList', {}),
    adminPageQuery('staffFormOptions', {}),
  ])
  const page: AuditPageData = read.data ?? { rows: [], nextCursor: null, previousCursor: null }
  const storeName = (id: number | null) => (id === null ? 'All stores' : (options.stores.find((store) => store.id === id)?.name ?? `#${id}`))

  return (
    <ConsolePage title="Audit log">
      <div className="mb-6">
        <ListFilterForm list="audit" label="Audit log" viewKey={AUDIT_LIST_VIEW.toSearch(view)} filtered={AUDIT_LIST_VIEW.differs(view)} clearHref="/admin/audit">
          <ListSelect label="Store" name="websiteId" value={view.websiteId} choices={options.stores.map((store) => [store.id, store.name])} />
          <ListSelect label="Staff member" name="staffId" value={view.staffId} anyLabel="Anyone" choices={members.map((member) => [member.id, `${member.name} (${member.email})`])} />
          <ListText label="Order reference" name="reference" value={view.reference} placeholder="S00012" />
          <ListText label="Action starts with" name="actionPrefix" value={view.actionPrefix} placeholder="order." />
          <ListText label="Entity type" name="entityType" value={view.entityType} placeholder="order" />
          <ListText label="Entity id" name="entityId" value={view.entityId} />
          <ListDate label="From (day)" name="from" value={view.from} />
          <ListDate label="To (day)" name="to" value={view.to} />
        </ListFilterForm>
      </div>

      {read.refusal !== null ? (
        <ListRefusal message={read.refusal} firstPageHref={view.cursor !== null && !badReference ? hrefOf(AUDIT_LIST_VIEW.firstPage(view)) : null} />
      ) : page.rows.length === 0 ? (
        <p className="text-muted">Nothing was recorded that matches these filters.</p>
      ) : (
        <ol aria-label="Audit entries" className="space-y-3">
          {page.rows.map((row) => (
            <li key={row.id} className="rounded-card border border-line bg-white p-4 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <span className="font-mono font-semibold">{row.action}</span> on <Entity row={row} />
                </p>
                <time dateTime={row.createdAt} className="text-muted">
                  {new Date(row.createdAt).toISOString().replace('T', ' ').slice(0, 19)} UTC
                </time>
              </div>
              <p className="mt-1 text-muted">
                {row.staffEmail} ({row.role}) · {storeName(row.websiteId)}
                {row.ip ? ` · ${row.ip}` : ''}
              </p>
              {row.before !== null || row.after !== null ? (
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <pre className="overflow-x-auto rounded bg-soft p-2 text-xs whitespace-pre-wrap" aria-label="Before">
                    {json(row.before) || '—'}
                  </pre>
                  <pre className="overflow-x-auto rounded bg-soft p-2 text-xs whitespace-pre-wrap" aria-label="After">
                    {json(row.after) || '—'}
                  </pre>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ListPager {...pagerLinks(page, (cursor) => hrefOf({ ...view, cursor }))} />
    </ConsolePage>
  )
}
