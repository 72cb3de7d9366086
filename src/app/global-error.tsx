'use client'

import { NextIntlClientProvider } from 'next-intl'
import { useEffect } from 'react'
import { ErrorView } from '@/components/errors/error-view'
import { routing } from '@/i18n/routing'
import messages from '../../messages/en.json'
import './globals.css'

// When the store's layout itself fails (its data could not be loaded), this replaces the document.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <html lang={routing.defaultLocale}>
      <body className="bg-white text-ink antialiased">
        <NextIntlClientProvider locale={routing.defaultLocale} messages={{ errors: messages.errors }}>
          <main>
            <ErrorView />
          </main>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
