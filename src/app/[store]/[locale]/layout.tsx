import type { Metadata, Viewport } from 'next'
import { hasLocale, NextIntlClientProvider } from 'next-intl'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import type { CSSProperties, ReactNode } from 'react'
import { AppProviders } from '@/components/app-providers'
import { SiteFooter } from '@/components/layout/site-footer'
import { SiteHeader } from '@/components/layout/site-header'
import { SiteChrome } from '@/components/layout/site-chrome'
import { CheckoutHeader } from '@/components/checkout/checkout-header'
import { routing } from '@/i18n/routing'
import { accentPalette } from '@/isomorphic/colors'
import { SESSION_MARK_SCRIPT } from '@/isomorphic/session-hint'
import { imageUrl } from '@/isomorphic/image-address'
import { loadTopCategories, loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from './store-metadata'
import '../../globals.css'
import { storeIdOf } from './route-params'
import { notePageStore } from '@/web/page-store'

// No page is rendered at build time (the database is not there then); each is rendered on its first
// request and then served from the route cache until the data behind it changes.
export function generateStaticParams() {
  return []
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b6e5f',
  colorScheme: 'light',
}

type LayoutProps = { children: ReactNode; params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: Omit<LayoutProps, 'children'>): Promise<Metadata> {
  const { store, locale } = await params
  const [website, shared, t] = await Promise.all([
    loadWebsite(storeIdOf(store)),
    storeMetadata({ storeId: storeIdOf(store), locale }),
    getTranslations({ locale, namespace: 'shell' }),
  ])
  const name = website?.name || t('fallbackName')
  const favicon = website?.faviconImage ?? null
  return {
    ...shared,
    metadataBase: siteOrigin(website?.domain ?? null),
    title: { default: website?.name ? `Home | ${website.name}` : t('fallbackName'), template: `%s | ${name}` },
    applicationName: name,
    // Sized icons only: a `shortcut` link to the uploaded original (512 px, ≈ 25 kB) was downloaded
    // at high priority by every page beside the 32 px one the tab shows.
    icons: favicon
      ? {
          icon: [
            { url: imageUrl(favicon, 32, 32, 'png'), sizes: '32x32', type: 'image/png' },
            { url: imageUrl(favicon, 192, 192, 'png'), sizes: '192x192', type: 'image/png' },
          ],
          apple: { url: imageUrl(favicon, 180, 180, 'png'), sizes: '180x180' },
        }
      : undefined,
  }
}

/** The store's accent colour as the theme's variables (globals.css), or the theme's own. */
function accentStyle(accentColor: string | null): CSSProperties | undefined {
  if (!accentColor) return undefined
  const palette = accentPalette(accentColor)
  return { '--color-accent': palette.accent, '--color-accent-strong': palette.strong, '--color-accent-soft': palette.soft } as CSSProperties
}

/** The store's public origin for absolute metadata links (Open Graph images need them). */
function siteOrigin(domain: string | null): URL | undefined {
  if (!domain) return undefined
  try {
    return new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`)
  } catch {
    return undefined
  }
}

export default async function LocaleLayout({ children, params }: LayoutProps) {
  const { store, locale } = await params
  if (!hasLocale(routing.locales, locale)) notFound()
  notePageStore(storeIdOf(store))
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'shell' })
  const [website, categories] = await Promise.all([loadWebsite(storeIdOf(store)), loadTopCategories(storeIdOf(store))])

  return (
    // suppressHydrationWarning: the script below may mark <html> data-session before React hydrates.
    <html lang={locale} style={accentStyle(website?.accentColor ?? null)} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col bg-white text-ink antialiased">
        {/* Before the header paints: a signed-in shopper's page keeps 'Sign in' hidden (issue 17). */}
        <script dangerouslySetInnerHTML={{ __html: SESSION_MARK_SCRIPT }} />
        <NextIntlClientProvider>
          <AppProviders storeId={storeIdOf(store)} gaId={website?.analyticsId ?? process.env.NEXT_PUBLIC_GA_ID}>
            <a
              href="#main"
              className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
            >
              {t('skipToContent')}
            </a>
            <SiteChrome focused={<CheckoutHeader website={website} />}>
              <SiteHeader website={website} categories={categories} />
            </SiteChrome>
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteChrome>
              <SiteFooter website={website} categories={categories} year={new Date().getFullYear()} />
            </SiteChrome>
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
