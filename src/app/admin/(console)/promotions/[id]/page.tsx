import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { PromotionForm } from '@/components/admin/promotion-form'
import { PromotionStatusBadge } from '@/components/admin/promotion-status'
import { formatDate } from '@/isomorphic/format'
import { adminPageQuery } from '@/web/admin-page'
import { requireConsoleStore, idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Promotion' }

/** /admin/promotions/{id}?store=: one promotion, its uses, and its form (save, disable, enable). */
export default async function PromotionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const id = idParam((await params).id)
  if (id === null) notFound()
  const store = await requireConsoleStore(await searchParams)
  const [detail, { products }] = await Promise.all([
    adminPageQuery('promotions.get', { websiteId: store.websiteId, id }),
    adminPageQuery('promotions.options', { websiteId: store.websiteId }),
  ])
  return (
    <ConsolePage title={detail.name} actions={<PromotionStatusBadge status={detail.status} usedUp={detail.usedUp} />}>
      <p className="-mt-4 mb-4 text-sm">
        <Link href={`/admin/promotions?store=${store.websiteId}`} className="text-accent underline">
          All promotions
        </Link>{' '}
        · {store.name}
      </p>
      <dl className="mb-6 grid max-w-3xl grid-cols-2 gap-3 rounded-card border border-line bg-white p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Code</dt>
          <dd className="font-mono break-all">{detail.promoCode ?? 'Automatic'}</dd>
        </div>
        <div>
          <dt className="text-muted">Reward</dt>
          <dd>{detail.reward}</dd>
        </div>
        <div>
          <dt className="text-muted">Uses</dt>
          <dd className="tabular-nums" data-testid="promotion-uses">
            {detail.uses}
            {detail.maximumUses > 0 ? ` of ${detail.maximumUses}` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Last saved</dt>
          <dd>{formatDate(detail.updatedAt)}</dd>
        </div>
      </dl>
      <PromotionForm key={detail.version} websiteId={store.websiteId} detail={detail} products={products} />
    </ConsolePage>
  )
}
