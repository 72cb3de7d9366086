'use client'

import { NextIntlClientProvider } from 'next-intl'
import { routing } from '@/i18n/routing'
import messages from '../../../messages/en.json'
import { ErrorView } from './error-view'

/** The error screen when the store's own layout failed: its own provider with just the error texts. */
export default function GlobalErrorContent() {
  return (
    <NextIntlClientProvider locale={routing.defaultLocale} messages={{ errors: messages.errors }}>
      <ErrorView />
    </NextIntlClientProvider>
  )
}
