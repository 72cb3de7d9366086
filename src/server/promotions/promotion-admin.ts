import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  PROMOTION_PAGE_SIZE,
  type PromotionDetail,
  type PromotionFormOptions,
  type PromotionPage,
  type PromotionRowData,
  type PromotionStatus,
} from '@/isomorphic/contract/admin-selling'
import type { Promotion } from '@/isomorphic/contract/field-rules'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb, type Transaction } from '../db/client'
import { products, promotionPrograms, promotionUsages } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { postgresErrorOf } from '../kernel/db-errors'
import { DomainError, notFound } from '../kernel/errors'
import { fromCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { programValues, promotionOfRow } from './promotion-rows'
import { saveVersioned } from '../audit/versioned-save'

// Promotions in the console (issue 16): list, open, create, edit, switch off and on, for owners and
// the store's managers. A save takes the store file's shape (field-rules.ts PromotionSchema) and
// writes the row through the same mapping as the store import (promotion-rows.ts), so the one
// engine (promotion-engine.ts) applies it the same way. Saves are versioned (a stale one is a 409
// naming what changed), audited in their transaction, and drop the Promotions cache.

type ProgramRow = typeof promotionPrograms.$inferSelect

const usesOf = sql<number>`(select count(*)::int from ${promotionUsages} where ${promotionUsages.programId} = ${promotionPrograms.id})`
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

const usedUpSql = and(gt(promotionPrograms.maximumUseNumber, 0), sql`${promotionPrograms.usedCount} >= ${promotionPrograms.maximumUseNumber}`)

/** The rows a status filter keeps at `now` (the same rules as statusOf). */
function statusCondition(status: PromotionStatus, now: Date): SQL | undefined {
  const active = eq(promotionPrograms.isActive, true)
  const scheduled = and(isNotNull(promotionPrograms.dateFrom), gt(promotionPrograms.dateFrom, now))
  const ended = or(and(isNotNull(promotionPrograms.dateTo), lt(promotionPrograms.dateTo, now)), usedUpSql)
  switch (status) {
    case 'disabled':
      return eq(promotionPrograms.isActive, false)
    case 'scheduled':
      return and(active, scheduled)
    case 'expired':
      return and(active, sql`not coalesce(${scheduled}, false)`, ended)
    case 'active':
      return and(
        active,
        or(sql`${promotionPrograms.dateFrom} is null`, lte(promotionPrograms.dateFrom, now)),
        or(sql`${promotionPrograms.dateTo} is null`, sql`${promotionPrograms.dateTo} >= ${now}`),
        sql`not coalesce(${usedUpSql}, false)`,
      )
  }
}

function statusOf(row: ProgramRow, now: Date): { status: PromotionStatus; usedUp: boolean } {
  const usedUp = row.maximumUseNumber > 0 && row.usedCount >= row.maximumUseNumber
  if (!row.isActive) return { status: 'disabled', usedUp }
  if (row.dateFrom && row.dateFrom > now) return { status: 'scheduled', usedUp }
  if ((row.dateTo && row.dateTo < now) || usedUp) return { status: 'expired', usedUp }
  return { status: 'active', usedUp }
}

const money = (cents: number) => `$${fromCents(cents).toFixed(2)}`
const APPLIES_ON = { on_order: 'the order', cheapest_product: 'the cheapest product', specific_products: 'the selected products' } as const

/** What the program gives, in a few words for the list. */
function rewardText(row: ProgramRow, productName: string | undefined): string {
  if (row.rewardType === 'free_shipping') return 'Free shipping'
  if (row.rewardType === 'product') return `${row.rewardProductQuantity} × ${productName ?? 'a product that is gone'} free`
  const on = APPLIES_ON[row.discountApplyOn ?? 'on_order']
  if (row.discountType === 'fixed_amount') return `${money(row.discountFixedAmount ?? 0)} off ${on}`
  return `${Number(row.discountPercentage ?? 0)}% off ${on}`
}

function rowData(row: ProgramRow, uses: number, productName: string | undefined, now: Date): PromotionRowData {
  return {
    id: row.id,
    name: row.name,
    promoCode: row.promoCode,
    rewardType: row.rewardType,
    reward: rewardText(row, productName),
    ...statusOf(row, now),
    dateFrom: row.dateFrom?.toISOString() ?? null,
    dateTo: row.dateTo?.toISOString() ?? null,
    uses,
    maximumUses: row.maximumUseNumber,
    version: row.version,
  }
}

async function productNames(db: Executor, websiteId: number, ids: number[]): Promise<Map<number, { name: string; slug: string }>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.id, unique)))
  return new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug }]))
}

export async function listPromotions(
  ctx: CoreContext,
  { websiteId, status, search, page }: { websiteId: number; status: PromotionStatus | 'all'; search?: string; page: number },
  now: Date = new Date(),
): Promise<PromotionPage> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const pattern = search ? `%${escapeLike(search.toLowerCase())}%` : null
  const where = and(
    eq(promotionPrograms.websiteId, websiteId),
    status === 'all' ? undefined : statusCondition(status, now),
    pattern ? or(sql`lower(${promotionPrograms.name}) like ${pattern}`, sql`lower(coalesce(${promotionPrograms.promoCode}, '')) like ${pattern}`) : undefined,
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select({ program: promotionPrograms, uses: usesOf })
      .from(promotionPrograms)
      .where(where)
      .orderBy(desc(promotionPrograms.isActive), asc(promotionPrograms.name), asc(promotionPrograms.id))
      .limit(PROMOTION_PAGE_SIZE)
      .offset((page - 1) * PROMOTION_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(promotionPrograms).where(where),
  ])
  const names = await productNames(
    db,
    websiteId,
    rows.flatMap(({ program }) => (program.rewardProductId ? [program.rewardProductId] : [])),
  )
  return {
    rows: rows.map(({ program, uses }) => rowData(program, Number(uses), names.get(program.rewardProductId ?? 0)?.name, now)),
    total: counted?.total ?? 0,
    page,
    pageSize: PROMOTION_PAGE_SIZE,
  }
}

async function detailOf(db: Executor, row: ProgramRow, now: Date): Promise<PromotionDetail> {
  const [[counted], names] = await Promise.all([
    db.select({ uses: sql<number>`count(*)::int` }).from(promotionUsages).where(eq(promotionUsages.programId, row.id)),
    productNames(db, row.websiteId, [...row.ruleProductIds, ...(row.rewardProductId ? [row.rewardProductId] : [])]),
  ])
  const slugOf = new Map([...names].map(([id, product]) => [id, product.slug]))
  return {
    ...rowData(row, counted?.uses ?? 0, names.get(row.rewardProductId ?? 0)?.name, now),
    promotion: promotionOfRow(row, slugOf),
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function programOf(db: Executor, websiteId: number, id: number, lock = false): Promise<ProgramRow> {
  const query = db
    .select()
    .from(promotionPrograms)
    .where(and(eq(promotionPrograms.id, id), eq(promotionPrograms.websiteId, websiteId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Promotion', id)
  return row
}

export async function getPromotion(ctx: CoreContext, { websiteId, id }: { websiteId: number; id: number }, now: Date = new Date()): Promise<PromotionDetail> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  return detailOf(db, await programOf(db, websiteId, id), now)
}

export async function promotionFormOptions(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<PromotionFormOptions> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const rows = await db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(eq(products.websiteId, websiteId))
    .orderBy(asc(products.name), asc(products.slug))
  return { products: rows }
}

export const codeTaken = (code: string, name: string) =>
  `The code ${code} is already used by the promotion “${name}” in this store (codes are compared ignoring case). Choose another code.`
export const nameTaken = (name: string) => `This store already has a promotion named “${name}”. Choose another name.`

/** The product ids of the promotion's slugs, or a 400 naming the first slug the store does not have. */
async function productIdsOf(tx: Transaction, websiteId: number, promotion: Promotion): Promise<Map<string, number>> {
  const slugs = [...new Set([...promotion.products, ...(promotion.rewardType === 'product' && promotion.rewardProduct ? [promotion.rewardProduct.slug] : [])])]
  if (slugs.length === 0) return new Map()
  const rows = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), inArray(products.slug, slugs)))
  const ids = new Map(rows.map((row) => [row.slug, row.id]))
  const missing = slugs.find((slug) => !ids.has(slug))
  if (missing) throw new DomainError('invalid', `unknown product slug ${missing}`, `The product “${missing}” is not in this store. Choose one of the store’s products.`)
  return ids
}

/** Refuses (409) a code or name another promotion of the store has; codes ignoring case, as shoppers type them. */
async function assertUnique(tx: Transaction, websiteId: number, promotion: Promotion, exceptId: number | null): Promise<void> {
  // Two saves of "ten" and "TEN" at once: the second waits for the first's commit, then sees it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promotion-programs:${websiteId}`}))`)
  const others = exceptId === null ? undefined : ne(promotionPrograms.id, exceptId)
  if (promotion.promoCode) {
    const [taken] = await tx
      .select({ name: promotionPrograms.name })
      .from(promotionPrograms)
      .where(and(eq(promotionPrograms.websiteId, websiteId), sql`upper(${promotionPrograms.promoCode}) = ${promotion.promoCode.toUpperCase()}`, others))
      .limit(1)
    if (taken) throw new DomainError('conflict', `promo code ${promotion.promoCode} taken`, codeTaken(promotion.promoCode, taken.name))
  }
  const [named] = await tx
    .select({ id: promotionPrograms.id })
    .from(promotionPrograms)
    .where(and(eq(promotionPrograms.websiteId, websiteId), eq(promotionPrograms.name, promotion.name), others))
    .limit(1)
  if (named) throw new DomainError('conflict', `promotion name ${promotion.name} taken`, nameTaken(promotion.name))
}

/** A unique index that the checks above did not foresee (a store import at the same moment): the same 409. */
function uniqueViolation(error: unknown, promotion: Promotion): DomainError | null {
  const pg = postgresErrorOf(error)
  if (pg?.code !== '23505') return null
  if (pg.constraint === 'promotion_programs_code_idx' && promotion.promoCode) return new DomainError('conflict', pg.message, codeTaken(promotion.promoCode, 'another promotion'))
  if (pg.constraint === 'promotion_programs_website_name_idx') return new DomainError('conflict', pg.message, nameTaken(promotion.name))
  return null
}

export async function savePromotion(
  ctx: CoreContext,
  input: { websiteId: number; id?: number; version?: number; promotion: Promotion },
  now: Date = new Date(),
): Promise<PromotionDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const { websiteId, promotion } = input
  try {
    const saved = await db.transaction(async (tx) => {
      const productIds = await productIdsOf(tx, websiteId, promotion)
      const values = programValues(promotion, productIds)
      const slugOf = new Map([...productIds].map(([slug, id]) => [id, slug]))
      if (input.id === undefined) {
        await assertUnique(tx, websiteId, promotion, null)
        const [created] = await tx
          .insert(promotionPrograms)
          .values({ websiteId, ...values, createdAt: now, updatedAt: now })
          .returning()
        await recordAudit(tx, ctx, {
          websiteId,
          action: 'promotion.create',
          entityType: 'promotion',
          entityId: created!.id,
          after: { ...promotionOfRow(created!, slugOf), version: created!.version },
        })
        return created!
      }
      const current = await programOf(tx, websiteId, input.id, true)
      const label = `The promotion “${current.name}”`
      await assertFreshEdit(tx, { entityType: 'promotion', entityId: current.id, label, expectedVersion: input.version!, currentVersion: current.version })
      await assertUnique(tx, websiteId, promotion, current.id)
      const oldNames = await productNames(tx, websiteId, [...current.ruleProductIds, ...(current.rewardProductId ? [current.rewardProductId] : [])])
      const before = promotionOfRow(current, new Map([...oldNames].map(([id, product]) => [id, product.slug])))
      const { row } = await saveVersioned(tx, ctx, {
        table: promotionPrograms,
        current,
        expectedVersion: input.version,
        noun: 'the promotion',
        label,
        values,
        audit: { websiteId, action: 'promotion.update', entityType: 'promotion', shown: { before, after: promotionOfRow({ ...current, ...values }, slugOf) } },
        now,
      })
      return row
    })
    return detailOf(db, saved, now)
  } catch (error) {
    throw uniqueViolation(error, promotion) ?? error
  }
}

export async function setPromotionActive(
  ctx: CoreContext,
  input: { websiteId: number; id: number; version: number; active: boolean },
  now: Date = new Date(),
): Promise<PromotionDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const saved = await db.transaction(async (tx) => {
    const current = await programOf(tx, input.websiteId, input.id, true)
    const { row } = await saveVersioned(tx, ctx, {
      table: promotionPrograms,
      current,
      expectedVersion: input.version,
      noun: 'the promotion',
      label: `The promotion “${current.name}”`,
      values: { isActive: input.active },
      audit: {
        websiteId: input.websiteId,
        action: input.active ? 'promotion.enable' : 'promotion.disable',
        entityType: 'promotion',
        shown: { before: { active: current.isActive }, after: { active: input.active } },
      },
      now,
    })
    return row
  })
  return detailOf(db, saved, now)
}

export const PROMOTION_ADMIN_QUERIES = {
  'promotions.list': defineAdminQuery('promotions.list', (value, ctx) => listPromotions(ctx, value)),
  'promotions.get': defineAdminQuery('promotions.get', (value, ctx) => getPromotion(ctx, value)),
  'promotions.options': defineAdminQuery('promotions.options', (value, ctx) => promotionFormOptions(ctx, value)),
}

export const PROMOTION_ADMIN_MUTATIONS = {
  'promotions.save': defineAdminMutation('promotions.save', { invalidates: ['Promotions'], handler: (value, ctx) => savePromotion(ctx, value) }),
  'promotions.setActive': defineAdminMutation('promotions.setActive', { invalidates: ['Promotions'], handler: (value, ctx) => setPromotionActive(ctx, value) }),
}
