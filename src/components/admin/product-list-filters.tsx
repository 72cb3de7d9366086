import type { AdminProductOptions } from '@/isomorphic/contract/admin-products'
import { DEFAULT_PRODUCT_LIST_VIEW, firstProductPageOf, PRODUCT_LIST_PAGE_SIZES, PRODUCT_LIST_SEARCH_MAX, PRODUCT_LIST_VIEW, type ProductListView, productListViewToSearch } from '@/isomorphic/product-list-view'
import { ListFilterForm, ListSelect, ListSortFields } from './list-filter-form'

// The product list's filters and search (issue 16), on the lists' one filter form (list-filter-form.tsx).

/** Whether a filter or the search narrows the view (the store, the sort and the page size do not). */
export const productListFiltered = (view: ProductListView) => PRODUCT_LIST_VIEW.differs(view, ['websiteId', 'sort', 'dir', 'pageSize'])

const STATUSES = [
  ['published', 'Published'],
  ['unpublished', 'Unpublished'],
  ['archived', 'Archived'],
] as const
const SORTS = [
  ['shop', 'Shop order'],
  ['name', 'Name'],
  ['price', 'Price'],
  ['updated', 'Last saved'],
] as const
const DIRECTIONS = [
  ['asc', 'Ascending'],
  ['desc', 'Descending'],
] as const

export function ProductListFilters({ view, options }: { view: ProductListView; options: AdminProductOptions }) {
  return (
    <ListFilterForm
      list="products"
      label="Products"
      viewKey={productListViewToSearch(view)}
      hidden={{ store: view.websiteId }}
      search={{ name: 'q', value: view.q, label: 'Search products', placeholder: 'Search: name or SKU', maxLength: PRODUCT_LIST_SEARCH_MAX }}
      filtered={productListFiltered(view)}
      clearHref={`/admin/products${productListViewToSearch(firstProductPageOf(DEFAULT_PRODUCT_LIST_VIEW, { websiteId: view.websiteId }))}`}
      columns="md:grid-cols-3 xl:grid-cols-6"
    >
      <ListSelect
        label="Status"
        name="status"
        value={view.status}
        anyLabel="All but archived"
        choices={STATUSES}
      />
      <ListSelect label="Category" name="category" value={view.categoryId} choices={options.categories.map((category) => [category.id, category.name])} />
      <ListSelect label="Brand" name="brand" value={view.brandId} choices={options.brands.map((brand) => [brand.id, brand.name])} />
      <ListSortFields sort={view.sort} dir={view.dir} pageSize={view.pageSize} sorts={SORTS} directions={DIRECTIONS} pageSizes={PRODUCT_LIST_PAGE_SIZES} />
    </ListFilterForm>
  )
}
