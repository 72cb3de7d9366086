import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { DeliveryMethodForm } from '@/components/admin/delivery-method-form'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore, idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Delivery method' }

/** One delivery method (issue 16), or a new one at /admin/delivery/new. */
export default async function DeliveryMethodPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params
  const store = await consoleStore(await searchParams)
  if (!store) notFound()
  const methodId = id === 'new' ? null : idParam(id)
  if (id !== 'new' && methodId === null) notFound()
  const detail = methodId === null ? null : await adminPageQuery('delivery.method', { websiteId: store.websiteId, id: methodId })
  return (
    <ConsolePage title={detail ? detail.method.name : 'New delivery method'}>
      <Link href={`/admin/delivery?store=${store.websiteId}`} className="mb-4 inline-block text-sm text-accent hover:underline">
        ← Delivery
      </Link>
      <DeliveryMethodForm key={detail ? detail.id : 'new'} websiteId={store.websiteId} currency={store.currency} detail={detail} />
    </ConsolePage>
  )
}
