import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { contentPages, homePages } from '../db/schema'
import type { PreparedImages } from './store-images'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The store file's `homePage` and `contentPages`.

export async function writeHomeAndContent(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, images: PreparedImages) {
  const [existingHome] = await tx.select().from(homePages).where(eq(homePages.websiteId, websiteId))
  const home = file.homePage
  if (!home) {
    if (existingHome) {
      await tx.delete(homePages).where(eq(homePages.id, existingHome.id))
      tally.add('homePage', 'removed')
    }
  } else {
    const values = {
      heroTitle: home.hero.title,
      heroSubtitle: home.hero.subtitle,
      heroImage: images.site.heroImage,
      heroCtaLabel: home.hero.ctaLabel,
      heroCtaHref: home.hero.ctaHref,
      sections: home.sections.map((section, index) => {
        const image = images.site.sections[index]
        return {
          title: section.title,
          body: section.body,
          ...(section.href ? { href: section.href } : {}),
          ...(image ? { image } : {}),
        }
      }),
      featuredProductSlugs: home.featuredProducts,
    }
    await sync({
      tally,
      entity: 'homePage',
      existing: existingHome ? [existingHome] : [],
      desired: [values],
      keyOf: () => 'home',
      insert: async (rows) =>
        (await tx.insert(homePages).values(rows.map((row) => ({ websiteId, ...row }))).returning({ id: homePages.id })).map((row) => ({ id: row.id, key: 'home' })),
      update: (id, changed) => tx.update(homePages).set(changed).where(eq(homePages.id, id)),
    })
  }

  const existingPages = await tx
    .select({
      id: contentPages.id,
      slug: contentPages.slug,
      title: contentPages.title,
      body: contentPages.body,
      metaDescription: contentPages.metaDescription,
      showInFooter: contentPages.showInFooter,
      sequence: contentPages.sequence,
    })
    .from(contentPages)
    .where(eq(contentPages.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'contentPages',
    existing: existingPages,
    desired: file.contentPages.map((page) => ({
      slug: page.slug,
      title: page.title,
      body: page.body,
      metaDescription: page.metaDescription,
      showInFooter: page.showInFooter,
      sequence: page.sequence,
    })),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(contentPages)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: contentPages.id, key: contentPages.slug }),
    update: (id, values) => tx.update(contentPages).set(values).where(eq(contentPages.id, id)),
  })
  await removeRows(tx, tally, 'contentPages', contentPages, leftover)
}
