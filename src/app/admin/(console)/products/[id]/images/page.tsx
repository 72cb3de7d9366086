import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { ProductImagesManager } from '@/components/admin/product-images-manager'
import { adminPageContext, adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Product images' }

/**
 * /admin/products/[id]/images?store=&color= (issue 16): a product's images — upload (drop or
 * choose several), alt text, colour, order, delete; ?color= shows one colour's images. The store is
 * ?store=, or the member's first store; a product of another store is not found.
 */
export default async function ProductImagesPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, query] = await Promise.all([params, searchParams])
  const productId = idParam(id)
  if (productId === null) notFound()
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = idParam(query.store) ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const colorFilter = idParam(query.color)
  const data = await adminPageQuery('productImages.list', { websiteId, productId, ...(colorFilter === null ? {} : { colorValueId: colorFilter }) })
  return (
    <ConsolePage title={`Images · ${data.product.name}`}>
      <p className="mb-4 text-sm">
        <Link href={`/admin/products/${data.product.id}?store=${websiteId}`} className="text-accent underline">
          ← Product
        </Link>
        {data.product.isPublished ? (
          <>
            {' · '}
            <a href={`/product/${encodeURIComponent(data.product.slug)}`} target="_blank" rel="noreferrer" className="text-accent underline">
              View in the shop ↗
            </a>
          </>
        ) : null}
      </p>
      <ProductImagesManager websiteId={websiteId} data={data} colorFilter={colorFilter} />
    </ConsolePage>
  )
}
