import type { Metadata } from 'next'
import { NextIntlClientProvider } from 'next-intl'
import { NotFoundView } from '@/components/errors/not-found-view'
import { routing } from '@/i18n/routing'
import messages from '../../messages/en.json'
import './globals.css'

// Requests that never reach a locale (a missing file such as /nothing.png) end here, outside the
// store's layout: a plain page with the same message.
export const metadata: Metadata = { title: messages.errors.notFoundTitle }

export default function RootNotFound() {
  return (
    <html lang={routing.defaultLocale}>
      <body className="bg-white text-ink antialiased">
        <NextIntlClientProvider locale={routing.defaultLocale} messages={{ errors: messages.errors }}>
          <main>
            <NotFoundView />
          </main>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
