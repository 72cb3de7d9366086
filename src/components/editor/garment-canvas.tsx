'use client'

import { useTranslations } from 'next-intl'
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { EditorStore } from '@/client/editor/editor-store'
import { applyKey, aspectRatioOf, type Box, moveBy, resizeTo, snapToCenterLine } from '@/isomorphic/decoration-placement'
import type { Decoration, DecorationOptions, GarmentView, PrintArea, UploadedArtwork } from '@/isomorphic/decoration-types'
import { DecorationArt } from './decoration-art'

type Drag = {
  kind: 'move' | 'resize'
  index: number
  pointerId: number
  startX: number
  startY: number
  start: Box
  /** CSS pixels per inch of the view as drawn when the drag started. */
  scale: number
  gesture: string
  moved: boolean
}

type GarmentCanvasProps = {
  store: EditorStore
  view: GarmentView
  options: DecorationOptions
  productName: string
  /** Indexes of decorations that break a placement rule. */
  invalid: ReadonlySet<number>
  /** Accessible name of decoration `index`, with its position and size in inches. */
  describe: (index: number) => string
  /** Says something in the editor's live region. */
  announce: (message: string) => void
  /** Id of the keyboard help the decorations point to. */
  helpId: string
  artworks: readonly UploadedArtwork[]
}

let gestures = 0

const percent = (value: number, of: number) => `${(value / of) * 100}%`

/**
 * One view of the garment, scaled to fit, with its print areas outlined and the decorations placed on
 * it: each can be dragged (mouse, pen or touch), resized from its corner handle and moved or resized
 * with the keyboard, always within its area and snapping to the area's centre line while dragged.
 */
export function GarmentCanvas({ store, view, options, productName, invalid, describe, announce, helpId, artworks }: GarmentCanvasProps) {
  const t = useTranslations('editor')
  const decorations = useStore(store, (state) => state.decorations)
  const selected = useStore(store, (state) => state.selected)
  const canvasRef = useRef<HTMLDivElement>(null)
  const drag = useRef<Drag | null>(null)
  const [guide, setGuide] = useState<number | null>(null)

  const areas = options.printAreas.filter((area) => area.view === view.view)
  const areaOf = (decoration: Decoration) => options.printAreas.find((area) => area.id === decoration.printAreaId)
  const selectedArea = selected !== null ? areaOf(decorations[selected]!) : undefined
  const shown = decorations.map((decoration, index) => ({ decoration, index, area: areaOf(decoration) })).filter((item) => item.area?.view === view.view)

  const startDrag = (event: PointerEvent<HTMLElement>, index: number, kind: Drag['kind']) => {
    if (event.button !== 0) return
    const decoration = store.getState().decorations[index]
    const canvas = canvasRef.current
    if (!decoration || !canvas) return
    event.preventDefault()
    event.stopPropagation()
    store.getState().select(index)
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = {
      kind,
      index,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: { x: decoration.x, y: decoration.y, width: decoration.width, height: decoration.height },
      scale: canvas.getBoundingClientRect().width / view.width,
      gesture: `drag-${++gestures}`,
      moved: false,
    }
    if (kind === 'move') (event.currentTarget as HTMLElement).focus({ preventScroll: true })
  }

  const continueDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    const decoration = store.getState().decorations[current.index]
    const area = decoration && areaOf(decoration)
    if (!decoration || !area || current.scale <= 0) return
    const dx = (event.clientX - current.startX) / current.scale
    const dy = (event.clientY - current.startY) / current.scale
    if (!current.moved && Math.hypot(dx, dy) * current.scale < 3) return
    current.moved = true
    let box: Box
    if (current.kind === 'move') {
      const snapped = snapToCenterLine(moveBy(current.start, dx, dy, area), area)
      box = snapped.box
      setGuide(snapped.snapped ? area.id : null)
    } else {
      const ratio = aspectRatioOf(decoration, options.logos)
      box = resizeTo(current.start, Math.max(current.start.width + dx, (current.start.height + dy) * ratio), area, ratio)
    }
    store.getState().change(current.index, { ...decoration, ...box }, current.gesture)
  }

  const endDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    drag.current = null
    setGuide(null)
    store.getState().settle()
    if (current.moved) announce(describe(current.index))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const decoration = store.getState().decorations[index]
    const area = decoration && areaOf(decoration)
    if (!decoration || !area) return
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      const name = describe(index)
      store.getState().remove(index)
      announce(t('removed', { name }))
      canvasRef.current?.focus()
      return
    }
    if (event.key === 'Escape') {
      store.getState().select(null)
      return
    }
    const box = applyKey(decoration, event, area, aspectRatioOf(decoration, options.logos))
    if (!box) return
    event.preventDefault()
    store.getState().change(index, { ...decoration, ...box })
    announce(describe(index))
  }

  return (
    <div
      ref={canvasRef}
      tabIndex={-1}
      className="relative mx-auto touch-manipulation overflow-hidden rounded-card bg-soft outline-none select-none"
      style={{ aspectRatio: `${view.width} / ${view.height}`, width: `min(100%, calc(70vh * ${view.width / view.height}))` }}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) store.getState().select(null)
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- the server's own rendering of the garment, drawn at the view's size */}
      <img
        src={view.imageUrl}
        alt={t('garmentAlt', { name: productName, view: t(`view.${view.view}`) })}
        draggable={false}
        className="pointer-events-none absolute inset-0 size-full object-contain"
      />

      {areas.map((area) => (
        <AreaOutline key={area.id} area={area} view={view} highlighted={area.id === selectedArea?.id} showGuide={guide === area.id} />
      ))}

      {shown.map(({ decoration, index, area }) => {
        const isSelected = index === selected
        const isInvalid = invalid.has(index)
        return (
          <div
            key={index}
            role="button"
            tabIndex={0}
            aria-roledescription={t('decorationRole')}
            aria-label={describe(index)}
            aria-describedby={helpId}
            aria-pressed={isSelected}
            data-selected={isSelected || undefined}
            className={`absolute cursor-move touch-none outline-offset-2 ${
              isSelected ? 'outline-2 outline-accent' : 'hover:outline-1 hover:outline-accent/60'
            } ${isInvalid ? 'outline-2 outline-danger outline-dashed' : ''}`}
            style={{
              left: percent(area!.x + decoration.x, view.width),
              top: percent(area!.y + decoration.y, view.height),
              width: percent(decoration.width, view.width),
              height: percent(decoration.height, view.height),
            }}
            onFocus={() => {
              if (store.getState().selected !== index) store.getState().select(index)
            }}
            onPointerDown={(event) => startDrag(event, index, 'move')}
            onPointerMove={continueDrag}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <DecorationArt decoration={decoration} options={options} artworks={artworks} />
            {isSelected ? (
              <span
                aria-hidden="true"
                className="absolute right-0 bottom-0 size-5 translate-x-1/2 translate-y-1/2 cursor-nwse-resize touch-none rounded-full border-2 border-white bg-accent shadow pointer-coarse:size-10 pointer-coarse:translate-x-full pointer-coarse:translate-y-full"
                onPointerDown={(event) => startDrag(event, index, 'resize')}
                onPointerMove={(event) => {
                  event.stopPropagation()
                  continueDrag(event)
                }}
                onPointerUp={(event) => {
                  event.stopPropagation()
                  endDrag(event)
                }}
                onPointerCancel={(event) => {
                  event.stopPropagation()
                  endDrag(event)
                }}
              />
            ) : null}
          </div>
        )
      })}
    </div>
  )
}

function AreaOutline({ area, view, highlighted, showGuide }: { area: PrintArea; view: GarmentView; highlighted: boolean; showGuide: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none absolute border border-dashed ${highlighted ? 'border-accent bg-accent/5' : 'border-ink/35'}`}
      style={{
        left: percent(area.x, view.width),
        top: percent(area.y, view.height),
        width: percent(area.width, view.width),
        height: percent(area.height, view.height),
      }}
    >
      <span
        className={`absolute top-0 left-0 px-1 text-[0.65rem] leading-4 font-medium whitespace-nowrap sm:text-xs ${
          highlighted ? 'bg-accent text-white' : 'bg-white/80 text-muted'
        }`}
      >
        {area.name}
      </span>
      {showGuide ? <span data-testid="center-guide" className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-accent" /> : null}
    </div>
  )
}
