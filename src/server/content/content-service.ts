import { isStorableText } from '@/isomorphic/storable-text'
import { and, eq } from 'drizzle-orm'
import type { ContentPage, HomeContent, HomePageData } from '@/isomorphic/catalog-types'
import { listFeaturedProducts } from '../catalog/catalog-service'
import { getDb } from '../db/client'
import { contentPages, homePages } from '../db/schema'
import { namedCache } from '../cache/named-cache'

/** The home page's content (null when the store has none) and its featured products. */
export async function getHomePage({ websiteId }: { websiteId: number }): Promise<HomePageData> {
  const db = await getDb()
  const [[home], featuredProducts] = await Promise.all([
    db
      .select({
        heroTitle: homePages.heroTitle,
        heroSubtitle: homePages.heroSubtitle,
        heroImage: homePages.heroImage,
        heroCtaLabel: homePages.heroCtaLabel,
        heroCtaHref: homePages.heroCtaHref,
        sections: homePages.sections,
      })
      .from(homePages)
      .where(eq(homePages.websiteId, websiteId)),
    listFeaturedProducts({ websiteId }),
  ])
  return { home: (home satisfies HomeContent | undefined) ?? null, featuredProducts }
}

export async function findContentPage({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ContentPage | null> {
  // A slug from the address with a NUL or a lone surrogate names nothing (PostgreSQL cannot even compare it).
  if (!isStorableText(slug)) return null
  const db = await getDb()
  const [page] = await db
    .select({
      slug: contentPages.slug,
      title: contentPages.title,
      body: contentPages.body,
      metaDescription: contentPages.metaDescription,
    })
    .from(contentPages)
    .where(and(eq(contentPages.websiteId, websiteId), eq(contentPages.slug, slug), eq(contentPages.published, true)))
  return page ?? null
}

// Served from the named caches, so a page render costs no query once warm; writes invalidate the
// names (CATALOG_CACHES, 'Website' …).

export function getHomePageCached({ websiteId }: { websiteId: number }): Promise<HomePageData> {
  return namedCache().getOrLoad('HomePage', `${websiteId}:data`, () => getHomePage({ websiteId }))
}

export function findContentPageCached({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ContentPage | null> {
  return namedCache().getOrLoad('ContentPages', `${websiteId}:${slug}`, () => findContentPage({ websiteId, slug }))
}
