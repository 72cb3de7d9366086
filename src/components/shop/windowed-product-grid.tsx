'use client'

import { useEffect, useRef, useState } from 'react'
import type { ProductListItem } from '@/shared/catalog-types'
import { ProductCard } from '../product/product-card'
import { FIRST_SCREEN } from './first-screen'

const OVERSCAN_ROWS = 2
export const SHOP_GRID_CLASS = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 sm:gap-x-6 xl:grid-cols-4'

type Metrics = { columns: number; rowHeight: number; rowGap: number }
type RowRange = { start: number; end: number }

/**
 * The shop's results: only the rows near the viewport are in the DOM (a few dozen cards whatever
 * the number of products), placed inside a box as tall as all rows would be. Columns come from the
 * CSS grid itself and the row height from the first card, so the layout has one source: the CSS.
 */
export function WindowedProductGrid({ products, label }: { products: ProductListItem[]; label: string }) {
  const listRef = useRef<HTMLUListElement>(null)
  const [metrics, setMetrics] = useState<Metrics | null>(null)
  const [range, setRange] = useState<RowRange | null>(null)

  const columns = metrics?.columns ?? 1
  const totalRows = Math.ceil(products.length / columns)

  useEffect(() => {
    const list = listRef.current
    if (!list) return
    const measure = () => {
      const style = getComputedStyle(list)
      const first = list.firstElementChild
      if (!first) return
      const columnCount = style.gridTemplateColumns.split(' ').filter(Boolean).length || 1
      const rowGap = Number.parseFloat(style.rowGap) || 0
      const rowHeight = first.getBoundingClientRect().height + rowGap
      setMetrics((current) =>
        current && current.columns === columnCount && Math.abs(current.rowHeight - rowHeight) < 0.5 && current.rowGap === rowGap
          ? current
          : { columns: columnCount, rowHeight, rowGap },
      )
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
      const scrolledInto = -list.getBoundingClientRect().top
      const start = Math.max(0, Math.floor(scrolledInto / metrics.rowHeight) - OVERSCAN_ROWS)
      const end = Math.min(totalRows, Math.ceil((scrolledInto + window.innerHeight) / metrics.rowHeight) + OVERSCAN_ROWS)
      const next = { start, end: Math.max(start, end) }
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
  const visible = windowed ? products.slice(first, range.end * columns) : products.slice(0, FIRST_SCREEN)
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
          <ProductCard product={product} eager={first + offset < 4} />
        </li>
      ))}
    </ul>
  )
}
