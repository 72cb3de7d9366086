import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { GiftCardIssue } from '@/components/admin/gift-card-issue'
import { GiftCardStatusBadge } from '@/components/admin/promotion-status'
import { StorePicker } from '@/components/admin/store-picker'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { adminPageQueryOrRefusal } from '@/web/admin-page'
import { requireConsoleStore, idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Gift cards' }

const STATUSES = ['all', 'active', 'disabled', 'expired'] as const
const BALANCES = ['any', 'remaining', 'spent'] as const
const SELECT_CLASS = 'mt-1 block w-full rounded-md border border-line bg-white px-2 py-2 text-sm text-ink'

const pick = <T extends string>(choices: readonly T[], value: string | string[] | undefined): T => choices.find((choice) => choice === value) ?? choices[0]!

/** /admin/gift-cards: issue cards, and find them by the end of their number, status and balance. */
export default async function GiftCardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const store = await requireConsoleStore(params)
  const status = pick(STATUSES, params.status)
  const balance = pick(BALANCES, params.balance)
  const last4 = typeof params.last4 === 'string' ? params.last4.trim().slice(0, 4) : ''
  const page = idParam(params.page) ?? 1
  const { data, refusal } = await adminPageQueryOrRefusal('giftCards.list', { websiteId: store.websiteId, status, balance, ...(last4 ? { last4 } : {}), page })
  const href = (nextPage: number) =>
    `/admin/gift-cards?${new URLSearchParams({ store: String(store.websiteId), status, balance, ...(last4 ? { last4 } : {}), page: String(nextPage) })}`
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const cardHref = (id: number) => `/admin/gift-cards/${id}?store=${store.websiteId}`

  return (
    <ConsolePage title="Gift cards" actions={<StorePicker action="/admin/gift-cards" stores={store.stores} current={store.websiteId} allLabel={store.name} />}>
      <GiftCardIssue websiteId={store.websiteId} />
      <form method="get" action="/admin/gift-cards" role="search" aria-label="Gift cards" className="mb-4 grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-4 sm:items-end">
        <input type="hidden" name="store" value={store.websiteId} />
        <label className="block text-xs font-medium text-muted">
          Last 4 characters
          <input name="last4" defaultValue={last4} maxLength={4} placeholder="0050" className={`${SELECT_CLASS} font-mono`} />
        </label>
        <label className="block text-xs font-medium text-muted">
          Status
          <select name="status" defaultValue={status} className={SELECT_CLASS}>
            <option value="all">Any</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
            <option value="expired">Expired</option>
          </select>
        </label>
        <label className="block text-xs font-medium text-muted">
          Balance
          <select name="balance" defaultValue={balance} className={SELECT_CLASS}>
            <option value="any">Any</option>
            <option value="remaining">Money left</option>
            <option value="spent">Spent (0)</option>
          </select>
        </label>
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          Find
        </button>
      </form>
      {refusal ? (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
      {data && data.rows.length === 0 ? <p className="text-sm text-muted">No gift cards {last4 || status !== 'all' || balance !== 'any' ? 'match these filters' : 'yet'}.</p> : null}
      {data && data.rows.length > 0 ? (
        <>
          <table className="hidden w-full border-collapse overflow-hidden rounded-card border border-line bg-white text-sm md:table">
            <thead className="bg-soft text-left text-xs tracking-wide text-muted uppercase">
              <tr>
                <th className="px-3 py-2">Card</th>
                <th className="px-3 py-2 text-right">Balance</th>
                <th className="px-3 py-2 text-right">Issued</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Redeemed by</th>
                <th className="px-3 py-2">Issued on</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((card) => (
                <tr key={card.id} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Link href={cardHref(card.id)} className="font-mono text-accent underline">
                      …{card.last4}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatPrice(card.balance)}</td>
                  <td className="px-3 py-2 text-right text-muted tabular-nums">{formatPrice(card.initialAmount)}</td>
                  <td className="px-3 py-2">
                    <GiftCardStatusBadge status={card.status} />
                  </td>
                  <td className="px-3 py-2 break-all">{card.redeemedBy?.email ?? <span className="text-muted">Not yet</span>}</td>
                  <td className="px-3 py-2 text-muted">{formatDate(card.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {data.rows.map((card) => (
              <li key={card.id} className="rounded-card border border-line bg-white p-4 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <Link href={cardHref(card.id)} className="font-mono text-accent underline">
                    …{card.last4}
                  </Link>
                  <GiftCardStatusBadge status={card.status} />
                </div>
                <p className="mt-1 tabular-nums">
                  {formatPrice(card.balance)} <span className="text-muted">of {formatPrice(card.initialAmount)}</span>
                </p>
                <p className="mt-1 break-all text-muted">{card.redeemedBy?.email ?? 'Not redeemed yet'}</p>
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
            {page > 1 ? (
              <Link href={href(page - 1)} className="text-accent underline">
                Previous
              </Link>
            ) : null}
            <span className="text-muted">
              Page {page} of {pages} · {data.total} cards
            </span>
            {page < pages ? (
              <Link href={href(page + 1)} className="text-accent underline">
                Next
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </ConsolePage>
  )
}
