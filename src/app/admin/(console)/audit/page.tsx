import type { Metadata } from 'next'
import Link from 'next/link'
import { AuditEntry } from '@/components/admin/audit-entry'
import { ConsolePage } from '@/components/admin/console-page'
import { INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import type { AdminQueryValues } from '@/isomorphic/contract/admin'
import { AUDIT_REFERENCE, type AuditPage as AuditPageData } from '@/isomorphic/contract/admin-staff'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Audit log' }

type Search = Record<string, string | string[] | undefined>
type Props = { searchParams: Promise<Search> }

const FILTERS = ['websiteId', 'staffId', 'reference', 'actionPrefix', 'entityType', 'entityId', 'from', 'to'] as const

const one = (value: string | string[] | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
const positive = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined)
const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined)

/** The view is held in the URL: filters and the page's cursor (a GET form, links for the next page). */
function filtersFrom(search: Search): AdminQueryValues['auditLog'] {
  const text = (name: string) => one(search[name])?.slice(0, 100)
  return {
    websiteId: positive(one(search.websiteId)),
    staffId: positive(one(search.staffId)),
    actionPrefix: text('actionPrefix'),
    entityType: text('entityType'),
    entityId: text('entityId'),
    reference: text('reference'),
    from: day(one(search.from)),
    to: day(one(search.to)),
    cursor: text('cursor'),
    limit: 50,
  }
}

function pageLink(filters: AdminQueryValues['auditLog'], cursor?: string): string {
  const params = new URLSearchParams()
  for (const name of FILTERS) {
    const value = filters[name]
    if (value !== undefined) params.set(name, String(value))
  }
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return query ? `/admin/audit?${query}` : '/admin/audit'
}

export default async function AuditPage({ searchParams }: Props) {
  const filters = filtersFrom(await searchParams)
  // A reference typed wrong is told in the page's words; the core checks it again (and every other filter).
  const badReference = filters.reference !== undefined && !AUDIT_REFERENCE.test(filters.reference.toUpperCase())
  const [read, members, options] = await Promise.all([
    badReference
      ? { data: null, refusal: `“${filters.reference}” is not an order reference: give one like S00012, or a work order’s like S00012-1.` }
      : adminPageQueryOrRefusal('auditLog', filters),
    adminPageQuery('staffList', {}),
    adminPageQuery('staffFormOptions', {}),
  ])
  const page: AuditPageData = read.data ?? { rows: [], nextCursor: null, labels: {}, currencies: {} }
  const storeName = (id: number | null) => (id === null ? 'Every store' : (options.stores.find((store) => store.id === id)?.name ?? `#${id}`))

  return (
    <ConsolePage title="Audit log">
      <form method="get" action="/admin/audit" className="mb-6 grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm font-medium">
          Store
          <select name="websiteId" defaultValue={filters.websiteId ?? ''} className={INPUT_CLASS}>
            <option value="">Any</option>
            {options.stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Staff member
          <select name="staffId" defaultValue={filters.staffId ?? ''} className={INPUT_CLASS}>
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.email})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Order reference
          <input name="reference" defaultValue={filters.reference ?? ''} placeholder="S00012" className={INPUT_CLASS} />
        </label>
        <label className="text-sm font-medium">
          Action starts with
          <input name="actionPrefix" defaultValue={filters.actionPrefix ?? ''} placeholder="order." className={INPUT_CLASS} />
        </label>
        <label className="text-sm font-medium">
          Entity type
          <input name="entityType" defaultValue={filters.entityType ?? ''} placeholder="order" className={INPUT_CLASS} />
        </label>
        <label className="text-sm font-medium">
          Entity id
          <input name="entityId" defaultValue={filters.entityId ?? ''} className={INPUT_CLASS} />
        </label>
        <label className="text-sm font-medium">
          From (day)
          <input type="date" name="from" defaultValue={filters.from ?? ''} className={INPUT_CLASS} />
        </label>
        <label className="text-sm font-medium">
          To (day)
          <input type="date" name="to" defaultValue={filters.to ?? ''} className={INPUT_CLASS} />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className={PRIMARY_BUTTON_CLASS}>
            Filter
          </button>
          <Link href="/admin/audit" className={SECONDARY_BUTTON_CLASS}>
            Clear
          </Link>
        </div>
      </form>

      {read.refusal !== null ? (
        <p role="alert" className="rounded-card border border-danger/30 bg-red-50 p-4 text-sm text-danger">
          {read.refusal}
        </p>
      ) : page.rows.length === 0 ? (
        <p className="text-muted">Nothing was recorded that matches these filters.</p>
      ) : (
        <ol aria-label="Audit entries" className="space-y-3">
          {page.rows.map((row) => (
            <AuditEntry key={row.id} row={row} page={page} storeName={storeName(row.websiteId)} />
          ))}
        </ol>
      )}
      <div className="mt-6 flex gap-2">
        {filters.cursor ? (
          <Link href={pageLink(filters)} className={SECONDARY_BUTTON_CLASS}>
            Newest
          </Link>
        ) : null}
        {page.nextCursor ? (
          <Link href={pageLink(filters, page.nextCursor)} className={SECONDARY_BUTTON_CLASS}>
            Older
          </Link>
        ) : null}
      </div>
    </ConsolePage>
  )
}
