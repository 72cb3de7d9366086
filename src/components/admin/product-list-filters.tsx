'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { FormEvent } from 'react'
import type { AdminProductOptions } from '@/isomorphic/contract/admin-products'
import {
  DEFAULT_PRODUCT_LIST_VIEW,
  firstProductPageOf,
  PRODUCT_LIST_PAGE_SIZES,
  PRODUCT_LIST_SEARCH_MAX,
  type ProductListView,
  parseProductListView,
  productListViewToSearch,
} from '@/isomorphic/product-list-view'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The product list's filters and search (issue 16): a GET form whose fields are the URL's
// parameters (src/isomorphic/product-list-view.ts), so it works without JavaScript; with it, the
// same view is written without its empty fields and fetched without a full load.

const SELECT_CLASS = 'mt-1 block w-full rounded-md border border-line bg-white px-2 py-2 text-sm text-ink'

function Select({ label, name, value, choices, anyLabel = 'Any' }: { label: string; name: string; value: string | number | null; choices: [string, string][]; anyLabel?: string }) {
  return (
    <label className="block text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value === null ? '' : String(value)} className={SELECT_CLASS}>
        <option value="">{anyLabel}</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

export function ProductListFilters({ view, options }: { view: ProductListView; options: AdminProductOptions }) {
  const router = useRouter()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') params.set(name, value)
    router.push(`/admin/products${productListViewToSearch(firstProductPageOf(parseProductListView(params)))}`)
  }

  const cleared = firstProductPageOf(DEFAULT_PRODUCT_LIST_VIEW, { websiteId: view.websiteId })
  const filtered = view.status !== null || view.categoryId !== null || view.brandId !== null || view.q !== null
  return (
    <form key={productListViewToSearch(view)} method="get" action="/admin/products" onSubmit={submit} role="search" aria-label="Products" className="rounded-card border border-line bg-white p-4">
      {view.websiteId !== null ? <input type="hidden" name="store" value={view.websiteId} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="product-search">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={view.q ?? ''}
          maxLength={PRODUCT_LIST_SEARCH_MAX}
          placeholder="Search: name or SKU"
          className="block w-full min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base sm:text-sm"
        />
        <div className="flex gap-2">
          <button type="submit" className={`${PRIMARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
            Apply
          </button>
          {filtered ? (
            <Link href={`/admin/products${productListViewToSearch(cleared)}`} className={`${SECONDARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
              Clear
            </Link>
          ) : null}
        </div>
      </div>
      <details className="group mt-3" open={filtered}>
        <summary className="cursor-pointer text-sm font-semibold text-accent select-none">Filters</summary>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Select
            label="Status"
            name="status"
            value={view.status}
            anyLabel="All but archived"
            choices={[
              ['published', 'Published'],
              ['unpublished', 'Unpublished'],
              ['archived', 'Archived'],
            ]}
          />
          <Select label="Category" name="category" value={view.categoryId} choices={options.categories.map((category) => [String(category.id), category.name])} />
          <Select label="Brand" name="brand" value={view.brandId} choices={options.brands.map((brand) => [String(brand.id), brand.name])} />
          <label className="block text-xs font-medium text-muted">
            Sort by
            <select name="sort" defaultValue={view.sort} className={SELECT_CLASS}>
              <option value="shop">Shop order</option>
              <option value="name">Name</option>
              <option value="price">Price</option>
              <option value="updated">Last saved</option>
            </select>
          </label>
          <label className="block text-xs font-medium text-muted">
            Direction
            <select name="dir" defaultValue={view.dir} className={SELECT_CLASS}>
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </select>
          </label>
          <label className="block text-xs font-medium text-muted">
            Per page
            <select name="size" defaultValue={String(view.pageSize)} className={SELECT_CLASS}>
              {PRODUCT_LIST_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
    </form>
  )
}
