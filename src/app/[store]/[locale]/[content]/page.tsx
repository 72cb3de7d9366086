import type { Metadata } from 'next'
import { setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { plainText } from '@/components/content/markdown'
import { RichText } from '@/components/content/rich-text'
import { loadContentPage } from '@/web/catalog-data'
import { decodeSegment, storeIdOf } from '../route-params'
import { storeMetadata } from '../store-metadata'

type ContentPageProps = { params: Promise<{ store: string; locale: string; content: string }> }

export function generateStaticParams() {
  return []
}

export async function generateMetadata({ params }: ContentPageProps): Promise<Metadata> {
  const { store, locale, content } = await params
  const page = await loadContentPage(storeIdOf(store), decodeSegment(content))
  // Said here too, so the 404's own title ('Page not found') is the one the page gets.
  if (!page) notFound()
  return storeMetadata({ storeId: storeIdOf(store), locale, title: page.title, description: page.metaDescription || plainText(page.body) })
}

export default async function ContentPage({ params }: ContentPageProps) {
  const { store, locale, content } = await params
  setRequestLocale(locale)
  const page = await loadContentPage(storeIdOf(store), decodeSegment(content))
  if (!page) notFound()

  return (
    <article className="container-page max-w-3xl pt-12 sm:pt-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">{page.title}</h1>
      <RichText source={page.body} title={page.title} className="prose-content mt-8" />
    </article>
  )
}
