import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AccountArea } from '@/components/account/account-area'
import { sectionForSlug } from '@/components/account/account-sections'
import { loadWebsite } from '@/web/catalog-data'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PageProps = { params: Promise<{ store: string; locale: string; slug?: string[] }> }

// Rendered on first request and cached like the catalog pages; nothing is rendered at build time.
export function generateStaticParams() {
  return []
}

// No robots rule: crawlers never see these pages (the page gate sends visitors without a session
// to sign in), so a noindex protected nothing; the shell holds no one's data.
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale, slug } = await params
  const section = sectionForSlug(slug)
  const t = await getTranslations({ locale, namespace: 'account' })
  const title = section && section !== 'profile' ? t(section) : t('title')
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title })) }
}

// The account area's shell is the same for everyone (cacheable, no cookies read); the partner's
// data loads in the browser. Anonymous visitors are sent to sign in by the server's gate and, under
// `next dev`, by the area itself.
export default async function AccountPage({ params }: PageProps) {
  const { store, locale, slug } = await params
  setRequestLocale(locale)
  const section = sectionForSlug(slug)
  if (!section) notFound()
  const [t, website] = await Promise.all([getTranslations({ locale, namespace: 'account' }), loadWebsite(storeIdOf(store))])
  // At least a screen high: the sections load in the browser, and a footer seen under a short
  // loading state would jump down when they arrive (a layout shift).
  return (
    <div className="container-page min-h-[calc(100svh-4rem)] pt-8 pb-16 sm:pt-10">
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t('title')}</h1>
      <AccountArea section={section} countries={website?.shippingCountry ?? []} />
    </div>
  )
}
