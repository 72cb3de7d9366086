import { getDb } from '@/server/db/client'
import { contentPages, homePages } from '@/server/db/schema'
import { nextSequence } from './sequence'

type NewHomePage = typeof homePages.$inferInsert
type NewContentPage = typeof contentPages.$inferInsert

export function buildHomePage(overrides: Partial<NewHomePage> & { websiteId: number }): NewHomePage {
  return {
    heroTitle: 'Gear up for the season',
    heroSubtitle: 'Embroidered polos, jackets and caps with your logo',
    heroImage: '/images/hero.jpg',
    sections: [{ title: 'Team orders', body: 'Order in any size mix.', href: '/shop' }],
    featuredProductSlugs: [],
    ...overrides,
  }
}

export async function createHomePage(overrides: Partial<NewHomePage> & { websiteId: number }) {
  const db = await getDb()
  const [page] = await db.insert(homePages).values(buildHomePage(overrides)).returning()
  return page!
}

export function buildContentPage(overrides: Partial<NewContentPage> & { websiteId: number }): NewContentPage {
  const n = nextSequence()
  return {
    slug: `page-${n}`,
    title: `Page ${n}`,
    body: 'Returns are accepted within 30 days for undecorated items.',
    metaDescription: 'Store policy',
    ...overrides,
  }
}

export async function createContentPage(overrides: Partial<NewContentPage> & { websiteId: number }) {
  const db = await getDb()
  const [page] = await db.insert(contentPages).values(buildContentPage(overrides)).returning()
  return page!
}
