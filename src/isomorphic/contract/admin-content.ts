import type { RedirectStatus } from '../redirect-rules'
import { EditVersionSchema } from './admin-edit'
import { markdownBody, redirectFromPath, redirectStatus, redirectTarget, sequence, slug, text } from './field-rules'
import { idSchema } from './fields'
import { z } from './zod'

// Content pages, the home page and redirects in the console (issue 16): each save validates with
// the store file's field rules (field-rules.ts), so what the console saves always imports again.
// Saves of existing records send the version they opened (a stale one is a 409, admin-edit.ts).

export type ContentPageRow = {
  id: number
  slug: string
  title: string
  published: boolean
  showInFooter: boolean
  sequence: number
  updatedAt: string
}

export type ContentPageDetail = ContentPageRow & { body: string; metaDescription: string; version: number }

export type HomeSectionInput = { title: string; body: string; href: string; image: string | null }

export type HomeDetail = {
  heroTitle: string
  heroSubtitle: string
  heroCtaLabel: string
  heroCtaHref: string
  heroImage: string | null
  sections: HomeSectionInput[]
  /** Null: the store has no home page content yet (saving creates it). */
  version: number | null
}

export type RedirectRow = { id: number; fromPath: string; target: string; status: RedirectStatus; version: number; updatedAt: string }

export type RedirectTestResult = {
  /** The path as requests are matched (decoded, no locale prefix or trailing slash), or null when not a page path. */
  path: string | null
  /** Where a visitor to the path goes, or null when no rule applies. */
  location: string | null
  status: RedirectStatus | null
  absolute: boolean
  /** A sentence for the member: what a visitor to the path gets. */
  outcome: string
}

const STORE = idSchema('store')
const PAGE_ID = idSchema('content page')
const REDIRECT_ID = idSchema('redirect')
const linkText = z.string().trim().max(2000, 'must be at most 2000 characters')
/** A link of the home page: a path of this store ("/shop"); the storefront follows no other. */
const storePath = linkText.refine((value) => value === '' || /^\/(?![/\\])[^\s\\]*$/.test(value), 'must be a path of this store, like /shop')

const HomeSectionSchema = z.strictObject({
  title: text.max(200, 'must be at most 200 characters'),
  body: z.string().max(20_000, 'must be at most 20,000 characters').default(''),
  href: storePath.default(''),
  /** An image the section already has (kept as it is); new images come with the store file. */
  image: z.string().nullable().default(null),
})

export const CONTENT_ADMIN_QUERY_INPUTS = {
  'content.pages': z.strictObject({ websiteId: STORE }),
  'content.page': z.strictObject({ websiteId: STORE, id: PAGE_ID }),
  'content.home': z.strictObject({ websiteId: STORE }),
  'redirects.list': z.strictObject({ websiteId: STORE }),
  'redirects.test': z.strictObject({ websiteId: STORE, path: z.string().max(2000, 'must be at most 2000 characters') }),
}

export const CONTENT_ADMIN_MUTATION_INPUTS = {
  'content.savePage': z.strictObject({
    websiteId: STORE,
    /** Absent: a new page. */
    id: PAGE_ID.optional(),
    version: EditVersionSchema.optional(),
    slug,
    title: text.max(200, 'must be at most 200 characters'),
    body: markdownBody,
    metaDescription: z.string().trim().max(300, 'must be at most 300 characters').default(''),
    showInFooter: z.boolean().default(true),
    published: z.boolean().default(true),
    sequence,
  }),
  'content.deletePage': z.strictObject({ websiteId: STORE, id: PAGE_ID, version: EditVersionSchema }),
  'content.saveHome': z.strictObject({
    websiteId: STORE,
    /** Absent when the store has no home page content yet. */
    version: EditVersionSchema.optional(),
    heroTitle: text.max(200, 'must be at most 200 characters'),
    heroSubtitle: z.string().trim().max(500, 'must be at most 500 characters').default(''),
    heroCtaLabel: text.max(60, 'must be at most 60 characters').default('Shop now'),
    heroCtaHref: storePath.default('/shop').refine((value) => value !== '', 'must be a path of this store, like /shop'),
    sections: z.array(HomeSectionSchema).max(12, 'must have at most 12 sections').default([]),
  }),
  'redirects.save': z.strictObject({
    websiteId: STORE,
    id: REDIRECT_ID.optional(),
    version: EditVersionSchema.optional(),
    from: redirectFromPath,
    to: redirectTarget,
    status: redirectStatus,
  }),
  'redirects.delete': z.strictObject({ websiteId: STORE, id: REDIRECT_ID, version: EditVersionSchema }),
}

export type ContentAdminQueryResponses = {
  'content.pages': { pages: ContentPageRow[] }
  'content.page': ContentPageDetail
  'content.home': HomeDetail
  'redirects.list': { rules: RedirectRow[] }
  'redirects.test': RedirectTestResult
}

export type ContentAdminMutationResponses = {
  'content.savePage': { id: number; version: number }
  'content.deletePage': { deleted: true }
  'content.saveHome': { version: number }
  'redirects.save': { id: number; version: number }
  'redirects.delete': { deleted: true }
}
