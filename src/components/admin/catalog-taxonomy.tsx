'use client'

import { useRouter } from 'next/navigation'
import { Fragment, type ReactNode, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { type CatalogPanel, TAXONOMY_NOUN, type TaxonomyFields, type TaxonomyKind, type TaxonomyRow, isOpen, movedIds, productCountLabel, rowDetail, rowsInOrder, taxonomyFieldsOf, togglePanel } from '@/client/admin/catalog-rows'
import { type ConsoleForm as ConsoleFormModel, useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { CatalogTaxonomyData } from '@/isomorphic/contract/admin-catalog'
import { CSS_COLOR_PATTERN } from '@/isomorphic/contract/field-rules'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// The catalog's vocabulary (issue 16), as compact tables (issue 26): the store's categories, and the
// brands, colours and sizes all stores share, one row each (name, slug or swatch, how many products
// use it). A row's Edit opens its panel under it, with one Save and Delete (refused while products
// use it); "Add …" opens the same panel empty. Up/Down where the order is the shop's (categories,
// colours). Sizes always show in the standard size order.

function Swatch({ css }: { css: string }) {
  const valid = CSS_COLOR_PATTERN.test(css)
  return <span aria-hidden="true" className="inline-block size-6 shrink-0 rounded-md border border-line" style={valid ? { background: css } : undefined} />
}

function removeEntry(kind: TaxonomyKind, websiteId: number, row: TaxonomyRow) {
  const value = { websiteId, id: row.id, version: row.version }
  if (kind === 'category') return adminMutation('catalog.deleteCategory', value)
  if (kind === 'brand') return adminMutation('catalog.deleteBrand', value)
  if (kind === 'color') return adminMutation('catalog.deleteColor', value)
  return adminMutation('catalog.deleteSize', value)
}

type EditorProps = { kind: TaxonomyKind; websiteId: number; row?: TaxonomyRow; onClose: () => void }

/** The id and opened version of an entry being changed; nothing for a new one. */
const idOf = (row?: TaxonomyRow) => (row ? { id: row.id, version: row.version } : {})

function useClosingSave(onClose: () => void) {
  const router = useRouter()
  return () => {
    onClose()
    router.refresh()
  }
}

function CategoryEditor({ websiteId, row, onClose }: EditorProps) {
  const onSaved = useClosingSave(onClose)
  const form = useConsoleForm({
    mutation: 'catalog.saveCategory',
    defaultValues: taxonomyFieldsOf(row),
    toValue: (fields) => ({ websiteId, ...idOf(row), name: fields.name.trim(), slug: fields.slug.trim() }),
    savedMessage: row ? 'Saved.' : 'Category added.',
    onSaved,
  })
  return (
    <EditorFrame kind="category" websiteId={websiteId} row={row} form={form} onClose={onClose}>
      <FormField form={form} name="slug" label="Slug" hint="The category’s address in the shop: lowercase letters, digits and hyphens.">
        <TextInput {...form.register('slug')} required pattern="[a-z0-9]+(-[a-z0-9]+)*" className="font-mono" />
      </FormField>
    </EditorFrame>
  )
}

function ColorEditor({ websiteId, row, onClose }: EditorProps) {
  const onSaved = useClosingSave(onClose)
  const form = useConsoleForm({
    mutation: 'catalog.saveColor',
    defaultValues: taxonomyFieldsOf(row),
    toValue: (fields) => ({ websiteId, ...idOf(row), name: fields.name.trim(), css: fields.css.trim() }),
    savedMessage: row ? 'Saved.' : 'Colour added.',
    onSaved,
  })
  const css = form.watch('css')
  return (
    <EditorFrame kind="color" websiteId={websiteId} row={row} form={form} onClose={onClose}>
      <div className="flex min-w-0 items-end gap-2">
        <div className="min-w-0 flex-1">
          <FormField form={form} name="css" label="CSS colour" hint="#rrggbb, #rgb or rgb(r, g, b).">
            <TextInput {...form.register('css')} required className="font-mono" placeholder="#1f2a44" />
          </FormField>
        </div>
        <input
          type="color"
          aria-label="Pick the colour"
          value={/^#[0-9a-f]{6}$/i.test(css) ? css : '#000000'}
          onChange={(event) => form.setValue('css', event.target.value, { shouldDirty: true })}
          className="mb-6 h-10 w-10 shrink-0 cursor-pointer rounded-md border border-line bg-white"
        />
      </div>
    </EditorFrame>
  )
}

function NameEditor({ kind, websiteId, row, onClose }: EditorProps & { kind: 'brand' | 'size' }) {
  const onSaved = useClosingSave(onClose)
  const form = useConsoleForm({
    mutation: kind === 'brand' ? 'catalog.saveBrand' : 'catalog.saveSize',
    defaultValues: taxonomyFieldsOf(row),
    toValue: (fields) => ({ websiteId, ...idOf(row), name: fields.name.trim() }),
    savedMessage: row ? 'Saved.' : kind === 'brand' ? 'Brand added.' : 'Size added.',
    onSaved,
  })
  return <EditorFrame kind={kind} websiteId={websiteId} row={row} form={form} onClose={onClose} />
}

/** The panel's frame: the name, the kind's own fields, one Save (or "Add …"), Delete, Close. */
function EditorFrame({ kind, websiteId, row, form, onClose, children }: EditorProps & { form: ConsoleFormModel<TaxonomyFields>; children?: ReactNode }) {
  const noun = TAXONOMY_NOUN[kind]
  const title = row ? `Edit ${noun} ${row.name}` : `New ${noun}`
  const drop = (entry: TaxonomyRow) => form.run(() => removeEntry(kind, websiteId, entry), { confirm: `Delete the ${noun} “${entry.name}”?`, savedMessage: 'Deleted.' })
  return (
    <ConsoleForm
      form={form}
      label={title}
      className="grid gap-3 rounded-card border border-accent/40 bg-soft p-4"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form} busyLabel={row ? 'Saving…' : 'Adding…'}>
            {row ? 'Save' : `Add ${noun}`}
          </SubmitButton>
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onClose}>
            Close
          </button>
          {row ? (
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger sm:ml-auto`} disabled={form.busy} onClick={() => void drop(row)}>
              Delete
            </button>
          ) : null}
        </div>
      }
    >
      <h3 className="text-base font-semibold">{title}</h3>
      <FormField form={form} name="name" label="Name">
        <TextInput {...form.register('name')} required maxLength={100} autoFocus />
      </FormField>
      {children}
    </ConsoleForm>
  )
}

function Editor(props: EditorProps) {
  if (props.kind === 'category') return <CategoryEditor {...props} />
  if (props.kind === 'color') return <ColorEditor {...props} />
  return <NameEditor {...props} kind={props.kind} />
}

function Section({
  kind,
  title,
  intro,
  websiteId,
  rows,
  reorderable,
  panel,
  onPanel,
}: {
  kind: TaxonomyKind
  title: string
  intro: string
  websiteId: number
  rows: TaxonomyRow[]
  reorderable: boolean
  panel: CatalogPanel
  onPanel: (kind: TaxonomyKind, id: number | 'new' | null) => void
}) {
  const [order, setOrder] = useState<number[] | null>(null)
  const moving = useConsoleAction()
  const shown = rowsInOrder(rows, order)
  const noun = TAXONOMY_NOUN[kind]
  const close = () => onPanel(kind, null)

  async function move(from: number, to: number) {
    const ids = movedIds(
      shown.map((row) => row.id),
      from,
      to,
    )
    if (moving.busy || ids === null) return
    const previous = order
    setOrder(ids)
    const outcome = await moving.run(() => (kind === 'category' ? adminMutation('catalog.reorderCategories', { websiteId, ids }) : adminMutation('catalog.reorderColors', { websiteId, ids })), { savedMessage: 'Order saved.' })
    if (!outcome.ok) setOrder(previous)
  }

  return (
    <section id={`${kind}-section`} aria-labelledby={`${kind}-heading`} className="mb-6 min-w-0 rounded-card border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${kind}-heading`} className="text-lg font-semibold">
          {title} <span className="text-sm font-normal text-muted">({rows.length})</span>
        </h2>
        <button type="button" className={SECONDARY_BUTTON_CLASS} aria-expanded={isOpen(panel, kind, 'new')} onClick={() => onPanel(kind, 'new')}>
          Add {noun}
        </button>
      </div>
      <p className="mt-1 mb-3 max-w-3xl text-sm text-muted">{intro}</p>
      {isOpen(panel, kind, 'new') ? (
        <div className="mb-3">
          <Editor kind={kind} websiteId={websiteId} onClose={close} />
        </div>
      ) : null}
      <SaveOutcome status={moving.status} />
      {shown.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-busy={moving.busy || undefined}>
            <thead>
              <tr className="border-b border-line text-left text-xs text-muted uppercase">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 font-medium whitespace-nowrap">
                  Used by
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row, position) => {
                const open = isOpen(panel, kind, row.id)
                const detail = rowDetail(kind, row)
                return (
                  <Fragment key={row.id}>
                    <tr className="border-b border-line last:border-b-0" data-testid={`${kind}-row`} data-name={row.name}>
                      <td className="py-2 pr-3">
                        <span className="flex min-w-0 items-center gap-2">
                          {kind === 'color' ? <Swatch css={row.css ?? ''} /> : null}
                          <span className="min-w-0">
                            <span className="block font-medium break-words">{row.name}</span>
                            {detail ? <span className="block font-mono text-xs break-all text-muted">{detail}</span> : null}
                          </span>
                        </span>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap text-muted">{productCountLabel(row.productCount)}</td>
                      <td className="py-2 text-right whitespace-nowrap">
                        {reorderable ? (
                          <>
                            <button type="button" className="rounded-md px-2 py-1 hover:bg-soft disabled:opacity-40" disabled={moving.busy || position === 0} onClick={() => void move(position, position - 1)} aria-label={`Move ${row.name} up`}>
                              ↑
                            </button>
                            <button type="button" className="rounded-md px-2 py-1 hover:bg-soft disabled:opacity-40" disabled={moving.busy || position === shown.length - 1} onClick={() => void move(position, position + 1)} aria-label={`Move ${row.name} down`}>
                              ↓
                            </button>
                          </>
                        ) : null}
                        <button type="button" className="ml-1 rounded-md border border-line px-3 py-1 font-semibold hover:bg-soft" aria-expanded={open} aria-label={`Edit ${row.name}`} onClick={() => onPanel(kind, row.id)}>
                          Edit
                        </button>
                      </td>
                    </tr>
                    {open ? (
                      <tr>
                        <td colSpan={3} className="pb-3">
                          <Editor key={row.version} kind={kind} websiteId={websiteId} row={row} onClose={close} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

const SECTIONS = [
  ['category', 'Categories'],
  ['brand', 'Brands'],
  ['color', 'Colours'],
  ['size', 'Sizes'],
] as const

export function CatalogTaxonomy({ websiteId, data }: { websiteId: number; data: CatalogTaxonomyData }) {
  const [panel, setPanel] = useState<CatalogPanel>(null)
  const onPanel = (kind: TaxonomyKind, id: number | 'new' | null) => setPanel((current) => (id === null ? null : togglePanel(current, kind, id)))
  const shared = { websiteId, panel, onPanel }
  return (
    <div className="min-w-0">
      <nav aria-label="Sections" className="mb-4 flex flex-wrap gap-2 text-sm">
        {SECTIONS.map(([kind, label]) => (
          <a key={kind} href={`#${kind}-section`} className="rounded-full border border-line px-3 py-1 hover:bg-soft">
            {label}
          </a>
        ))}
      </nav>
      <div className="grid gap-x-6 xl:grid-cols-2">
        <Section
          kind="category"
          title="Categories"
          intro="This store’s categories, in the order the shop lists them. The slug is the category’s address in the shop."
          rows={data.categories}
          reorderable
          {...shared}
        />
        <Section kind="brand" title="Brands" intro="Brands are shared by every store. Counts are this store’s products." rows={data.brands} reorderable={false} {...shared} />
        <Section kind="color" title="Colours" intro="Colours are shared by every store, in the order product pages offer them. The swatch is drawn with the CSS colour." rows={data.colors} reorderable {...shared} />
        <Section
          kind="size"
          title="Sizes"
          intro="Sizes are shared by every store and always show in the standard order (XS, S, M, L, XL, XXL, 2XL …); sizes outside it follow, 28 before 30."
          rows={data.sizes}
          reorderable={false}
          {...shared}
        />
      </div>
    </div>
  )
}
