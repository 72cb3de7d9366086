import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { PRIMARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { ProductListFilters, productListFiltered } from '@/components/admin/product-list-filters'
import { ProductListTable } from '@/components/admin/product-list-table'
import { StorePicker } from '@/components/admin/store-picker'
import { canReorder, firstProductPageOf, PRODUCT_LIST_VIEW, type ProductListView, productListViewToSearch } from '@/isomorphic/product-list-view'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Products' }

const listHref = (view: ProductListView) => `/admin/products${productListViewToSearch(view)}`

// /admin/products (issue 16): one store's products, the view (store, filters, search, sort, page)
// held in the URL and read on the server, so it works without JavaScript and the back button goes
// back a view; selecting rows opens the bulk actions, and in the shop's order rows can be moved.
export default async function ProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = PRODUCT_LIST_VIEW.parse(await searchParams)
  const options = await adminPageQuery('products.options', { websiteId: asked.websiteId })
  const websiteId = options.websiteId
  if (websiteId === null) {
    return (
      <ConsolePage title="Products">
        <p className="text-sm text-muted">You manage no store yet. An owner can give you one in Staff.</p>
      </ConsolePage>
    )
  }
  const view: ProductListView = { ...asked, websiteId }
  const answer = await adminPageQueryOrRefusal('products.list', { ...view, websiteId })
  const currency = options.stores.find((store) => store.id === websiteId)?.currency ?? 'USD'
  const filtered = productListFiltered(view)

  return (
    <ConsolePage
      title="Products"
      actions={
        <>
          <StorePicker action="/admin/products" stores={options.stores} current={websiteId} allLabel="Choose a store" />
          <Link href={`/admin/products/new?store=${websiteId}`} className={PRIMARY_BUTTON_CLASS}>
            Add product
          </Link>
        </>
      }
    >
      <ProductListFilters view={view} options={options} />
      <div className="mt-4">
        {answer.refusal !== null ? (
          <ListRefusal message={answer.refusal} firstPageHref={listHref(firstProductPageOf(view))} />
        ) : answer.data.rows.length === 0 ? (
          <div className="rounded-card border border-line bg-white p-8 text-center">
            <p className="font-semibold">{view.cursor ? 'No more products in this view.' : filtered ? 'No products match this view.' : 'No products yet.'}</p>
            <p className="mt-1 text-sm text-muted">
              {filtered ? (
                <Link href={listHref(firstProductPageOf({ ...view, status: null, categoryId: null, brandId: null, q: null }))} className="font-semibold text-accent underline">
                  Clear the filters
                </Link>
              ) : (
                <Link href={`/admin/products/new?store=${websiteId}`} className="font-semibold text-accent underline">
                  Add the first product
                </Link>
              )}
            </p>
          </div>
        ) : (
          <>
            <ProductListTable websiteId={websiteId} rows={answer.data.rows} options={options} reorderable={canReorder(view)} currency={currency} />
            <ListPager {...pagerLinks(answer.data, (cursor) => listHref({ ...view, cursor }))} />
          </>
        )}
      </div>
    </ConsolePage>
  )
}
