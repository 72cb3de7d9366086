'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useId, useRef, useState } from 'react'
import { areasFor, placeArtwork, placeLogo, placeText } from '@/client/editor/decoration-edits'
import { editorEstimate } from '@/client/editor/editor-page'
import { useEditor } from '@/client/editor/use-editor'
import { MAX_ZOOM, MIN_ZOOM, stepZoom } from '@/client/editor/zoom'
import { useCartStore } from '@/client/stores/cart-store'
import { useHydrated } from '@/client/use-hydrated'
import { defaultTextColor } from '@/isomorphic/decoration-placement'
import { placeholderTexts } from '@/isomorphic/design-summary'
import type { DecorationOptions } from '@/isomorphic/decoration-types'
import { formatCents } from '@/isomorphic/format'
import { toCents } from '@/isomorphic/money'
import { parseQuantity } from '@/isomorphic/quantity'
import { imagesFor, logoOptions, sizeOptions, unitPriceFor } from '../product/product-options'
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
  const formId = useId()
  const helpId = `${formId}-help`
  const [zoom, setZoom] = useState(1)
  const editor = useEditor({ options, designId, productId: product.id, colorId })
  const { store, decorations, selected, view, problems, invalid, nameOf, describe, announce, blocker, addDecoration, typed, message, saving, artworks } = editor

  const variantLogos = logoOptions(product, colorId)
  // The line's logo (its decoration partner ships the order) is the design's first approved logo.
  const firstLogo = decorations.find((decoration) => decoration.kind === 'logo' && decoration.logoId !== null)
  const lineLogo = variantLogos.find((logo) => firstLogo?.kind === 'logo' && logo.id === firstLogo.logoId) ?? null
  const listed = sizeOptions(product, colorId, lineLogo?.id ?? null)
  // The garment's price at every piece of the product the cart will hold (quantity breaks), as on the product page.
  const hydrated = useHydrated()
  const storedPieces = useCartStore((state) => state.orderLines.reduce((sum, line) => (line.productId === product.id ? sum + line.totalQuantity : sum), 0))
  const typedQuantities = listed.map((size) => parseQuantity(typed[size.name] ?? ''))
  const pieces = typedQuantities.reduce((sum, count) => sum + count, 0) + (hydrated ? storedPieces : 0)
  const sizes = listed.map((size) => ({ ...size, price: unitPriceFor(product, size.price, pieces) }))
  const quantities = sizes.map((size, index) => ({ ...size, quantity: typedQuantities[index]! }))
  const { totalQuantity, garmentCents, quote } = editorEstimate(quantities, decorations, options.methods)
  const lowestCents = listed.length > 0 ? Math.min(...listed.map((size) => toCents(size.price))) : null
  const color = product.attributeValues.find((value) => value.id === colorId)
  // New text starts in a colour that reads on the garment (white on white or heather grey would not).
  const textColor = defaultTextColor(options.palette, color?.htmlColor)

  // A text still reading the placeholder is ordered only when the shopper says so (issue 27): the
  // first press says what is left, the second adds the design as it is.
  // On a phone the controls are below the garment: a decoration just added is shown on it (issue 27).
  const canvasRef = useRef<HTMLElement>(null)
  const addAndShow = (decoration: Parameters<typeof addDecoration>[0]) => {
    addDecoration(decoration)
    if (!window.matchMedia('(max-width: 1023.98px)').matches) return
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    requestAnimationFrame(() => canvasRef.current?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' }))
  }
  const placeholders = placeholderTexts(decorations, t('defaultText'))
  const [placeholderNoticed, setPlaceholderNoticed] = useState(false)
  const addToCart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (placeholders.length > 0 && !placeholderNoticed) {
      setPlaceholderNoticed(true)
      return
    }
    void editor.addToCart(
      quantities.filter((size) => size.quantity > 0),
      {
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
      },
    )
  }

  if (!view || options.printAreas.length === 0) {
    return <p className="rounded-card border border-dashed border-line px-6 py-12 text-center text-muted">{t('notDecorable')}</p>
  }

  const selectedDecoration = selected !== null ? decorations[selected] : undefined

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:gap-12">
      {/* On a desktop the preview stays in view while the controls beside it scroll. */}
      {/* On a phone a new decoration is brought into view on the garment (below the sticky header). */}
      <section ref={canvasRef} aria-label={t('canvasLabel')} className="min-w-0 scroll-mt-20 lg:sticky lg:top-28 lg:self-start">
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
          <div role="group" aria-label={t('zoomLabel')} className="inline-flex items-center gap-1">
            <button
              type="button"
              aria-label={t('zoomOut')}
              disabled={zoom <= MIN_ZOOM}
              onClick={() => setZoom((current) => stepZoom(current, -1))}
              className="btn btn-secondary min-h-10 w-10 px-0 text-lg"
            >
              <span aria-hidden="true">−</span>
            </button>
            <button
              type="button"
              aria-label={t('zoomReset', { percent: Math.round(zoom * 100) })}
              disabled={zoom <= MIN_ZOOM}
              onClick={() => setZoom(MIN_ZOOM)}
              className="min-h-10 min-w-14 rounded-full px-2 text-sm font-semibold text-ink tabular-nums disabled:text-muted"
              data-testid="zoom-level"
            >
              {Math.round(zoom * 100)}%
            </button>
            <button
              type="button"
              aria-label={t('zoomIn')}
              disabled={zoom >= MAX_ZOOM}
              onClick={() => setZoom((current) => stepZoom(current, 1))}
              className="btn btn-secondary min-h-10 w-10 px-0 text-lg"
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={!editor.canUndo}
              onClick={editor.undo}
              className="btn btn-secondary min-h-10 px-4"
            >
              {t('undo')}
            </button>
            <button
              type="button"
              disabled={!editor.canRedo}
              onClick={editor.redo}
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
          zoom={zoom}
          onZoom={setZoom}
        />

        {/* Keyboard shortcuts are for a keyboard and a mouse; a touch screen gets the gestures instead. */}
        <p id={helpId} className="mt-3 text-sm text-muted pointer-coarse:hidden" data-testid="keyboard-help">
          {t('keyboardHelp')}
        </p>
        <p className="mt-3 hidden text-sm text-muted pointer-coarse:block" data-testid="touch-help">
          {t('touchHelp')}
        </p>
        <div role="alert" className="mt-3 space-y-1 text-sm text-danger">
          {problems.map((problem) => (
            <p key={`${problem.index}:${problem.code}`}>
              <span className="font-semibold">{nameOf(decorations[problem.index]!)}:</span> {problem.message}
            </p>
          ))}
        </div>
        <p aria-live="polite" className="sr-only">
          {editor.announcement}
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
                      onClick={() => addAndShow(placeLogo(options, logo, store.getState().view))}
                      className="flex min-h-14 w-full items-center gap-2 rounded-lg border border-line p-2 text-left text-sm font-medium text-ink hover:border-ink disabled:opacity-50"
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- the store's artwork as served */}
                      <img src={logo.imageUrl} alt="" className="size-10 shrink-0 rounded bg-soft object-contain p-0.5" />
                      <span className="line-clamp-2 min-w-0 break-words">{logo.name}</span>
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
            disabled={options.fonts.length === 0 || textColor === null || areasFor(options, null).length === 0}
            onClick={() =>
              addAndShow(placeText(options, { text: t('defaultText'), fontId: options.fonts[0]!.id, color: textColor! }, store.getState().view))
            }
            className="btn btn-secondary w-full"
          >
            {t('addText')}
          </button>
          {options.uploads.allowed ? (
            <ArtworkUpload
              uploads={options.uploads}
              onUploaded={(artwork) => {
                editor.uploaded(artwork)
                addAndShow(placeArtwork(options, artwork, store.getState().view))
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
            onChange={editor.type}
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
              {message ? (
                <p className="text-danger">{message}</p>
              ) : blocker ? (
                <p className="text-muted">{blocker}</p>
              ) : placeholders.length > 0 && placeholderNoticed ? (
                <p className="font-medium text-ink" data-testid="placeholder-notice">
                  {t('placeholderNotice', { text: t('defaultText') })}
                </p>
              ) : (
                <p className="text-muted">{t('estimateNote')}</p>
              )}
            </div>
          </div>
        </form>
      </div>
    </div>
  )
}
