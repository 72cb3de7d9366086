import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { PromotionStatusBadge } from '@/components/admin/promotion-status'
import { StorePicker } from '@/components/admin/store-picker'
import type { PromotionStatus } from '@/isomorphic/contract/admin-selling'
import { formatDate } from '@/isomorphic/format'
import { adminPageQueryOrRefusal } from '@/web/admin-page'
import { requireConsoleStore, idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Promotions' }

const STATUSES: [PromotionStatus | 'all', string][] = [
  ['all', 'All'],
  ['active', 'Active'],
  ['scheduled', 'Scheduled'],
  ['expired', 'Expired'],
  ['disabled', 'Disabled'],
]

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '')

const dates = (from: string | null, to: string | null) => (from || to ? `${from ? formatDate(from) : '…'} – ${to ? formatDate(to) : '…'}` : 'No end date')

/** /admin/promotions: a store's promotions by status, searched by name or code, with their uses. */
export default async function PromotionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const store = await requireConsoleStore(params)
  const status = STATUSES.find(([value]) => value === params.status)?.[0] ?? 'all'
  const search = text(params.q).trim().slice(0, 100)
  const page = idParam(params.page) ?? 1
  const { data, refusal } = await adminPageQueryOrRefusal('promotions.list', { websiteId: store.websiteId, status, ...(search ? { search } : {}), page })
  const href = (changes: Record<string, string | number>) => {
    const query = new URLSearchParams({ store: String(store.websiteId), ...(status !== 'all' ? { status } : {}), ...(search ? { q: search } : {}) })
    for (const [key, value] of Object.entries(changes)) query.set(key, String(value))
    return `/admin/promotions?${query}`
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <ConsolePage
      title="Promotions"
      actions={
        <>
          <StorePicker action="/admin/promotions" stores={store.stores} current={store.websiteId} allLabel={store.name} />
          <Link href={`/admin/promotions/new?store=${store.websiteId}`} className={PRIMARY_BUTTON_CLASS}>
            New promotion
          </Link>
        </>
      }
    >
      <nav aria-label="Status" className="mb-4 flex flex-wrap gap-2">
        {STATUSES.map(([value, label]) => (
          <Link
            key={value}
            href={href({ status: value, page: 1 })}
            aria-current={value === status ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${value === status ? 'border-accent bg-accent text-white' : 'border-line bg-white text-ink hover:bg-soft'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <form method="get" action="/admin/promotions" role="search" aria-label="Promotions" className="mb-4 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="store" value={store.websiteId} />
        {status !== 'all' ? <input type="hidden" name="status" value={status} /> : null}
        <label className="sr-only" htmlFor="promotion-search">
          Search promotions
        </label>
        <input
          id="promotion-search"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={100}
          placeholder="Search by name or code"
          className="block w-full min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base sm:text-sm"
        />
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          Search
        </button>
      </form>
      {refusal ? <p role="alert" className="text-sm text-danger">{refusal}</p> : null}
      {data && data.rows.length === 0 ? <p className="text-sm text-muted">No promotions {search || status !== 'all' ? 'match these filters' : 'yet'}.</p> : null}
      {data && data.rows.length > 0 ? (
        <>
          <table className="hidden w-full border-collapse overflow-hidden rounded-card border border-line bg-white text-sm md:table">
            <thead className="bg-soft text-left text-xs tracking-wide text-muted uppercase">
              <tr>
                <th className="px-3 py-2">Promotion</th>
                <th className="px-3 py-2">Code</th>
                <th className="px-3 py-2">Reward</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Dates</th>
                <th className="px-3 py-2 text-right">Uses</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Link href={`/admin/promotions/${row.id}?store=${store.websiteId}`} className="font-medium text-accent underline">
                      {row.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 font-mono">{row.promoCode ?? <span className="font-sans text-muted">Automatic</span>}</td>
                  <td className="px-3 py-2">{row.reward}</td>
                  <td className="px-3 py-2">
                    <PromotionStatusBadge status={row.status} usedUp={row.usedUp} />
                  </td>
                  <td className="px-3 py-2 text-muted">{dates(row.dateFrom, row.dateTo)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {row.uses}
                    {row.maximumUses > 0 ? ` / ${row.maximumUses}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {data.rows.map((row) => (
              <li key={row.id} className="rounded-card border border-line bg-white p-4 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <Link href={`/admin/promotions/${row.id}?store=${store.websiteId}`} className="min-w-0 font-medium break-words text-accent underline">
                    {row.name}
                  </Link>
                  <PromotionStatusBadge status={row.status} usedUp={row.usedUp} />
                </div>
                <p className="mt-1 break-all">
                  <span className="font-mono">{row.promoCode ?? 'Automatic'}</span> · {row.reward}
                </p>
                <p className="mt-1 text-muted">
                  {dates(row.dateFrom, row.dateTo)} · {row.uses} uses{row.maximumUses > 0 ? ` of ${row.maximumUses}` : ''}
                </p>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
              {page > 1 ? <Link href={href({ page: page - 1 })} className="text-accent underline">Previous</Link> : null}
              <span className="text-muted">
                Page {page} of {pages} · {data.total} promotions
              </span>
              {page < pages ? <Link href={href({ page: page + 1 })} className="text-accent underline">Next</Link> : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </ConsolePage>
  )
}
