'use client'

import dynamic from 'next/dynamic'
import { useEffect } from 'react'
import { routing } from '@/i18n/routing'
import './globals.css'

// Every page ships this boundary's code; the texts and their provider load only when it shows.
const GlobalErrorContent = dynamic(() => import('@/components/errors/global-error-content'))

// When the store's layout itself fails (its data could not be loaded), this replaces the document.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <html lang={routing.defaultLocale}>
      <body className="bg-white text-ink antialiased">
        <main>
          <GlobalErrorContent />
        </main>
      </body>
    </html>
  )
}
