'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '@/client/api-client'
import { areasFor, placeArtwork, placeLogo, placeText } from '@/client/editor/decoration-edits'
import { loadDesign, saveDesign } from '@/client/editor/design-api'
import { createEditorStore } from '@/client/editor/editor-store'
import { notify } from '@/client/notify'
import { useCartStore } from '@/client/stores/cart-store'
import { useRouter } from '@/i18n/navigation'
import { formatInches, isOnCenterLine, placementProblems } from '@/isomorphic/decoration-placement'
import { quoteDecorations } from '@/isomorphic/decoration-quote'
import type { Decoration, DecorationOptions, DecorationView, UploadedArtwork } from '@/isomorphic/decoration-types'
import { designSummary } from '@/isomorphic/design-summary'
import { parseQuantity } from '@/isomorphic/quantity'
import { formatCents } from '@/isomorphic/format'
import { fromCents, sumCents, toCents } from '@/isomorphic/money'
import { imagesFor, logoOptions, sizeOptions } from '../product/product-options'
import type { ProductViewData } from '../product/product-view'
import { SizeGrid } from '../product/size-grid'
import { ArtworkUpload } from './artwork-upload'
import { DecorationPanel } from './decoration-panel'
import { GarmentCanvas } from './garment-canvas'

type EditorViewProps = {
  product: ProductViewData
  colorId: number | null
  options: DecorationOptions
  /** A saved design to start from (?design=<id>), when it is for this product. */
  designId?: string | null
}

/**
 * The decoration editor (issue 7): the garment's front and back with their print areas, approved
 * logos and a line of text placed by pointer, touch or keyboard, a live check of the placement
 * rules, the price as it changes, and a size grid that saves the design and adds it to the cart.
 */
export function EditorView({ product, colorId, options, designId = null }: EditorViewProps) {
  const t = useTranslations('editor')
  const router = useRouter()
  const formId = useId()
  const helpId = `${formId}-help`
  const [store] = useState(() => createEditorStore({ view: options.views[0]?.view ?? 'front' }))
  const decorations = useStore(store, (state) => state.decorations)
  const selected = useStore(store, (state) => state.selected)
  const viewName = useStore(store, (state) => state.view)
  const canUndo = useStore(store, (state) => state.past.length > 0)
  const canRedo = useStore(store, (state) => state.future.length > 0)
  const [announcement, setAnnouncement] = useState('')
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [artworks, setArtworks] = useState<UploadedArtwork[]>([])

  useEffect(() => {
    if (!designId) return
    let current = true
    loadDesign(designId).then(
      (design) => {
        if (!current) return
        if (design.productId !== options.productId) return setMessage(t('designOtherProduct'))
        store.getState().load(design.decorations)
        setAnnouncement(t('designLoaded'))
      },
      () => current && setMessage(t('designNotFound')),
    )
    return () => {
      current = false
    }
  }, [designId, options.productId, store, t])

  const view = options.views.find((candidate) => candidate.view === viewName) ?? options.views[0]
  const problems = useMemo(() => placementProblems(decorations, options), [decorations, options])
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.index)), [problems])

  const nameOf = (decoration: Decoration) =>
    decoration.kind === 'text'
      ? t('textName', { text: decoration.text })
      : (options.logos.find((logo) => logo.id === decoration.logoId)?.name ?? t('artworkName'))

  const describe = (index: number) => {
    const decoration = store.getState().decorations[index]
    if (!decoration) return ''
    const area = options.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
    const label = t('decorationLabel', {
      name: nameOf(decoration),
      area: area?.name ?? '',
      x: formatInches(decoration.x),
      y: formatInches(decoration.y),
      width: formatInches(decoration.width),
      height: formatInches(decoration.height),
    })
    const centered = area && isOnCenterLine(decoration, area) ? t('centeredSuffix') : ''
    const problem = placementProblems(store.getState().decorations, options).find((candidate) => candidate.index === index)
    return `${label}${centered}${problem ? t('problemSuffix', { message: problem.message }) : ''}`
  }

  // Announcing the same words twice in a row must still be heard: the region is cleared first.
  const announce = (words: string) => {
    setAnnouncement('')
    requestAnimationFrame(() => setAnnouncement(words))
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      const key = event.key.toLowerCase()
      const state = store.getState()
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault()
        if (state.past.length === 0) return
        state.undo()
        setAnnouncement(t('undone'))
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault()
        if (state.future.length === 0) return
        state.redo()
        setAnnouncement(t('redone'))
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store, t])

  const variantLogos = logoOptions(product, colorId)
  // The line's logo (its decoration partner ships the order) is the design's first approved logo.
  const firstLogo = decorations.find((decoration) => decoration.kind === 'logo' && decoration.logoId !== null)
  const lineLogo = variantLogos.find((logo) => firstLogo?.kind === 'logo' && logo.id === firstLogo.logoId) ?? null
  const sizes = sizeOptions(product, colorId, lineLogo?.id ?? null)
  const quantities = sizes.map((size) => ({ ...size, quantity: parseQuantity(typed[size.name] ?? '') }))
  const totalQuantity = quantities.reduce((sum, size) => sum + size.quantity, 0)
  const garmentCents = sumCents(quantities.map((size) => size.quantity * toCents(size.price)))
  const quote = quoteDecorations(
    decorations.filter((decoration) => options.methods.some((method) => method.code === decoration.method)),
    options.methods,
    totalQuantity,
  )
  const lowestCents = sizes.length > 0 ? Math.min(...sizes.map((size) => toCents(size.price))) : null
  const color = product.attributeValues.find((value) => value.id === colorId)

  const blocker = decorations.length === 0 ? t('addSomething') : problems.length > 0 ? t('fixProblems', { count: problems.length }) : null

  const addDecoration = (placed: { decoration: Decoration; view: DecorationView } | null) => {
    if (!placed) return
    store.getState().add(placed.decoration, placed.view)
    const area = options.printAreas.find((candidate) => candidate.id === placed.decoration.printAreaId)
    announce(t('added', { name: nameOf(placed.decoration), area: area?.name ?? '' }))
  }

  const addToCart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (blocker || saving) return
    const ordered = quantities.filter((size) => size.quantity > 0)
    if (ordered.length === 0) {
      setMessage(t('chooseQuantity'))
      return
    }
    setSaving(true)
    setMessage(null)
    try {
      const saved = await saveDesign({ productId: product.id, colorValueId: colorId, decorations })
      const perUnit = quoteDecorations(saved.decorations, options.methods, 1).perUnit
      useCartStore.getState().addLine({
        productId: product.id,
        name: product.name,
        slug: product.slug,
        templateSkuCode: product.templateSkuCode,
        image: imagesFor(product.images, colorId, lineLogo?.id ?? null)[0] ?? null,
        color: color ? { id: color.id, name: color.name, htmlColor: color.htmlColor ?? null } : null,
        logo: lineLogo
          ? {
              id: lineLogo.id,
              name: lineLogo.name,
              logoInitialPro: lineLogo.logoInitialPro,
              decorationMethod: lineLogo.decorationMethod,
              decoratorPartnerId: lineLogo.decoratorPartnerId,
            }
          : null,
        quantity: Object.fromEntries(ordered.map((size) => [size.name, size.quantity])),
        unitPrices: Object.fromEntries(ordered.map((size) => [size.name, fromCents(toCents(size.price) + perUnit)])),
        variantIds: Object.fromEntries(ordered.map((size) => [size.name, size.variantId])),
        designId: saved.id,
        design: designSummary(saved, options),
      })
      notify.success(t('addedToCart'))
      router.push('/cart')
    } catch (error) {
      setMessage(error instanceof ApiError && error.statusMessage ? error.statusMessage : t('saveFailed'))
      setSaving(false)
    }
  }

  if (!view || options.printAreas.length === 0) {
    return <p className="rounded-card border border-dashed border-line px-6 py-12 text-center text-muted">{t('notDecorable')}</p>
  }

  const selectedDecoration = selected !== null ? decorations[selected] : undefined

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-12">
      <section aria-label={t('canvasLabel')} className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={t('viewLabel')} className="inline-flex rounded-full bg-soft p-1">
            {options.views.map((candidate) => (
              <button
                key={candidate.view}
                type="button"
                aria-pressed={candidate.view === view.view}
                onClick={() => store.getState().setView(candidate.view)}
                className="min-h-10 rounded-full px-4 text-sm font-semibold text-muted aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm"
              >
                {t(`view.${candidate.view}`)}
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={!canUndo}
              onClick={() => {
                store.getState().undo()
                announce(t('undone'))
              }}
              className="btn btn-secondary min-h-10 px-4"
            >
              {t('undo')}
            </button>
            <button
              type="button"
              disabled={!canRedo}
              onClick={() => {
                store.getState().redo()
                announce(t('redone'))
              }}
              className="btn btn-secondary min-h-10 px-4"
            >
              {t('redo')}
            </button>
          </div>
        </div>

        <GarmentCanvas
          store={store}
          view={view}
          options={options}
          productName={product.name}
          invalid={invalid}
          describe={describe}
          announce={announce}
          helpId={helpId}
          artworks={artworks}
        />

        <p id={helpId} className="mt-3 text-sm text-muted">
          {t('keyboardHelp')}
        </p>
        <div role="alert" className="mt-3 space-y-1 text-sm text-danger">
          {problems.map((problem) => (
            <p key={`${problem.index}:${problem.code}`}>
              <span className="font-semibold">{nameOf(decorations[problem.index]!)}:</span> {problem.message}
            </p>
          ))}
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </section>

      <div className="min-w-0 space-y-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">{t('heading', { name: product.name })}</h1>
          {color ? <p className="mt-1 text-sm text-muted">{t('colorName', { name: color.name })}</p> : null}
        </div>

        <section aria-labelledby={`${formId}-add`} className="space-y-3">
          <h2 id={`${formId}-add`} className="text-base font-semibold text-ink">
            {t('addHeading')}
          </h2>
          {options.logos.length > 0 ? (
            <ul role="list" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
              {options.logos.map((logo) => {
                const placed = placeLogo(options, logo, view.view)
                return (
                  <li key={logo.id}>
                    <button
                      type="button"
                      disabled={!placed}
                      aria-label={t('addLogo', { name: logo.name })}
                      onClick={() => addDecoration(placeLogo(options, logo, store.getState().view))}
                      className="flex min-h-14 w-full items-center gap-2 rounded-lg border border-line p-2 text-left text-sm font-medium text-ink hover:border-ink disabled:opacity-50"
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- the store's artwork as served */}
                      <img src={logo.imageUrl} alt="" className="size-10 shrink-0 rounded bg-soft object-contain p-0.5" />
                      <span className="min-w-0 truncate">{logo.name}</span>
                    </button>
                  </li>
                )
              })}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('noLogos')}</p>
          )}
          <button
            type="button"
            disabled={options.fonts.length === 0 || options.palette.length === 0 || areasFor(options, null).length === 0}
            onClick={() =>
              addDecoration(
                placeText(options, { text: t('defaultText'), fontId: options.fonts[0]!.id, color: options.palette[0]!.hex }, store.getState().view),
              )
            }
            className="btn btn-secondary w-full"
          >
            {t('addText')}
          </button>
          {options.uploads.allowed ? (
            <ArtworkUpload
              uploads={options.uploads}
              onUploaded={(artwork) => {
                setArtworks((current) => [...current, artwork])
                addDecoration(placeArtwork(options, artwork, store.getState().view))
              }}
            />
          ) : null}
        </section>

        {decorations.length > 0 ? (
          <section aria-labelledby={`${formId}-list`}>
            <h2 id={`${formId}-list`} className="text-base font-semibold text-ink">
              {t('decorationsHeading')}
            </h2>
            <ul role="list" className="mt-2 space-y-1.5">
              {decorations.map((decoration, index) => {
                const area = options.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
                return (
                  <li key={index}>
                    <button
                      type="button"
                      aria-pressed={index === selected}
                      onClick={() => {
                        store.getState().select(index)
                        if (area) store.getState().setView(area.view)
                      }}
                      className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border border-line px-3 text-left text-sm aria-pressed:border-ink"
                    >
                      <span className="min-w-0 truncate font-medium text-ink">{nameOf(decoration)}</span>
                      <span className={`shrink-0 ${invalid.has(index) ? 'text-danger' : 'text-muted'}`}>
                        {invalid.has(index) ? t('needsAttention') : area?.name}
                      </span>
                    </button>
                  </li>
                )
              })}
            </ul>
          </section>
        ) : null}

        {selected !== null && selectedDecoration ? (
          <DecorationPanel
            key={selected}
            store={store}
            options={options}
            index={selected}
            name={nameOf(selectedDecoration)}
            problems={problems.filter((problem) => problem.index === selected)}
            announce={announce}
          />
        ) : null}

        <form id={formId} onSubmit={addToCart} noValidate className="space-y-6">
          <SizeGrid
            idPrefix={formId}
            sizes={sizes}
            typed={typed}
            onChange={(size, text) => {
              setTyped((current) => ({ ...current, [size]: text }))
              setMessage(null)
            }}
          />

          <div className="rounded-card bg-soft p-5">
            <h2 className="sr-only">{t('priceHeading')}</h2>
            <dl className="grid grid-cols-2 gap-y-2 text-sm" data-testid="editor-price">
              <dt className="text-muted">{t('garmentPrice')}</dt>
              <dd className="text-right text-ink tabular-nums">
                {totalQuantity > 0 ? formatCents(garmentCents) : lowestCents !== null ? t('fromEach', { price: formatCents(lowestCents) }) : '—'}
              </dd>
              <dt className="text-muted">{t('decorationPerUnit')}</dt>
              <dd className="text-right text-ink tabular-nums" data-testid="decoration-per-unit">
                {formatCents(quote.perUnit)}
              </dd>
              <dt className="text-muted">{t('setupFees')}</dt>
              <dd className="text-right text-ink tabular-nums" data-testid="decoration-setup">
                {formatCents(quote.setup)}
              </dd>
              <dt className="text-muted">{t('totalQuantity')}</dt>
              <dd className="text-right text-ink tabular-nums">{totalQuantity}</dd>
              <dt className="font-medium text-ink">{t('estimatedTotal')}</dt>
              <dd className="text-right text-lg font-semibold text-ink tabular-nums" data-testid="editor-total">
                {totalQuantity > 0 ? formatCents(garmentCents + quote.total) : '—'}
              </dd>
            </dl>
            <button type="submit" disabled={blocker !== null || saving || sizes.length === 0} aria-describedby={`${formId}-status`} className="btn btn-primary mt-5 w-full">
              {saving ? t('saving') : t('addToCart')}
            </button>
            <div id={`${formId}-status`} aria-live="polite" className="mt-3 min-h-5 text-center text-sm">
              {message ? <p className="text-danger">{message}</p> : blocker ? <p className="text-muted">{blocker}</p> : <p className="text-muted">{t('estimateNote')}</p>}
            </div>
          </div>
        </form>
      </div>
    </div>
  )
}
