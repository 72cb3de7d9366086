import { notFound } from 'next/navigation'

/** A path segment as the visitor typed it, decoded; a malformed escape is kept as is. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The store a page is drawn for: the [store] segment (`_1`), which only the config rewrite writes,
 * from the store the edge resolved for the request's host (decision 025). Anything else is no page.
 */
export function storeIdOf(store: string): number {
  if (!/^_[1-9]\d{0,8}$/.test(store)) notFound()
  return Number(store.slice(1))
}
