'use client'

import Link from 'next/link'
import { type DragEvent, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'
import type { AdminMutationValues } from '@/isomorphic/contract/admin'
import type { AdminProductListRow, AdminProductOptions, AdminProductStatus } from '@/isomorphic/contract/admin-products'
import { formatPrice } from '@/isomorphic/format'
import { productImageUrl } from '@/isomorphic/image-address'
import { SaveOutcome } from './console-form'
import { INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The product list's rows (issue 16): a checkbox per row and a bulk action bar over the selected
// ones (publish, unpublish, set or add a category, adjust prices by a percentage: one transaction
// on the server); in the shop's order, rows are dragged to reorder the shop, or moved with the
// "Move up" / "Move down" buttons from the keyboard. A table on wide screens, stacked rows on a phone.

const STATUS_NAMES: Record<AdminProductStatus, string> = { published: 'Published', unpublished: 'Unpublished', archived: 'Archived' }
const STATUS_CLASSES: Record<AdminProductStatus, string> = {
  published: 'bg-green-50 text-green-800 border-green-200',
  unpublished: 'bg-soft text-muted border-line',
  archived: 'bg-amber-50 text-amber-900 border-amber-200',
}

export function ProductStatusBadge({ status }: { status: AdminProductStatus }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}>{STATUS_NAMES[status]}</span>
}

function Thumbnail({ row }: { row: AdminProductListRow }) {
  if (!row.image) return <span aria-hidden="true" className="block size-10 shrink-0 rounded border border-line bg-soft" />
  // eslint-disable-next-line @next/next/no-img-element -- a 48 px thumbnail of an already-sized variant
  return <img src={productImageUrl(row.image, 48, 48)} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded border border-line object-cover" />
}

const priceRange = (row: AdminProductListRow, currency: string) =>
  row.maxPrice > row.price ? `${formatPrice(row.price, currency)} – ${formatPrice(row.maxPrice, currency)}` : formatPrice(row.price, currency)

type BulkKind = 'publish' | 'unpublish' | 'setCategory' | 'addCategory' | 'adjustPrices'

export function ProductListTable({
  websiteId,
  rows,
  options,
  reorderable,
  currency,
}: {
  websiteId: number
  rows: AdminProductListRow[]
  options: AdminProductOptions
  reorderable: boolean
  currency: string
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [action, setAction] = useState<BulkKind>('publish')
  const [categoryId, setCategoryId] = useState<string>('')
  const [percent, setPercent] = useState('')
  const outcome = useConsoleAction()
  const busy = outcome.busy
  const refuse = (message: string) => outcome.fail({ message, conflict: null, fields: {} })
  const [dragged, setDragged] = useState<number | null>(null)

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id))
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  /** A bulk step or a move on the console's one action path: its sentence (or refusal) above the table, then the page again. */
  const run = (work: () => Promise<string>) => outcome.run(work, { savedMessage: (sentence: string) => sentence })

  function applyBulk() {
    const productIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id)
    let value: AdminMutationValues['products.bulk']
    if (action === 'setCategory' || action === 'addCategory') {
      if (!categoryId) return refuse('Choose the category first.')
      value = { action, websiteId, productIds, categoryId: Number(categoryId) }
    } else if (action === 'adjustPrices') {
      const amount = Number(percent.replace(',', '.'))
      if (percent.trim() === '' || !Number.isFinite(amount) || amount === 0) return refuse('Enter a percentage such as 10 or -5.')
      value = { action, websiteId, productIds, percent: amount }
    } else {
      value = { action, websiteId, productIds }
    }
    void run(async () => {
      const { updated } = await adminMutation('products.bulk', value)
      setSelected(new Set())
      return `${updated} ${updated === 1 ? 'product' : 'products'} changed.`
    })
  }

  function move(productId: number, placement: { before: number } | { after: number }, name: string) {
    void run(async () => {
      await adminMutation('products.reorder', { websiteId, productId, ...placement })
      return `Moved “${name}”.`
    })
  }

  function drop(event: DragEvent, target: AdminProductListRow, index: number) {
    event.preventDefault()
    if (dragged === null || dragged === target.id) return
    const from = rows.findIndex((row) => row.id === dragged)
    const name = rows[from]?.name ?? ''
    setDragged(null)
    move(dragged, from < index ? { after: target.id } : { before: target.id }, name)
  }

  const moveButtons = (row: AdminProductListRow, index: number) =>
    reorderable ? (
      <span className="inline-flex gap-1">
        <button
          type="button"
          disabled={busy || index === 0}
          onClick={() => move(row.id, { before: rows[index - 1]!.id }, row.name)}
          className="rounded border border-line px-2 py-1 text-xs hover:bg-soft disabled:opacity-40"
          aria-label={`Move ${row.name} up`}
        >
          ↑
        </button>
        <button
          type="button"
          disabled={busy || index === rows.length - 1}
          onClick={() => move(row.id, { after: rows[index + 1]!.id }, row.name)}
          className="rounded border border-line px-2 py-1 text-xs hover:bg-soft disabled:opacity-40"
          aria-label={`Move ${row.name} down`}
        >
          ↓
        </button>
      </span>
    ) : null

  const editHref = (row: AdminProductListRow) => `/admin/products/${row.id}?store=${websiteId}`

  return (
    <div>
      <div aria-live="polite" className="mb-2 space-y-2">
        <SaveOutcome status={outcome.status} />
      </div>
      {selected.size > 0 ? (
        <section aria-label="Bulk actions" className="sticky top-0 z-10 mb-3 flex flex-wrap items-end gap-2 rounded-card border border-accent/40 bg-white p-3 shadow-sm">
          <p className="w-full text-sm font-semibold sm:w-auto">{selected.size} selected</p>
          <label className="text-xs font-medium text-muted">
            Action
            <select value={action} onChange={(event) => setAction(event.target.value as BulkKind)} className={INPUT_CLASS}>
              <option value="publish">Publish</option>
              <option value="unpublish">Unpublish</option>
              <option value="setCategory">Set category (replace)</option>
              <option value="addCategory">Add category</option>
              <option value="adjustPrices">Adjust prices by %</option>
            </select>
          </label>
          {action === 'setCategory' || action === 'addCategory' ? (
            <label className="text-xs font-medium text-muted">
              Category
              <select value={categoryId} onChange={(event) => setCategoryId(event.target.value)} className={INPUT_CLASS}>
                <option value="">Choose…</option>
                {options.categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {action === 'adjustPrices' ? (
            <label className="text-xs font-medium text-muted">
              Percent (e.g. 10 or -5)
              <input value={percent} onChange={(event) => setPercent(event.target.value)} inputMode="decimal" className={`${INPUT_CLASS} w-32`} />
            </label>
          ) : null}
          <button type="button" onClick={applyBulk} disabled={busy} className={PRIMARY_BUTTON_CLASS}>
            {busy ? 'Applying…' : 'Apply'}
          </button>
          <button type="button" onClick={() => setSelected(new Set())} className={SECONDARY_BUTTON_CLASS}>
            Clear selection
          </button>
        </section>
      ) : null}
      {reorderable ? <p className="mb-2 text-xs text-muted">Drag a row, or use ↑ ↓, to change the shop&apos;s order.</p> : null}

      <div className="hidden overflow-x-auto rounded-card border border-line bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-soft text-muted">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Select every product on this page"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                />
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Product
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Categories
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Variants
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Price
              </th>
              {reorderable ? (
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Order</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row, index) => (
              <tr
                key={row.id}
                draggable={reorderable && !busy}
                onDragStart={() => setDragged(row.id)}
                onDragOver={(event) => (reorderable ? event.preventDefault() : undefined)}
                onDrop={(event) => drop(event, row, index)}
                className={`align-middle hover:bg-soft ${dragged === row.id ? 'opacity-50' : ''} ${reorderable ? 'cursor-grab' : ''}`}
              >
                <td className="px-3 py-2">
                  <input type="checkbox" aria-label={`Select ${row.name}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                </td>
                <td className="px-3 py-2">
                  <span className="flex items-center gap-3">
                    <Thumbnail row={row} />
                    <span className="min-w-0">
                      <Link href={editHref(row)} className="block truncate font-semibold text-accent underline-offset-2 hover:underline">
                        {row.name}
                      </Link>
                      <span className="block text-xs text-muted">
                        {row.templateSkuCode}
                        {row.brandName ? ` · ${row.brandName}` : ''}
                        {row.featured ? ' · Featured' : ''}
                      </span>
                    </span>
                  </span>
                </td>
                <td className="px-3 py-2">
                  <ProductStatusBadge status={row.status} />
                </td>
                <td className="max-w-48 truncate px-3 py-2 text-muted">{row.categoryNames.join(', ') || '—'}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.variantCount}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{priceRange(row, currency)}</td>
                {reorderable ? <td className="px-3 py-2 text-right">{moveButtons(row, index)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-1 gap-2 md:hidden">
        <li className="flex items-center gap-2 px-1 text-sm">
          <input
            id="select-all-phone"
            type="checkbox"
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
          />
          <label htmlFor="select-all-phone">Select all on this page</label>
        </li>
        {rows.map((row, index) => (
          <li key={row.id} className="flex min-w-0 items-start gap-3 rounded-card border border-line bg-white p-3">
            <input type="checkbox" aria-label={`Select ${row.name}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} className="mt-3" />
            <Thumbnail row={row} />
            <span className="min-w-0 flex-1">
              <Link href={editHref(row)} className="block truncate font-semibold text-accent">
                {row.name}
              </Link>
              <span className="block truncate text-xs text-muted">
                {row.templateSkuCode} · {row.variantCount} variants · {priceRange(row, currency)}
              </span>
              <span className="mt-1 flex items-center justify-between gap-2">
                <ProductStatusBadge status={row.status} />
                {moveButtons(row, index)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
