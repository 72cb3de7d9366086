'use client'

import { useTranslations } from 'next-intl'
import { type KeyboardEvent, type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { EditorStore } from '@/client/editor/editor-store'
import { anchoredScroll, clampZoom, wheelZoom } from '@/client/editor/zoom'
import { applyKey, aspectRatioOf, type Box, moveBy, placeAreaLabels, resizeTo, snapToCenterLine } from '@/isomorphic/decoration-placement'
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
  /** How far the preview is zoomed (1 = the whole view fits), and how to change it (pinch, Ctrl + wheel). */
  zoom: number
  onZoom: (zoom: number) => void
}

/** A point of the view (fractions of its width and height) to keep under a spot of the viewport (pixels from its corner) while zooming. */
type ZoomAnchor = { fx: number; fy: number; ox: number; oy: number }

// Print area names: 11 px type on a 16 px line, about 0.62 em a character, with 4 px either side.
const LABEL_FONT_PX = 11
const LABEL_LINE_PX = 16
const labelWidthPx = (name: string) => Math.ceil([...name].length * LABEL_FONT_PX * 0.62 + 8)

let gestures = 0

const percent = (value: number, of: number) => `${(value / of) * 100}%`

/**
 * One view of the garment, scaled to fit, with its print areas outlined and the decorations placed on
 * it: each can be dragged (mouse, pen or touch), resized from its corner handle and moved or resized
 * with the keyboard, always within its area and snapping to the area's centre line while dragged.
 */
export function GarmentCanvas({ store, view, options, productName, invalid, describe, announce, helpId, artworks, zoom, onZoom }: GarmentCanvasProps) {
  const t = useTranslations('editor')
  const decorations = useStore(store, (state) => state.decorations)
  const selected = useStore(store, (state) => state.selected)
  const canvasRef = useRef<HTMLDivElement>(null)
  const viewportRef = useRef<HTMLDivElement>(null)
  const drag = useRef<Drag | null>(null)
  const [guide, setGuide] = useState<number | null>(null)
  const [canvasPx, setCanvasPx] = useState<number | null>(null)
  const anchor = useRef<ZoomAnchor | null>(null)
  const zoomRef = useRef(zoom)
  const onZoomRef = useRef(onZoom)
  useEffect(() => {
    zoomRef.current = zoom
    onZoomRef.current = onZoom
  })

  const areas = options.printAreas.filter((area) => area.view === view.view)
  const areaOf = (decoration: Decoration) => options.printAreas.find((area) => area.id === decoration.printAreaId)
  const selectedArea = selected !== null ? areaOf(decorations[selected]!) : undefined
  const shown = decorations.map((decoration, index) => ({ decoration, index, area: areaOf(decoration) })).filter((item) => item.area?.view === view.view)

  // The names of the print areas, placed clear of every decoration and of one another (issue 17).
  const labels = useMemo(() => {
    if (!canvasPx) return new Map<number, Box>()
    const inchesPerPx = view.width / canvasPx
    const sizes = new Map(areas.map((area) => [area.id, { width: labelWidthPx(area.name) * inchesPerPx, height: LABEL_LINE_PX * inchesPerPx }]))
    return placeAreaLabels(areas, decorations, (id) => sizes.get(id)!, view)
  }, [areas, decorations, canvasPx, view])

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const observer = new ResizeObserver(([entry]) => setCanvasPx(entry ? entry.contentRect.width : null))
    observer.observe(canvas)
    return () => observer.disconnect()
  }, [])

  // Zooming keeps a point in place: the pointer's for the wheel, the fingers' midpoint for a pinch,
  // else (the zoom buttons, another view) the selected decoration or the middle of the print areas.
  useLayoutEffect(() => {
    const viewport = viewportRef.current
    const canvas = canvasRef.current
    if (!viewport || !canvas) return
    const state = store.getState()
    const current = state.selected !== null ? state.decorations[state.selected] : undefined
    const area = current && options.printAreas.find((candidate) => candidate.id === current.printAreaId && candidate.view === view.view)
    const onView = options.printAreas.filter((candidate) => candidate.view === view.view)
    let focus = { x: view.width / 2, y: view.height / 2 }
    if (current && area) focus = { x: area.x + current.x + current.width / 2, y: area.y + current.y + current.height / 2 }
    else if (onView.length > 0) {
      const left = Math.min(...onView.map((candidate) => candidate.x))
      const top = Math.min(...onView.map((candidate) => candidate.y))
      const right = Math.max(...onView.map((candidate) => candidate.x + candidate.width))
      const bottom = Math.max(...onView.map((candidate) => candidate.y + candidate.height))
      focus = { x: (left + right) / 2, y: (top + bottom) / 2 }
    }
    const point = anchor.current ?? { fx: focus.x / view.width, fy: focus.y / view.height, ox: viewport.clientWidth / 2, oy: viewport.clientHeight / 2 }
    anchor.current = null
    viewport.scrollLeft = anchoredScroll(point.fx, point.ox, canvas.offsetWidth, viewport.clientWidth)
    viewport.scrollTop = anchoredScroll(point.fy, point.oy, canvas.offsetHeight, viewport.clientHeight)
  }, [zoom, view, options.printAreas, store])

  // Ctrl + wheel (a trackpad's pinch arrives as one) and a two-finger pinch zoom the preview, not the page.
  useEffect(() => {
    const viewport = viewportRef.current
    const canvas = canvasRef.current
    if (!viewport || !canvas) return
    const zoomAt = (next: number, clientX: number, clientY: number) => {
      if (next === zoomRef.current) return
      const outer = viewport.getBoundingClientRect()
      const inner = canvas.getBoundingClientRect()
      anchor.current = {
        fx: (clientX - inner.left) / inner.width,
        fy: (clientY - inner.top) / inner.height,
        ox: clientX - outer.left,
        oy: clientY - outer.top,
      }
      onZoomRef.current(next)
    }
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return
      event.preventDefault()
      zoomAt(wheelZoom(zoomRef.current, event.deltaY), event.clientX, event.clientY)
    }
    let pinch: { distance: number; zoom: number } | null = null
    const spread = (touches: TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY)
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return
      // A second finger turns a drag into a pinch: the drag so far is kept as one step.
      if (drag.current) {
        drag.current = null
        setGuide(null)
        store.getState().settle()
      }
      pinch = { distance: Math.max(spread(event.touches), 1), zoom: zoomRef.current }
    }
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return
      event.preventDefault()
      const [a, b] = [event.touches[0]!, event.touches[1]!]
      zoomAt(clampZoom((pinch.zoom * spread(event.touches)) / pinch.distance), (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2)
    }
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null
    }
    viewport.addEventListener('wheel', onWheel, { passive: false })
    viewport.addEventListener('touchstart', onTouchStart, { passive: true })
    viewport.addEventListener('touchmove', onTouchMove, { passive: false })
    viewport.addEventListener('touchend', onTouchEnd)
    viewport.addEventListener('touchcancel', onTouchEnd)
    return () => {
      viewport.removeEventListener('wheel', onWheel)
      viewport.removeEventListener('touchstart', onTouchStart)
      viewport.removeEventListener('touchmove', onTouchMove)
      viewport.removeEventListener('touchend', onTouchEnd)
      viewport.removeEventListener('touchcancel', onTouchEnd)
    }
  }, [store])

  const startDrag = (event: PointerEvent<HTMLElement>, index: number, kind: Drag['kind']) => {
    if (event.button !== 0 || (drag.current && drag.current.pointerId !== event.pointerId)) return
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

  const zoomed = zoom > 1
  return (
    <div
      ref={viewportRef}
      data-testid="editor-viewport"
      // Zoomed in, the preview scrolls: it is then a region a keyboard can scroll too.
      role={zoomed ? 'region' : undefined}
      aria-label={zoomed ? t('zoomedRegion', { percent: Math.round(zoom * 100) }) : undefined}
      tabIndex={zoomed ? 0 : undefined}
      className={`relative mx-auto rounded-card bg-soft outline-offset-2 select-none ${zoomed ? 'overflow-auto overscroll-contain' : 'overflow-hidden'}`}
      style={{
        aspectRatio: `${view.width} / ${view.height}`,
        // As large as the column, and on a desktop as tall as the window leaves room for (header and toolbar).
        width: `min(100%, calc((100svh - 14rem) * ${view.width / view.height}))`,
        touchAction: 'pan-x pan-y',
      }}
    >
      <div
        ref={canvasRef}
        tabIndex={-1}
        className="relative outline-none"
        style={{ aspectRatio: `${view.width} / ${view.height}`, width: `${zoom * 100}%` }}
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
        {areas.map((area) => {
          const label = labels.get(area.id)
          if (!label) return null
          return (
            <span
              key={area.id}
              aria-hidden="true"
              data-testid="area-label"
              className="pointer-events-none absolute overflow-hidden rounded-sm bg-white/90 px-1 text-[11px] leading-4 font-medium text-ellipsis whitespace-nowrap text-ink"
              style={{ left: percent(label.x, view.width), top: percent(label.y, view.height), width: percent(label.width, view.width), height: percent(label.height, view.height) }}
            >
              {area.name}
            </span>
          )
        })}

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
              // On a touch screen a small decoration is still a 44 px target: its box reaches out around it, centred (issue 27).
              className={`absolute cursor-move touch-none outline-offset-2 pointer-coarse:after:absolute pointer-coarse:after:top-1/2 pointer-coarse:after:left-1/2 pointer-coarse:after:min-h-11 pointer-coarse:after:min-w-11 pointer-coarse:after:size-full pointer-coarse:after:-translate-1/2 pointer-coarse:after:content-[''] ${
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
                  data-testid="resize-handle"
                  // Off the corner, outside the decoration: a small logo is never covered by its own handle.
                  className="absolute top-full left-full z-10 size-5 cursor-nwse-resize touch-none rounded-full border-2 border-white bg-accent shadow pointer-coarse:size-11"
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
      {showGuide ? <span data-testid="center-guide" className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-accent" /> : null}
    </div>
  )
}
