import type { Metadata } from 'next'
import { NotFoundView } from '@/components/errors/not-found-view'
import { notFoundTexts } from '@/components/errors/not-found-texts'
import { routing } from '@/i18n/routing'
import messages from '../../messages/en.json'
import './globals.css'

// Requests that never reach a locale (a missing file such as /nothing.png) end here, outside the
// store's layout. No next-intl server APIs here: this boundary is part of every page's render, and
// they would read the request headers and make every page dynamic.
export const metadata: Metadata = { title: messages.errors.notFoundTitle }

export default function RootNotFound() {
  return (
    <html lang={routing.defaultLocale}>
      <body className="bg-white text-ink antialiased">
        <main>
          <NotFoundView texts={notFoundTexts(messages.errors)} />
        </main>
      </body>
    </html>
  )
}
