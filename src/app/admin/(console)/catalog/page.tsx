import type { Metadata } from 'next'
import { CatalogTaxonomy } from '@/components/admin/catalog-taxonomy'
import { ConsolePage } from '@/components/admin/console-page'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageContext, adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Catalog' }

/**
 * /admin/catalog?store= (issue 16): the catalog's vocabulary — the store's categories, and the
 * brands, colours and sizes every store shares. The store is ?store=, or the member's first store.
 */
export default async function CatalogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = idParam(params.store) ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const [data, options] = await Promise.all([adminPageQuery('catalog.taxonomy', { websiteId }), adminPageQuery('orderListOptions', {})])
  return (
    <ConsolePage title="Catalog" actions={<StorePicker action="/admin/catalog" stores={options.stores} current={websiteId} allLabel="Choose a store" />}>
      <CatalogTaxonomy key={websiteId} websiteId={websiteId} data={data} />
    </ConsolePage>
  )
}
