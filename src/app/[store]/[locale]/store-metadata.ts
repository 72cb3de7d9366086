import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { imageUrl } from '@/isomorphic/image-address'
import { loadWebsite } from '@/web/catalog-data'

type SocialImage = { url: string; width: number; height: number; alt?: string }

type PageMetadataInput = {
  /** The page's store (its [store] segment). */
  storeId: number
  locale: string
  /** The page's own title ('Shop'); none for the home page, which is 'Home | {website name}'. */
  title?: string
  description?: string
  /** The page's picture for link previews; the website's social image otherwise. */
  image?: SocialImage | null
}

/**
 * Title, description and link-preview (Open Graph, Twitter) metadata for a store page. Built whole
 * per page because Next replaces, rather than merges, a layout's openGraph with a page's.
 */
export async function storeMetadata({ storeId, locale, title, description, image }: PageMetadataInput): Promise<Metadata> {
  const [website, t] = await Promise.all([loadWebsite(storeId), getTranslations({ locale, namespace: 'shell' })])
  const name = website?.name || t('fallbackName')
  const fullTitle = title ? `${title} | ${name}` : website?.name ? `Home | ${website.name}` : t('fallbackName')
  const text = description || website?.description || undefined
  const social =
    image ?? (website?.socialImage ? { url: imageUrl(website.socialImage, 1200, 630), width: 1200, height: 630, alt: name } : null)
  return {
    ...(title ? { title } : {}),
    description: text,
    openGraph: {
      type: 'website',
      siteName: name,
      locale: 'en_US',
      title: fullTitle,
      description: text,
      images: social ? [social] : undefined,
    },
    twitter: {
      card: social ? 'summary_large_image' : 'summary',
      title: fullTitle,
      description: text,
      images: social ? [social.url] : undefined,
    },
  }
}
