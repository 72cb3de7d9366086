import { eq, inArray, sql } from 'drizzle-orm'
import { storedFromPath } from '../redirects/redirect-service'
import type { Transaction } from '../db/client'
import { contentPages, homePages, redirects } from '../db/schema'
import type { PreparedImages } from './store-images'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The store file's `homePage`, `contentPages` and `redirects`. A changed row moves its `version`, so
// a console edit opened before the import is a 409 (audit/edit-conflict.ts).

export async function writeHomeAndContent(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, images: PreparedImages) {
  const [existingHome] = await tx.select().from(homePages).where(eq(homePages.websiteId, websiteId))
  const home = file.homePage
  if (!home) {
    if (existingHome) {
      // store-scope: ids come from the rows this import read with its websiteId
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
      // store-scope: ids come from the rows this import read with its websiteId
      update: (id, changed) => tx.update(homePages).set({ ...changed, version: sql`${homePages.version} + 1` }).where(eq(homePages.id, id)),
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
      published: contentPages.published,
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
      published: page.published,
      sequence: page.sequence,
    })),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(contentPages)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: contentPages.id, key: contentPages.slug }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(contentPages).set({ ...values, version: sql`${contentPages.version} + 1` }).where(eq(contentPages.id, id)),
  })
  await removeRows(tx, tally, 'contentPages', contentPages, leftover)
}

/** The store file's `redirects`, by the path they start from (checked as a set by the schema: no loop, no long chain). */
export async function writeRedirects(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({ id: redirects.id, fromPath: redirects.fromPath, target: redirects.target, status: redirects.status })
    .from(redirects)
    .where(eq(redirects.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'redirects',
    existing,
    desired: file.redirects.map((rule) => ({ fromPath: storedFromPath(rule.from), target: rule.to.trim(), status: rule.status })),
    keyOf: (row) => row.fromPath,
    insert: (rows) =>
      tx
        .insert(redirects)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: redirects.id, key: redirects.fromPath }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(redirects).set({ ...values, version: sql`${redirects.version} + 1` }).where(eq(redirects.id, id)),
  })
  if (leftover.length > 0) {
    // store-scope: ids come from the rows this import read with its websiteId
    await tx.delete(redirects).where(inArray(redirects.id, leftover.map((row) => row.id)))
    tally.add('redirects', 'removed', leftover.length)
  }
}
