import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { PromotionForm } from '@/components/admin/promotion-form'
import { adminPageQuery } from '@/web/admin-page'
import { requireConsoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'New promotion' }

/** /admin/promotions/new?store=: a new promotion for the store. */
export default async function NewPromotionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await requireConsoleStore(await searchParams)
  const { products } = await adminPageQuery('promotions.options', { websiteId: store.websiteId })
  return (
    <ConsolePage title="New promotion">
      <p className="-mt-4 mb-4 text-sm">
        <Link href={`/admin/promotions?store=${store.websiteId}`} className="text-accent underline">
          All promotions
        </Link>{' '}
        · {store.name}
      </p>
      <PromotionForm websiteId={store.websiteId} detail={null} products={products} />
    </ConsolePage>
  )
}
