'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useId, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { CatalogTaxonomyData, TaxonomyEntry } from '@/isomorphic/contract/admin-catalog'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { CSS_COLOR_PATTERN } from '@/isomorphic/contract/field-rules'
import { EditConflictNotice } from './edit-conflict-notice'
import { FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The catalog's vocabulary (issue 16): the store's categories, and the brands, colours and sizes all
// stores share. Each row is its own small form (rename, recolour), with Up/Down where the order is
// the shop's (categories, colours) and Delete, which the server refuses while products use it.
// Sizes always show in the standard size order.

type Kind = 'category' | 'brand' | 'color' | 'size'
type Row = TaxonomyEntry & { slug?: string; css?: string | null }

type Failure = { message: string; conflict: EditConflictData | null }
const failureOf = (error: unknown): Failure =>
  error instanceof AdminApiError
    ? { message: error.message, conflict: isEditConflictData(error.data) ? error.data : null }
    : { message: 'Something went wrong. Please try again!', conflict: null }

const NOUN: Record<Kind, string> = { category: 'category', brand: 'brand', color: 'colour', size: 'size' }

function Problem({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}

type Values = { name: string; slug?: string; css?: string }

/** The values a row's form sends for its kind. */
function fieldsOf(kind: Kind, data: FormData): Values {
  const name = String(data.get('name') ?? '')
  if (kind === 'category') return { name, slug: String(data.get('slug') ?? '') }
  if (kind === 'color') return { name, css: String(data.get('css') ?? '').trim() }
  return { name }
}

/** Adds an entry (no `row`) or saves the one opened at `row.version`. */
function save(kind: Kind, websiteId: number, values: Values, row?: Row) {
  const base = { websiteId, name: values.name, ...(row ? { id: row.id, version: row.version } : {}) }
  if (kind === 'category') return adminMutation('catalog.saveCategory', { ...base, slug: values.slug ?? '' })
  if (kind === 'brand') return adminMutation('catalog.saveBrand', base)
  if (kind === 'color') return adminMutation('catalog.saveColor', { ...base, css: values.css ?? '' })
  return adminMutation('catalog.saveSize', base)
}

function remove(kind: Kind, websiteId: number, row: Row) {
  const value = { websiteId, id: row.id, version: row.version }
  if (kind === 'category') return adminMutation('catalog.deleteCategory', value)
  if (kind === 'brand') return adminMutation('catalog.deleteBrand', value)
  if (kind === 'color') return adminMutation('catalog.deleteColor', value)
  return adminMutation('catalog.deleteSize', value)
}

function Swatch({ css }: { css: string }) {
  const valid = CSS_COLOR_PATTERN.test(css)
  return <span aria-hidden="true" className="inline-block size-8 shrink-0 rounded-md border border-line" style={valid ? { background: css } : undefined} />
}

function Fields({ kind, row }: { kind: Kind; row?: Row }) {
  const [css, setCss] = useState(row?.css ?? '#1f2a44')
  const id = useId()
  return (
    <>
      <label htmlFor={`${id}-name`} className="block min-w-0 flex-1 text-sm font-medium text-ink">
        Name
        <input id={`${id}-name`} name="name" required maxLength={100} defaultValue={row?.name ?? ''} className={INPUT_CLASS} />
      </label>
      {kind === 'category' ? (
        <label htmlFor={`${id}-slug`} className="block min-w-0 flex-1 text-sm font-medium text-ink">
          Slug
          <input id={`${id}-slug`} name="slug" required pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={row?.slug ?? ''} className={`${INPUT_CLASS} font-mono`} />
        </label>
      ) : null}
      {kind === 'color' ? (
        <div className="flex min-w-0 flex-1 items-end gap-2">
          <label htmlFor={`${id}-css`} className="block min-w-0 flex-1 text-sm font-medium text-ink">
            CSS colour
            <input id={`${id}-css`} name="css" required value={css} onChange={(event) => setCss(event.target.value)} className={`${INPUT_CLASS} font-mono`} placeholder="#1f2a44" />
          </label>
          <input type="color" aria-label="Pick the colour" value={/^#[0-9a-f]{6}$/i.test(css) ? css : '#000000'} onChange={(event) => setCss(event.target.value)} className="h-10 w-10 shrink-0 cursor-pointer rounded-md border border-line bg-white" />
          <Swatch css={css} />
        </div>
      ) : null}
    </>
  )
}

function AddForm({ kind, websiteId, onDone }: { kind: Kind; websiteId: number; onDone: () => void }) {
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  const [generation, setGeneration] = useState(0)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      await save(kind, websiteId, fieldsOf(kind, new FormData(event.currentTarget)))
      setGeneration((value) => value + 1)
      onDone()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form key={generation} onSubmit={submit} noValidate className="mb-4 grid gap-2 rounded-card border border-dashed border-line p-3">
      <Problem failure={failure} />
      <div className="flex flex-wrap items-end gap-3">
        <Fields kind={kind} />
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Adding…' : `Add ${NOUN[kind]}`}
        </button>
      </div>
    </form>
  )
}

function RowForm({ kind, websiteId, row: opened, position, count, canMove, onMove, onDone }: { kind: Kind; websiteId: number; row: Row; position: number; count: number; canMove: boolean; onMove: (from: number, to: number) => void; onDone: () => void }) {
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  // The version this page last saved: the next save sends it even before the refreshed list arrives.
  const [version, setVersion] = useState(opened.version)
  const row = { ...opened, version }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    try {
      const answer = await save(kind, websiteId, fieldsOf(kind, new FormData(event.currentTarget)), row)
      setVersion(answer.version)
      onDone()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  async function drop() {
    if (!window.confirm(`Delete the ${NOUN[kind]} “${row.name}”?`)) return
    setBusy(true)
    setFailure(null)
    try {
      await remove(kind, websiteId, row)
      onDone()
    } catch (error) {
      setFailure(failureOf(error))
      setBusy(false)
    }
  }

  return (
    <li className="border-b border-line py-3 last:border-b-0" data-testid={`${kind}-row`}>
      <form onSubmit={submit} noValidate className="grid gap-2">
        <Problem failure={failure} />
        <div className="flex flex-wrap items-end gap-3">
          <Fields kind={kind} row={row} />
          <span className="pb-2 text-sm whitespace-nowrap text-muted">{row.productCount === 1 ? '1 product' : `${row.productCount} products`}</span>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={SECONDARY_BUTTON_CLASS} disabled={busy}>
              Save
            </button>
            {canMove ? (
              <>
                <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy || position === 0} onClick={() => onMove(position, position - 1)} aria-label={`Move ${row.name} up`}>
                  ↑
                </button>
                <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy || position === count - 1} onClick={() => onMove(position, position + 1)} aria-label={`Move ${row.name} down`}>
                  ↓
                </button>
              </>
            ) : null}
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} disabled={busy} onClick={() => void drop()}>
              Delete
            </button>
          </div>
        </div>
      </form>
    </li>
  )
}

function Section({ kind, title, intro, websiteId, rows, reorderable }: { kind: Kind; title: string; intro: string; websiteId: number; rows: Row[]; reorderable: boolean }) {
  const router = useRouter()
  const [failure, setFailure] = useState<Failure | null>(null)
  const [order, setOrder] = useState<number[] | null>(null)
  const [moving, setMoving] = useState(false)
  const refresh = () => router.refresh()
  // The order last saved here while the page's list holds the same entries (its refresh may still be on its way).
  const serverIds = rows.map((row) => row.id)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const shown = order !== null && order.length === serverIds.length && order.every((id) => byId.has(id)) ? order.map((id) => byId.get(id)!) : rows

  async function move(from: number, to: number) {
    if (moving || to < 0 || to >= shown.length) return
    const ids = shown.map((row) => row.id)
    const [moved] = ids.splice(from, 1)
    ids.splice(to, 0, moved!)
    const previous = order
    setOrder(ids)
    setMoving(true)
    setFailure(null)
    try {
      if (kind === 'category') await adminMutation('catalog.reorderCategories', { websiteId, ids })
      else await adminMutation('catalog.reorderColors', { websiteId, ids })
      refresh()
    } catch (error) {
      setOrder(previous)
      setFailure(failureOf(error))
    } finally {
      setMoving(false)
    }
  }

  return (
    <section id={`${kind}-section`} aria-labelledby={`${kind}-heading`} className="mb-10 rounded-card border border-line bg-white p-5">
      <h2 id={`${kind}-heading`} className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-muted">({rows.length})</span>
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-sm text-muted">{intro}</p>
      <AddForm kind={kind} websiteId={websiteId} onDone={refresh} />
      <Problem failure={failure} />
      {shown.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ul aria-busy={moving}>
          {shown.map((row, position) => (
            <RowForm key={`${row.id}:${row.version}`} kind={kind} websiteId={websiteId} row={row} position={position} count={shown.length} canMove={reorderable} onMove={(from, to) => void move(from, to)} onDone={refresh} />
          ))}
        </ul>
      )}
    </section>
  )
}

export function CatalogTaxonomy({ websiteId, data }: { websiteId: number; data: CatalogTaxonomyData }) {
  return (
    <div>
      <nav aria-label="Sections" className="mb-6 flex flex-wrap gap-2 text-sm">
        {(
          [
            ['category', 'Categories'],
            ['brand', 'Brands'],
            ['color', 'Colours'],
            ['size', 'Sizes'],
          ] as const
        ).map(([kind, label]) => (
          <a key={kind} href={`#${kind}-section`} className="rounded-full border border-line px-3 py-1 hover:bg-soft">
            {label}
          </a>
        ))}
      </nav>
      <Section
        kind="category"
        title="Categories"
        intro="This store’s categories, in the order the shop lists them. The slug is the category’s address in the shop (lowercase letters, digits and hyphens)."
        websiteId={websiteId}
        rows={data.categories}
        reorderable
      />
      <Section kind="brand" title="Brands" intro="Brands are shared by every store. Counts are this store’s products." websiteId={websiteId} rows={data.brands} reorderable={false} />
      <Section
        kind="color"
        title="Colours"
        intro="Colours are shared by every store, in the order product pages offer them. The CSS colour draws the swatch: #rrggbb, #rgb or rgb(r, g, b)."
        websiteId={websiteId}
        rows={data.colors}
        reorderable
      />
      <Section
        kind="size"
        title="Sizes"
        intro="Sizes are shared by every store and always show in the standard order (XS, S, M, L, XL, XXL, 2XL …); sizes outside it follow, 28 before 30."
        websiteId={websiteId}
        rows={data.sizes}
        reorderable={false}
      />
    </div>
  )
}
