'use client'

import { memo, useEffect, useRef, useState } from 'react'
import { shownColor } from '@/isomorphic/catalog-search'
import type { ProductCardData } from '@/isomorphic/catalog-types'
import { ProductCard as ProductCardView } from '../product/product-card'
import { FIRST_SCREEN } from './first-screen'

/** A card the results keep from one search to the next is not rendered again. */
const ProductCard = memo(ProductCardView)

const OVERSCAN_ROWS = 2
export const SHOP_GRID_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 xl:grid-cols-4'

const CARD_SIZES = '(min-width: 1280px) 216px, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 46vw'

type Metrics = { columns: number; rowHeight: number; rowGap: number }
type RowRange = { start: number; end: number }

// The last measurements, so that coming back to the shop (the back button) lays the grid out at
// its full height at once and the browser can restore the scroll position inside it.
let remembered: { metrics: Metrics; listTop: number } | null = null

function sameMetrics(a: Metrics, b: Metrics): boolean {
  return a.columns === b.columns && a.rowGap === b.rowGap && Math.abs(a.rowHeight - b.rowHeight) < 0.5
}

function rowsInView(metrics: Metrics, scrolledInto: number, totalRows: number): RowRange {
  const start = Math.max(0, Math.floor(scrolledInto / metrics.rowHeight) - OVERSCAN_ROWS)
  const end = Math.min(totalRows, Math.ceil((scrolledInto + window.innerHeight) / metrics.rowHeight) + OVERSCAN_ROWS)
  return { start, end: Math.max(start, end) }
}

/**
 * The shop's results: only the rows near the viewport are in the DOM (a few dozen cards whatever
 * the number of products), placed inside a box as tall as all rows would be. Columns come from the
 * CSS grid itself and the row height from the first card, so the layout has one source: the CSS.
 */
export function WindowedProductGrid({
  products,
  label,
  colors,
  search,
}: {
  products: ProductCardData[]
  label: string
  colors: readonly string[]
  /** The search the products answer: a colour it names is the one a card shows. */
  search: string
}) {
  const listRef = useRef<HTMLUListElement>(null)
  const [metrics, setMetrics] = useState<Metrics | null>(() => remembered?.metrics ?? null)
  const columns = metrics?.columns ?? 1
  const totalRows = Math.ceil(products.length / columns)
  const [range, setRange] = useState<RowRange | null>(() =>
    remembered && typeof window !== 'undefined'
      ? rowsInView(remembered.metrics, window.scrollY - remembered.listTop, Math.ceil(products.length / remembered.metrics.columns))
      : null,
  )

  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => {
      const style = getComputedStyle(list)
      const first = list.firstElementChild
      if (!first) return
      const columnCount = style.gridTemplateColumns.split(' ').filter(Boolean).length || 1
      const rowGap = Number.parseFloat(style.rowGap) || 0
      const measured: Metrics = { columns: columnCount, rowHeight: first.getBoundingClientRect().height + rowGap, rowGap }
      // The updater may run again when React rebases queued updates: it returns this same object
      // each time, so the metrics' identity (an effect dependency) only changes when they do.
      setMetrics((current) => (current && sameMetrics(current, measured) ? current : measured))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const list = listRef.current
    if (!list || !metrics) return
    let frame = 0
    const update = () => {
      frame = 0
      const top = list.getBoundingClientRect().top
      remembered = { metrics, listTop: top + window.scrollY }
      const next = rowsInView(metrics, -top, totalRows)
      setRange((current) => (current && current.start === next.start && current.end === next.end ? current : next))
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [metrics, totalRows])

  const windowed = metrics !== null && range !== null
  const first = windowed ? range.start * columns : 0
  // At the top, the server's first screen stays in the DOM even where fewer rows fit (a phone):
  // taking its cards out as the page comes alive is a long task of its own (P5), for no gain.
  const last = windowed ? Math.max(range.end * columns, range.start === 0 ? FIRST_SCREEN : 0) : FIRST_SCREEN
  const visible = products.slice(first, last)
  const style = windowed
    ? {
        paddingTop: range.start * metrics.rowHeight,
        height: Math.max(0, totalRows * metrics.rowHeight - metrics.rowGap),
      }
    : undefined

  return (
    <ul ref={listRef} role="list" aria-label={label} className={`${SHOP_GRID_CLASS} content-start`} style={style}>
      {visible.map((product, offset) => (
        <li key={product.id} aria-setsize={products.length} aria-posinset={first + offset + 1}>
          <ProductCard
            product={product}
            eager={first + offset < 2}
            priority={first + offset === 0}
            sizes={CARD_SIZES}
            color={shownColor(product, colors, search)}
          />
        </li>
      ))}
    </ul>
  )
}
