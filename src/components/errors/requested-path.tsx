'use client'

import { usePathname } from 'next/navigation'

/** The path the visitor asked for, as the browser has it (the 404 boundary is not given it). */
export function RequestedPath() {
  return usePathname()
}
