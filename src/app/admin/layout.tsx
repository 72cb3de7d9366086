import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import '../globals.css'

// The operator console's document (issue 15, decision 021): not the store's header and footer,
// never indexed, and rendered for each request (every page depends on who is signed in).

export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: { default: 'Console', template: '%s | Console' },
  robots: { index: false, follow: false, nocache: true },
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#14171c', colorScheme: 'light' }

export default function AdminDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh bg-soft text-ink antialiased">{children}</body>
    </html>
  )
}
