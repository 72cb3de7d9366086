import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { DesignInput, ListedDesign, SavedDesign } from '@/isomorphic/decoration-types'
import { type CoreContext, currentShopper, requireShopper } from '../kernel/context'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { type Executor, getDb } from '../db/client'
import { designs, products } from '../db/schema'
import { DomainError, notFound } from '../kernel/errors'
import { quoteDecorations } from './decoration-pricing'
import { type DesignRow, toSavedDesign } from './design-details'
import { storeDesignMockups } from './design-mockups'
import { checkDesign } from './design-validation'

// Saved designs (issue 7). A signed-in partner's designs are theirs alone (the account area lists
// them); an anonymous design belongs to nobody and opens only with its id, a random uuid that the
// cart keeps. Another partner's design answers exactly as a missing one (404). Saving renders the
// design's mockups (sharp) into the image store before the row is written.

export const DESIGN_LIST_LIMIT = 100
export const TOO_MANY_DESIGNS = 'Too many designs saved in a short time. Please wait a few minutes and try again.'

/** Each save draws a mockup per view: a bound per caller keeps that affordable. */
const SAVES_PER_CALLER = { max: 60, windowMs: 10 * 60 * 1000 }

/** The design when the caller may see it: anonymous, or the caller's own. */
export async function findDesign(db: Executor, websiteId: number, id: string, partnerId: number | null): Promise<DesignRow | null> {
  const [row] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.id, id), eq(designs.websiteId, websiteId)))
  if (!row) return null
  return row.partnerId === null || row.partnerId === partnerId ? row : null
}

/**
 * Checks the design, draws its mockups and saves it: a new design, or (for a signed-in partner
 * naming one of their own with `id`) a new version of that one. Answers the saved design.
 */
export async function saveDesign(ctx: CoreContext, { design, id }: { design: DesignInput; id?: string }): Promise<SavedDesign> {
  const principal = await currentShopper(ctx)
  const partnerId = principal?.partnerId ?? null
  const db = await getDb()
  if (id !== undefined) {
    // Only a partner's own saved design can be replaced; anonymous designs are never changed.
    const existing = partnerId === null ? null : await findDesign(db, ctx.store.websiteId, id, partnerId)
    if (!existing || existing.partnerId === null) throw notFound('Design', id)
  }
  const caller = partnerId !== null ? `partner:${partnerId}` : `ip:${ctx.clientKey ?? 'unknown'}`
  const decision = await rateLimiter().take(storeBucket(ctx.store.websiteId, `save-design:${caller}`), SAVES_PER_CALLER)
  if (!decision.allowed) throw new DomainError('rate_limited', `design save limit reached for ${caller}`, TOO_MANY_DESIGNS)

  const { rules, artworks } = await checkDesign(db, ctx.store.websiteId, design, { partnerId })
  const designId = id ?? randomUUID()
  const mockups = await storeDesignMockups(ctx.store.websiteId, designId, rules, design.decorations, artworks)
  const values = {
    productId: design.productId,
    colorValueId: design.colorValueId,
    decorations: design.decorations,
    unitPriceAmount: quoteDecorations(design.decorations, rules.methods, 1).total,
    mockups,
  }
  if (id !== undefined) {
    const [updated] = await db
      .update(designs)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(designs.id, id), eq(designs.websiteId, ctx.store.websiteId), eq(designs.partnerId, partnerId!)))
      .returning()
    if (!updated) throw notFound('Design', id)
    return toSavedDesign(updated)
  }
  const [created] = await db
    .insert(designs)
    .values({ id: designId, websiteId: ctx.store.websiteId, partnerId, ...values })
    .returning()
  return toSavedDesign(created!)
}

export async function getDesign(ctx: CoreContext, { id }: { id: string }): Promise<SavedDesign> {
  const principal = await currentShopper(ctx)
  const row = await findDesign(await getDb(), ctx.store.websiteId, id, principal?.partnerId ?? null)
  if (!row) throw notFound('Design', id)
  return toSavedDesign(row)
}

/** The signed-in partner's saved designs, newest first. */
export async function listDesigns(ctx: CoreContext): Promise<ListedDesign[]> {
  const principal = await requireShopper(ctx)
  const rows = await (await getDb())
    .select({ design: designs, product: { name: products.name, slug: products.slug, isPublished: products.isPublished } })
    .from(designs)
    .leftJoin(products, eq(products.id, designs.productId))
    .where(and(eq(designs.websiteId, ctx.store.websiteId), eq(designs.partnerId, principal.partnerId)))
    .orderBy(desc(designs.updatedAt), desc(designs.createdAt))
    .limit(DESIGN_LIST_LIMIT)
  return rows.map(({ design, product }) => ({
    ...toSavedDesign(design),
    product: product?.isPublished ? { name: product.name, slug: product.slug } : null,
  }))
}

/**
 * Deletes one of the signed-in partner's designs. Orders keep what they ordered (their lines hold a
 * snapshot and the mockup files stay); a cart line with the design can no longer be priced.
 */
export async function deleteDesign(ctx: CoreContext, { id }: { id: string }): Promise<{ id: string }> {
  const principal = await requireShopper(ctx)
  const [deleted] = await (await getDb())
    .delete(designs)
    .where(and(eq(designs.id, id), eq(designs.websiteId, ctx.store.websiteId), eq(designs.partnerId, principal.partnerId)))
    .returning({ id: designs.id })
  if (!deleted) throw notFound('Design', id)
  return deleted
}
