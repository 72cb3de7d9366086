import type { Metadata } from 'next'
import { AuditEntry } from '@/components/admin/audit-entry'
import { ConsolePage } from '@/components/admin/console-page'
import { ListDate, ListFilterForm, ListSelect, ListText } from '@/components/admin/list-filter-form'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import type { AdminQueryValues } from '@/isomorphic/contract/admin'
import { type AuditListView, AUDIT_LIST_VIEW, listHref } from '@/isomorphic/console-list-views'
import type { RawSearchParams } from '@/isomorphic/list-view'
import { AUDIT_REFERENCE, type AuditPage as AuditPageData } from '@/isomorphic/contract/admin-staff'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Audit log' }

const hrefOf = (view: AuditListView) => listHref('audit', view)

/** The audit query's filters from the page's view: 50 a page. */
function filtersOf(view: AuditListView): AdminQueryValues['auditLog'] {
  const filters: AdminQueryValues['auditLog'] = { limit: 50 }
  for (const [name, value] of Object.entries(view)) if (value !== null) Object.assign(filters, { [name]: value })
  return filters
}

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
  const page: AuditPageData = read.data ?? { rows: [], nextCursor: null, previousCursor: null, labels: {}, currencies: {} }
  const storeName = (id: number | null) => (id === null ? 'Every store' : (options.stores.find((store) => store.id === id)?.name ?? `#${id}`))

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
            <AuditEntry key={row.id} row={row} page={page} storeName={storeName(row.websiteId)} />
          ))}
        </ol>
      )}
      <ListPager {...pagerLinks(page, (cursor) => hrefOf({ ...view, cursor }))} />
    </ConsolePage>
  )
}
