'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { FormEvent, ReactNode } from 'react'
import { CONSOLE_LISTS, type ConsoleListName, filteredListHref } from '@/isomorphic/console-list-views'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './console-styles'

// The one filter form of the console's lists (issue 26): a GET form whose fields are the list's URL
// parameters (its view, src/isomorphic/console-list-views.ts), so it works without JavaScript;
// with it, the view the fields describe is written on its first page without its defaults
// (list-view.ts) and fetched without a full load. A search box and Apply on top, the filters
// (ListSelect, ListDate) in a disclosure that is open while any is set, Clear when the view is filtered.

const CONTROL_CLASS = 'mt-1 block w-full rounded-md border border-line bg-white px-2 py-2 text-sm text-ink'

export type ListSearchBox = { name: string; value: string | null; label: string; placeholder: string; maxLength: number }

export function ListFilterForm({
  list,
  label,
  viewKey,
  search,
  hidden = {},
  filtered,
  clearHref,
  columns = 'md:grid-cols-4',
  children,
}: {
  list: ConsoleListName
  /** The form's name for a screen reader ('Orders'). */
  label: string
  /** The view's search string: the fields show the view again after a link or the back button changed it. */
  viewKey: string
  search?: ListSearchBox
  /** Parameters the form keeps as they are (the store, the kind). */
  hidden?: Record<string, string | number | null>
  filtered: boolean
  clearHref: string
  /** The filters' grid columns from md up. */
  columns?: string
  children?: ReactNode
}) {
  const router = useRouter()
  const path = CONSOLE_LISTS[list].path

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') params.set(name, value)
    router.push(filteredListHref(list, params))
  }

  const buttons = (
    <div className="flex gap-2">
      <button type="submit" className={`${PRIMARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
        Apply
      </button>
      {filtered ? (
        <Link href={clearHref} className={`${SECONDARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
          Clear
        </Link>
      ) : null}
    </div>
  )
  return (
    <form key={viewKey} method="get" action={path} onSubmit={submit} role="search" aria-label={label} className="rounded-card border border-line bg-white p-4">
      {Object.entries(hidden).map(([name, value]) => (value === null ? null : <input key={name} type="hidden" name={name} value={value} />))}
      {search ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <label className="sr-only" htmlFor={`${list}-search`}>
            {search.label}
          </label>
          <input
            id={`${list}-search`}
            type="search"
            name={search.name}
            defaultValue={search.value ?? ''}
            maxLength={search.maxLength}
            placeholder={search.placeholder}
            className="block w-full min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base sm:text-sm"
          />
          {buttons}
        </div>
      ) : null}
      {children ? (
        search ? (
          <details className="group mt-3" open={filtered}>
            <summary className="cursor-pointer text-sm font-semibold text-accent select-none">Filters</summary>
            <div className={`mt-3 grid grid-cols-2 gap-3 ${columns}`}>{children}</div>
          </details>
        ) : (
          <div className={`grid grid-cols-2 gap-3 ${columns}`}>
            {children}
            <div className="flex items-end">{buttons}</div>
          </div>
        )
      ) : null}
    </form>
  )
}

/** A filter of the form: one of `choices` ([value, text]), or `anyLabel` (no filter) unless `required`. */
export function ListSelect({
  label,
  name,
  value,
  choices,
  anyLabel = 'Any',
  required = false,
}: {
  label: string
  name: string
  value: string | number | null
  choices: readonly (readonly [string | number, string])[]
  anyLabel?: string
  /** A field that always has a value (a sort, a page size): no "any" choice. */
  required?: boolean
}) {
  return (
    <label className="block min-w-0 text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value === null ? '' : String(value)} className={CONTROL_CLASS}>
        {required ? null : <option value="">{anyLabel}</option>}
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

type Choices<T extends string | number> = readonly (readonly [T, string])[]

/** How the list is read: its sort, the direction and the page size (fields that always have a value). */
export function ListSortFields<S extends string, D extends string>({
  sort,
  dir,
  pageSize,
  sorts,
  directions,
  pageSizes,
}: {
  sort: S
  dir: D
  pageSize: number
  sorts: Choices<S>
  directions: Choices<D>
  pageSizes: readonly number[]
}) {
  return (
    <>
      <ListSelect label="Sort by" name="sort" value={sort} required choices={sorts} />
      <ListSelect label="Direction" name="dir" value={dir} required choices={directions} />
      <ListSelect label="Per page" name="size" value={pageSize} required choices={pageSizes.map((size) => [size, String(size)] as const)} />
    </>
  )
}

/** A day filter (YYYY-MM-DD). */
export function ListDate({ label, name, value }: { label: string; name: string; value: string | null }) {
  return (
    <label className="block min-w-0 text-xs font-medium text-muted">
      {label}
      <input type="date" name={name} defaultValue={value ?? ''} className={CONTROL_CLASS} />
    </label>
  )
}

/** A text filter (an exact value or the beginning of one). */
export function ListText({ label, name, value, placeholder }: { label: string; name: string; value: string | null; placeholder?: string }) {
  return (
    <label className="block min-w-0 text-xs font-medium text-muted">
      {label}
      <input name={name} defaultValue={value ?? ''} placeholder={placeholder} className={CONTROL_CLASS} />
    </label>
  )
}
