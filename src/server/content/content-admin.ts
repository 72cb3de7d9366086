import { and, asc, eq, ne } from 'drizzle-orm'
import type { ContentPageDetail, ContentPageRow, HomeDetail, HomeSectionInput } from '@/isomorphic/contract/admin-content'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb } from '../db/client'
import { contentPages, homePages } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { saveVersioned } from '../audit/versioned-save'

// Content pages and the home page in the console (issue 16). Bodies are Markdown (decision 022),
// rendered by the storefront's renderer (src/components/content/markdown.ts); each save is one
// transaction with its audit row, versioned (a stale save is a 409), and its key drops the caches
// the storefront reads them through (content-admin-keys.ts).

/** Top-level storefront pages a content page's slug would be hidden behind (src/app/[store]/[locale]/*). */
const TAKEN_SLUGS = new Set(['cart', 'checkout', 'editor', 'error', 'login', 'me', 'password', 'payment', 'product', 'shop', 'signup', 'sso-login', 'admin', 'api', 'en'])

function pageRow(row: typeof contentPages.$inferSelect): ContentPageDetail {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    metaDescription: row.metaDescription,
    showInFooter: row.showInFooter,
    published: row.published,
    sequence: row.sequence,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function listContentPages(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<{ pages: ContentPageRow[] }> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const rows = await db.select().from(contentPages).where(eq(contentPages.websiteId, websiteId)).orderBy(asc(contentPages.sequence), asc(contentPages.title))
  return { pages: rows.map(({ body: _body, metaDescription: _meta, ...row }) => ({ id: row.id, slug: row.slug, title: row.title, published: row.published, showInFooter: row.showInFooter, sequence: row.sequence, updatedAt: row.updatedAt.toISOString() })) }
}

async function pageOf(db: Executor, websiteId: number, id: number, lock: boolean) {
  const query = db.select().from(contentPages).where(and(eq(contentPages.id, id), eq(contentPages.websiteId, websiteId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new DomainError('not_found', `content page ${id} not in store ${websiteId}`, 'This page does not exist any more.')
  return row
}

export async function getContentPage(ctx: CoreContext, { websiteId, id }: { websiteId: number; id: number }): Promise<ContentPageDetail> {
  await requireStaff(ctx, 'store.manage', websiteId)
  return pageRow(await pageOf(await getDb(), websiteId, id, false))
}

type PageInput = {
  websiteId: number
  id?: number
  version?: number
  slug: string
  title: string
  body: string
  metaDescription: string
  showInFooter: boolean
  published: boolean
  sequence: number
}

export async function saveContentPage(ctx: CoreContext, input: PageInput): Promise<{ id: number; version: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  if (TAKEN_SLUGS.has(input.slug)) throw new DomainError('invalid', `slug ${input.slug} is a storefront page`, `The address /${input.slug} is a page of the store already: choose another slug.`)
  const values = { slug: input.slug, title: input.title, body: input.body, metaDescription: input.metaDescription, showInFooter: input.showInFooter, published: input.published, sequence: input.sequence }
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(and(eq(contentPages.websiteId, input.websiteId), eq(contentPages.slug, input.slug), input.id === undefined ? undefined : ne(contentPages.id, input.id)))
    if (clash) throw new DomainError('invalid', `slug ${input.slug} taken`, `Another page of this store has the address /${input.slug}: choose another slug.`)
    if (input.id === undefined) {
      const [row] = await tx.insert(contentPages).values({ websiteId: input.websiteId, ...values }).returning()
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'content_page.create', entityType: 'content_page', entityId: row!.id, after: { ...values, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const current = await pageOf(tx, input.websiteId, input.id, true)
    const { version } = await saveVersioned(tx, ctx, {
      table: contentPages,
      current,
      expectedVersion: input.version,
      noun: 'the page',
      label: `The page “${current.title}”`,
      values,
      audit: { websiteId: input.websiteId, action: 'content_page.update', entityType: 'content_page' },
    })
    return { id: current.id, version }
  })
}

export async function deleteContentPage(ctx: CoreContext, input: { websiteId: number; id: number; version: number }): Promise<{ deleted: true }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const current = await pageOf(tx, input.websiteId, input.id, true)
    await assertFreshEdit(tx, { entityType: 'content_page', entityId: current.id, label: `The page “${current.title}”`, expectedVersion: input.version, currentVersion: current.version })
    // store-scope: current was read above by pageOf with the store in its where
    await tx.delete(contentPages).where(eq(contentPages.id, current.id))
    const { body: _body, createdAt: _created, updatedAt: _updated, websiteId: _website, id: _id, ...before } = current
    await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'content_page.delete', entityType: 'content_page', entityId: current.id, before })
    return { deleted: true as const }
  })
}

const EMPTY_HOME: HomeDetail = { heroTitle: '', heroSubtitle: '', heroCtaLabel: 'Shop now', heroCtaHref: '/shop', heroImage: null, sections: [], version: null }

export async function getHomeContent(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<HomeDetail> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const [row] = await db.select().from(homePages).where(eq(homePages.websiteId, websiteId))
  if (!row) return EMPTY_HOME
  return {
    heroTitle: row.heroTitle,
    heroSubtitle: row.heroSubtitle,
    heroCtaLabel: row.heroCtaLabel,
    heroCtaHref: row.heroCtaHref,
    heroImage: row.heroImage,
    sections: row.sections.map((section) => ({ title: section.title, body: section.body, href: section.href ?? '', image: section.image ?? null })),
    version: row.version,
  }
}

type HomeInput = {
  websiteId: number
  version?: number
  heroTitle: string
  heroSubtitle: string
  heroCtaLabel: string
  heroCtaHref: string
  sections: HomeSectionInput[]
}

export async function saveHomeContent(ctx: CoreContext, input: HomeInput): Promise<{ version: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(homePages).where(eq(homePages.websiteId, input.websiteId)).for('update')
    // A section keeps an image it already has; images are uploaded with the store file, never named here.
    const known = new Set((current?.sections ?? []).flatMap((section) => (section.image ? [section.image] : [])))
    const sections = input.sections.map((section) => {
      if (section.image !== null && !known.has(section.image)) throw new DomainError('invalid', 'unknown section image', `The section “${section.title}” names an image this home page does not have: keep its image or leave it out.`)
      return { title: section.title, body: section.body, ...(section.href ? { href: section.href } : {}), ...(section.image ? { image: section.image } : {}) }
    })
    const values = { heroTitle: input.heroTitle, heroSubtitle: input.heroSubtitle, heroCtaLabel: input.heroCtaLabel, heroCtaHref: input.heroCtaHref, sections }
    if (!current) {
      if (input.version !== undefined) throw new DomainError('conflict', 'home page removed', 'The home page was removed since you opened it (a store file import?). Reload the page.')
      const [row] = await tx.insert(homePages).values({ websiteId: input.websiteId, ...values }).returning({ id: homePages.id, version: homePages.version })
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'home_page.create', entityType: 'home_page', entityId: input.websiteId, after: { ...values, version: row!.version } })
      return { version: row!.version }
    }
    const { version } = await saveVersioned(tx, ctx, {
      table: homePages,
      current,
      expectedVersion: input.version,
      noun: 'the home page',
      label: 'The home page',
      values,
      audit: { websiteId: input.websiteId, action: 'home_page.update', entityType: 'home_page', entityId: input.websiteId },
    })
    return { version }
  })
}
