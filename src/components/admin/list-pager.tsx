import Link from 'next/link'
import { SECONDARY_BUTTON_CLASS } from './console-styles'

// The one pager of the console's lists (issue 26): links to the pages before and after (keyset
// cursors, src/server/kernel/list-cursor.ts), rendered on the server, so a list pages without
// JavaScript. A list on one page shows none; an end of the list shows its link disabled.

export function ListPager({ previousHref, nextHref, label = 'Pages' }: { previousHref: string | null; nextHref: string | null; label?: string }) {
  if (previousHref === null && nextHref === null) return null
  const pageLink = (href: string | null, text: string, rel: 'prev' | 'next') =>
    href !== null ? (
      <Link href={href} rel={rel} className={SECONDARY_BUTTON_CLASS}>
        {text}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${SECONDARY_BUTTON_CLASS} opacity-50`}>
        {text}
      </span>
    )
  return (
    <nav aria-label={label} className="mt-4 flex justify-between gap-2">
      {pageLink(previousHref, '← Previous', 'prev')}
      {pageLink(nextHref, 'Next →', 'next')}
    </nav>
  )
}

/** The pager's two links from a page's cursors: `hrefAt(cursor)` is the list's view at that page. */
export function pagerLinks(page: { nextCursor: string | null; previousCursor: string | null }, hrefAt: (cursor: string) => string): { previousHref: string | null; nextHref: string | null } {
  return {
    previousHref: page.previousCursor === null ? null : hrefAt(page.previousCursor),
    nextHref: page.nextCursor === null ? null : hrefAt(page.nextCursor),
  }
}

/** A list's refused view (a page link of another sort, one cut short, a hand-edited filter): its sentence and, for a page link, the way back to the first page. */
export function ListRefusal({ message, firstPageHref = null }: { message: string; firstPageHref?: string | null }) {
  return (
    <p role="alert" className="rounded-card border border-danger/30 bg-red-50 p-4 text-sm text-danger">
      {message}
      {firstPageHref !== null ? (
        <>
          {' '}
          <Link href={firstPageHref} className="font-semibold underline">
            First page
          </Link>
        </>
      ) : null}
    </p>
  )
}
