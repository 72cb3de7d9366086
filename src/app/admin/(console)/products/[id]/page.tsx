import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { ProductForm } from '@/components/admin/product-form'
import { ProductTabs } from '@/components/admin/product-tabs'
import { adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Product' }

// /admin/products/[id]?store= (issue 16): one product's form; another store's product is not found.
export default async function ProductPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const productId = idParam(id)
  if (productId === null) notFound()
  const options = await adminPageQuery('products.options', { websiteId: idParam(query.store) })
  if (options.websiteId === null) notFound()
  const product = await adminPageQuery('products.get', { websiteId: options.websiteId, productId })
  const store = options.stores.find((candidate) => candidate.id === product.websiteId)
  return (
    <ConsolePage
      title={product.name}
      actions={
        product.status === 'published' ? (
          <a href={`/product/${encodeURIComponent(product.slug)}`} target="_blank" rel="noreferrer" className="text-sm font-semibold text-accent underline">
            View in the shop ↗
          </a>
        ) : null
      }
    >
      <p className="mb-3 text-sm">
        <Link href={`/admin/products?store=${product.websiteId}`} className="text-accent underline">
          ← Products
        </Link>
        {store && options.stores.length > 1 ? <span className="text-muted"> · {store.name}</span> : null}
      </p>
      {query.created === '1' ? <p className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">Product created. Its pictures, their alt text and colours are on its Images page.</p> : null}
      <ProductTabs productId={product.id} websiteId={product.websiteId} current="details" />
      <ProductForm key={`${product.id}:${product.version}`} websiteId={product.websiteId} options={options} product={product} currency={store?.currency ?? 'USD'} />
    </ConsolePage>
  )
}
