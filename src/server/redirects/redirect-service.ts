import { and, asc, eq, ne } from 'drizzle-orm'
import type { RedirectRow, RedirectTestResult } from '@/isomorphic/contract/admin-content'
import {
  isRedirectStatus,
  PERMANENT_STATUSES,
  type RedirectRule,
  type RedirectStatus,
  type RedirectTable,
  redirectFromPath,
  redirectTable,
  requestPath,
  resolveRedirect,
  ruleSetProblems,
} from '@/isomorphic/redirect-rules'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { namedCache } from '../cache/named-cache'
import { type Executor, getDb } from '../db/client'
import { redirects, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { saveVersioned } from '../audit/versioned-save'

// A store's redirects (issue 16): the console's list, save and delete, the store file's import
// (store-import/write-content.ts), and the table the page gate matches every page request against
// (src/web/page-gate.ts), cached per store in the 'Redirects' named cache, which every save drops on
// every instance. The rules of what may be saved are src/isomorphic/redirect-rules.ts.

/** The stored form of a rule's start ('/en/old-tees/' → '/old-tees'); the caller has validated it. */
export function storedFromPath(raw: string): string {
  const from = redirectFromPath(raw)
  if ('problem' in from) throw new DomainError('invalid', from.problem)
  return from.path
}

async function storeRules(db: Executor, websiteId: number): Promise<(RedirectRule & { id: number })[]> {
  const rows = await db
    .select({ id: redirects.id, fromPath: redirects.fromPath, target: redirects.target, status: redirects.status })
    .from(redirects)
    .where(eq(redirects.websiteId, websiteId))
    .orderBy(asc(redirects.fromPath))
  return rows.map((row) => ({ ...row, status: (isRedirectStatus(row.status) ? row.status : 301) as RedirectStatus }))
}

type CachedTable = { table: RedirectTable; heldBytes: number }

/** The store's rules ready for matching, from the named cache (one query per store and change). */
export async function redirectTableCached(websiteId: number): Promise<RedirectTable> {
  const cached = await namedCache().getOrLoad<CachedTable>('Redirects', String(websiteId), async () => {
    const rules = await storeRules(await getDb(), websiteId)
    const heldBytes = rules.reduce((sum, rule) => sum + rule.fromPath.length * 2 + rule.target.length * 3 + 96, 0)
    return { table: redirectTable(rules), heldBytes }
  })
  return cached.table
}

/** The store's rules ready for matching while the named cache holds them, else undefined (then redirectTableCached reads them). */
export function redirectTableHeld(websiteId: number): RedirectTable | undefined {
  return namedCache().peek<CachedTable>('Redirects', String(websiteId))?.table
}

/** Where a page request goes instead, or null: what the page gate asks before any page. */
export async function redirectForRequest(websiteId: number, pathname: string, search: string) {
  const table = await redirectTableCached(websiteId)
  return resolveRedirect(table, pathname, search)
}

export async function listRedirects(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<{ rules: RedirectRow[] }> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const rows = await db.select().from(redirects).where(eq(redirects.websiteId, websiteId)).orderBy(asc(redirects.fromPath))
  return {
    rules: rows.map((row) => ({
      id: row.id,
      fromPath: row.fromPath,
      target: row.target,
      status: (isRedirectStatus(row.status) ? row.status : 301) as RedirectStatus,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    })),
  }
}

/** What a visitor to `path` (a path, optionally with a query) gets, with the saved rules. */
export async function testRedirect(ctx: CoreContext, { websiteId, path }: { websiteId: number; path: string }): Promise<RedirectTestResult> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const text = path.trim()
  const query = text.indexOf('?')
  const pathname = query === -1 ? text : text.slice(0, query)
  const search = query === -1 ? '' : text.slice(query)
  const matched = pathname.startsWith('/') ? requestPath(pathname) : null
  if (matched === null) return { path: null, location: null, status: null, absolute: false, outcome: 'Enter a path of this store, starting with /.' }
  const table = redirectTable(await storeRules(await getDb(), websiteId))
  const found = resolveRedirect(table, pathname, search)
  if (!found) return { path: matched, location: null, status: null, absolute: false, outcome: `No redirect: ${matched} shows its page (or “not found”).` }
  const kind = PERMANENT_STATUSES.includes(found.status) ? 'permanent' : 'temporary'
  const how = found.absolute ? 'a full page load of another site' : 'a page of this store'
  return { path: matched, location: found.location, status: found.status, absolute: found.absolute, outcome: `${found.status} (${kind}) to ${found.location}: ${how}.` }
}

type SaveInput = { websiteId: number; id?: number; version?: number; from: string; to: string; status: RedirectStatus }

export async function saveRedirect(ctx: CoreContext, input: SaveInput): Promise<{ id: number; version: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const fromPath = storedFromPath(input.from)
  const target = input.to.trim()
  const db = await getDb()
  return db.transaction(async (tx) => {
    // Serialises the store's rule saves (two saves could otherwise each add half of a loop).
    await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, input.websiteId)).for('no key update')
    const others = await tx
      .select({ id: redirects.id, fromPath: redirects.fromPath, target: redirects.target, status: redirects.status })
      .from(redirects)
      .where(and(eq(redirects.websiteId, input.websiteId), input.id === undefined ? undefined : ne(redirects.id, input.id)))
    const clash = others.find((rule) => rule.fromPath === fromPath)
    if (clash) throw new DomainError('invalid', `redirect from ${fromPath} exists`, `There is already a redirect from ${fromPath}: edit that one instead.`)
    const rules = [...others.map((rule) => ({ ...rule, status: rule.status as RedirectStatus })), { fromPath, target, status: input.status }]
    const problem = ruleSetProblems(rules).find(({ index }) => index === rules.length - 1) ?? ruleSetProblems(rules)[0]
    if (problem) throw new DomainError('invalid', problem.problem.message)

    if (input.id === undefined) {
      const [row] = await tx.insert(redirects).values({ websiteId: input.websiteId, fromPath, target, status: input.status }).returning({ id: redirects.id, version: redirects.version })
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'redirect.create', entityType: 'redirect', entityId: row!.id, after: { fromPath, target, status: input.status, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const [current] = await tx
      .select()
      .from(redirects)
      .where(and(eq(redirects.id, input.id), eq(redirects.websiteId, input.websiteId)))
      .for('update')
    if (!current) throw new DomainError('not_found', `redirect ${input.id} not in store ${input.websiteId}`, 'This redirect does not exist any more.')
    const { version } = await saveVersioned(tx, ctx, {
      table: redirects,
      current,
      expectedVersion: input.version,
      noun: 'the redirect',
      label: `The redirect from ${current.fromPath}`,
      values: { fromPath, target, status: input.status },
      audit: { websiteId: input.websiteId, action: 'redirect.update', entityType: 'redirect' },
    })
    return { id: current.id, version }
  })
}

export async function deleteRedirect(ctx: CoreContext, input: { websiteId: number; id: number; version: number }): Promise<{ deleted: true }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(redirects)
      .where(and(eq(redirects.id, input.id), eq(redirects.websiteId, input.websiteId)))
      .for('update')
    if (!current) throw new DomainError('not_found', `redirect ${input.id} not in store ${input.websiteId}`, 'This redirect does not exist any more.')
    await assertFreshEdit(tx, { entityType: 'redirect', entityId: current.id, label: `The redirect from ${current.fromPath}`, expectedVersion: input.version, currentVersion: current.version })
    // store-scope: current was read above with input.websiteId in its where
    await tx.delete(redirects).where(eq(redirects.id, current.id))
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'redirect.delete',
      entityType: 'redirect',
      entityId: current.id,
      before: { fromPath: current.fromPath, target: current.target, status: current.status, version: current.version },
    })
    return { deleted: true as const }
  })
}
