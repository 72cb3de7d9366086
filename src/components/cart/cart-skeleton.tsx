import type { CartHint } from '@/isomorphic/cart-hint'

/** More placeholder rows than this would only push the page down before the real lines arrive. */
const MOST_ROWS = 4

/**
 * What /cart and /checkout draw, from the cart hint cookie, before the browser has read the cart
 * from session storage: a row per line and the number of pieces, in the cart's own layout, so the
 * first paint shows a cart and the real one replaces it in place. No product and no price: the hint
 * carries only counts.
 */
export function CartSkeleton({ hint, loading, summary, items }: { hint: CartHint; loading: string; summary: string; items: string }) {
  const rows = Array.from({ length: Math.min(hint.lines, MOST_ROWS) }, (_, row) => row)
  return (
    <div data-testid="cart-skeleton" aria-busy="true" className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <p role="status" className="sr-only">
        {loading}
      </p>
      <ul aria-hidden="true" className="min-w-0 divide-y divide-line border-y border-line">
        {rows.map((row) => (
          <li key={row} className="flex gap-4 py-6 sm:gap-6">
            <div className="size-20 shrink-0 animate-pulse rounded-lg bg-soft sm:size-28" />
            <div className="min-w-0 flex-1 space-y-3 pt-1">
              <div className="h-5 w-2/3 animate-pulse rounded bg-soft" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-soft" />
              <div className="h-9 w-1/2 animate-pulse rounded bg-soft" />
            </div>
          </li>
        ))}
      </ul>
      <section className="rounded-card bg-soft p-6">
        <h2 className="text-lg font-semibold text-ink">{summary}</h2>
        <dl className="mt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{items}</dt>
            <dd className="text-ink tabular-nums">{hint.pieces}</dd>
          </div>
        </dl>
      </section>
    </div>
  )
}
