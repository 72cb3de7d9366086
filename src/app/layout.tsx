import type { ReactNode } from 'react'

// The document (html, body) is rendered by app/[store]/[locale]/layout.tsx, which knows the locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children
}
