import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { ProductForm } from '@/components/admin/product-form'
import { adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'New product' }

// /admin/products/new?store= (issue 16): the product form, empty; the store is ?store= or the member's first.
export default async function NewProductPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const options = await adminPageQuery('products.options', { websiteId: idParam(params.store) })
  const websiteId = options.websiteId
  const store = options.stores.find((candidate) => candidate.id === websiteId)
  return (
    <ConsolePage title="New product">
      <p className="mb-4 text-sm">
        <Link href={`/admin/products${websiteId ? `?store=${websiteId}` : ''}`} className="text-accent underline">
          ← Products
        </Link>
        {store && options.stores.length > 1 ? <span className="text-muted"> · {store.name}</span> : null}
      </p>
      {websiteId === null ? (
        <p className="text-sm text-muted">You manage no store yet.</p>
      ) : (
        <ProductForm websiteId={websiteId} options={options} product={null} currency={store?.currency ?? 'USD'} />
      )}
    </ConsolePage>
  )
}
