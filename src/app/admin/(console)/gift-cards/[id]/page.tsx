import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { GiftCardActions } from '@/components/admin/gift-card-actions'
import { GiftCardStatusBadge } from '@/components/admin/promotion-status'
import type { GiftCardLedgerKind } from '@/isomorphic/contract/admin-selling'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { adminPageQuery } from '@/web/admin-page'
import { requireConsoleStore, idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Gift card' }

const KIND_NAMES: Record<GiftCardLedgerKind, string> = {
  issue: 'Issued',
  redeem: 'Redeemed into an account',
  spend: 'Spent on an order',
  refund: 'Refunded from an order',
  adjust: 'Adjusted',
  disable: 'Disabled',
  enable: 'Enabled',
}

const signed = (amount: number) => (amount === 0 ? '—' : `${amount > 0 ? '+' : '−'}${formatPrice(Math.abs(amount))}`)

/** /admin/gift-cards/{id}?store=: a card's balance, who redeemed it, its ledger, and its actions. */
export default async function GiftCardPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const id = idParam((await params).id)
  if (id === null) notFound()
  const store = await requireConsoleStore(await searchParams)
  const card = await adminPageQuery('giftCards.get', { websiteId: store.websiteId, id })
  return (
    <ConsolePage title={`Gift card …${card.last4}`} actions={<GiftCardStatusBadge status={card.status} />}>
      <p className="-mt-4 mb-4 text-sm">
        <Link href={`/admin/gift-cards?store=${store.websiteId}`} className="text-accent underline">
          All gift cards
        </Link>{' '}
        · {store.name}
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 rounded-card border border-line bg-white p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Balance</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid="gift-card-balance">
            {formatPrice(card.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Issued for</dt>
          <dd className="tabular-nums">{formatPrice(card.initialAmount)}</dd>
        </div>
        <div>
          <dt className="text-muted">Expires</dt>
          <dd>{card.expiresAt ? formatDate(card.expiresAt) : 'Never'}</dd>
        </div>
        <div>
          <dt className="text-muted">Redeemed by</dt>
          <dd className="break-all">{card.redeemedBy ? `${card.redeemedBy.email ?? 'a deleted account'} (${formatDate(card.redeemedAt ?? card.createdAt)})` : 'Not yet'}</dd>
        </div>
        {card.recipientEmail ? (
          <div className="col-span-2">
            <dt className="text-muted">Recipient</dt>
            <dd className="break-all">{card.recipientEmail}</dd>
          </div>
        ) : null}
        {card.note ? (
          <div className="col-span-2">
            <dt className="text-muted">Note</dt>
            <dd className="break-words">{card.note}</dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="ledger-heading">
          <h2 id="ledger-heading" className="mb-2 text-lg font-semibold">
            Ledger
          </h2>
          <ol className="divide-y divide-line rounded-card border border-line bg-white text-sm">
            {card.ledger.map((row, index) => (
              <li key={row.id ?? `issue-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {KIND_NAMES[row.kind]}
                    {row.order ? (
                      <>
                        {' '}
                        <Link href={`/admin/orders/${row.order.id}`} className="text-accent underline">
                          {row.order.name}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  {row.note ? <p className="break-words text-muted">{row.note}</p> : null}
                  <p className="text-xs text-muted">{new Date(row.createdAt).toISOString().replace('T', ' ').slice(0, 16)} UTC</p>
                </div>
                <span className="tabular-nums">{row.kind === 'issue' ? formatPrice(row.amount) : signed(row.amount)}</span>
              </li>
            ))}
          </ol>
        </section>
        <GiftCardActions websiteId={store.websiteId} card={card} />
      </div>
    </ConsolePage>
  )
}
