'use client'

import type { ReactNode } from 'react'
import { usePathname } from '@/i18n/navigation'

/** The pages that show a focused header of their own instead of the site's header and footer. */
export function isFocusedPage(pathname: string): boolean {
  return pathname === '/checkout'
}

/**
 * The site's header or footer (`children`), or on the checkout its focused replacement (`focused`,
 * nothing for the footer): a shopper about to pay is not offered the whole store's navigation, as
 * the best stores' checkouts do. Both are rendered on the server; this only picks one.
 */
export function SiteChrome({ children, focused = null }: { children: ReactNode; focused?: ReactNode }) {
  const pathname = usePathname()
  return <>{isFocusedPage(pathname) ? focused : children}</>
}
