import { createHash } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import { type CheckoutSectionName, type CheckoutSections, KEPT_SECRET } from '@/isomorphic/contract/admin-checkout'
import type { EditConflictChange, EditConflictData } from '@/isomorphic/contract/admin-edit'
import { checkTaxServiceAddress } from '../adapters/tax-http'
import { recordAudit } from '../audit/audit-log'
import { invalidateCaches } from '../cache/named-cache'
import { type Executor, getDb, type Transaction } from '../db/client'
import { auditLog, taxCredentials, websites } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import type { CacheName } from '@/isomorphic/contract/queries'
import { TAX_SECRET_KEYS } from './kept-secrets'
import type { StoreFile } from './store-file-schema'
import { readOrderFieldsSection, readPaymentsSection, readTaxSection } from './store-sections'
import { Tally } from './sync-rows'
import { writeOrderFields } from './write-order-fields'
import { writePayments } from './write-payments'
import { writeTax } from './write-tax'

// The checkout's settings in the console (issue 16): payment methods, the tax service and its rates,
// the order's extra fields and options. Each is read as its store-file section (store-sections.ts)
// and saved whole through the store import's own writer for it, in one transaction with its audit
// row, so the console and a store file can never disagree on what a section means. A section has no
// version column: its fingerprint (a hash of what was read) stands for it.

type SectionValue = ParsedAdminMutationValues['checkout.saveSection']['section']

const CACHES: Record<CheckoutSectionName, CacheName[]> = {
  payments: ['PaymentMethods'],
  tax: ['Taxes'],
  orderFields: ['OrderExtraFields', 'OrderOptions'],
}

const LABELS: Record<CheckoutSectionName, string> = { payments: 'The payment methods', tax: 'The tax settings', orderFields: 'The order fields and options' }

const fingerprintOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex')

async function readSections(db: Executor, websiteId: number): Promise<CheckoutSections> {
  const [paymentMethods, tax, orderFields] = await Promise.all([readPaymentsSection(db, websiteId), readTaxSection(db, websiteId), readOrderFieldsSection(db, websiteId)])
  const payments = { paymentMethods }
  const taxSection = { tax: tax ?? null }
  return {
    payments: { value: payments, fingerprint: fingerprintOf(payments) },
    tax: { value: taxSection, fingerprint: fingerprintOf(taxSection) },
    orderFields: { value: orderFields, fingerprint: fingerprintOf(orderFields) },
  }
}

export async function checkoutSections(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<CheckoutSections> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  await storeCode(db, websiteId)
  return readSections(db, websiteId)
}

async function storeCode(db: Executor, websiteId: number): Promise<string> {
  const [row] = await db.select({ code: websites.code }).from(websites).where(eq(websites.id, websiteId))
  if (!row) throw notFound('Store', websiteId)
  return row.code
}

/** The section's items that differ between what was opened and what is stored now, by name. */
function changedItems(opened: unknown, now: unknown): string[] {
  const items = (value: unknown): Map<string, string> => {
    const map = new Map<string, string>()
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((item, index) => map.set(`${path}${(item as { name?: string })?.name ?? index}`, JSON.stringify(item)))
      else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, Array.isArray(child) ? `${key}: ` : `${key}.`)
      else map.set(path, JSON.stringify(node))
    }
    walk(value, '')
    return map
  }
  const before = items(opened)
  const after = items(now)
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key))
}

async function staleSection(tx: Transaction, websiteId: number, name: CheckoutSectionName, opened: unknown, current: unknown): Promise<DomainError> {
  // store-scope: the entity id names the store (websiteId:section) so it is scoped
  const [last] = await tx
    .select({ by: auditLog.staffEmail, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'checkout_section'), eq(auditLog.entityId, `${websiteId}:${name}`)))
    .orderBy(desc(auditLog.id))
    .limit(1)
  const by = last?.by ?? 'a store file import'
  const at = (last?.at ?? new Date()).toISOString()
  const changes: EditConflictChange[] = changedItems(opened, current).map((field) => ({ field, before: null, after: null, by, at }))
  const data: EditConflictData = { kind: 'editConflict', currentVersion: 0, changes }
  const fields = changes.map((change) => change.field)
  return new DomainError(
    'conflict',
    `stale checkout section ${name} of website ${websiteId}`,
    `${LABELS[name]} were changed by ${by} since you opened them${fields.length ? ` (${fields.slice(0, 5).join(', ')})` : ''}. Reload to see them, then make your change again.`,
    data,
  )
}

/** The tax section with each KEPT_SECRET replaced by the stored secret; a kept secret the store lacks is refused. */
async function withStoredTaxSecrets(tx: Transaction, websiteId: number, tax: NonNullable<StoreFile['tax']>): Promise<NonNullable<StoreFile['tax']>> {
  const [stored] = await tx.select({ key: taxCredentials.key, token: taxCredentials.token }).from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
  const resolved = { ...tax }
  for (const key of TAX_SECRET_KEYS) {
    if (resolved[key] !== KEPT_SECRET) continue
    const value = stored?.[key]
    if (!value) throw new DomainError('invalid', `checkout.saveSection: value.section.value.tax.${key} keeps a secret this store does not have: type it in`)
    resolved[key] = value
  }
  return resolved
}

async function writeSection(tx: Transaction, websiteId: number, section: SectionValue): Promise<Tally> {
  const tally = new Tally()
  // The writers take a store file; each reads only its own section of it.
  switch (section.name) {
    case 'payments':
      await writePayments(tx, tally, { paymentMethods: section.value.paymentMethods } as StoreFile, websiteId)
      break
    case 'tax': {
      if (section.value.tax?.url) checkTaxServiceAddress(section.value.tax.url)
      const tax = section.value.tax ? await withStoredTaxSecrets(tx, websiteId, section.value.tax) : undefined
      await writeTax(tx, tally, { tax } as StoreFile, websiteId)
      break
    }
    case 'orderFields':
      await writeOrderFields(tx, tally, { orderExtraFields: section.value.orderExtraFields, orderOptions: section.value.orderOptions } as StoreFile, websiteId)
      break
  }
  return tally
}

export async function saveCheckoutSection(ctx: CoreContext, input: ParsedAdminMutationValues['checkout.saveSection']): Promise<CheckoutSections> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const name = input.section.name
  const sections = await db.transaction(async (tx) => {
    // One save of the store's checkout at a time: the fingerprint check and the write see the same rows.
    await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, input.websiteId)).for('update')
    const before = await readSections(tx, input.websiteId)
    if (before[name].fingerprint !== input.fingerprint) throw await staleSection(tx, input.websiteId, name, null, before[name].value)
    const tally = await writeSection(tx, input.websiteId, input.section)
    const after = await readSections(tx, input.websiteId)
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: `checkout_section.${name}.update`,
      entityType: 'checkout_section',
      entityId: `${input.websiteId}:${name}`,
      before: before[name].value,
      after: { ...after[name].value, counts: tally.counts },
    })
    return after
  })
  await invalidateCaches(CACHES[name], input.websiteId)
  return sections
}

export const CHECKOUT_ADMIN_QUERIES = {
  'checkout.sections': defineAdminQuery('checkout.sections', (value, ctx) => checkoutSections(ctx, value)),
}

export const CHECKOUT_ADMIN_MUTATIONS = {
  'checkout.saveSection': defineAdminMutation('checkout.saveSection', { handler: (value, ctx) => saveCheckoutSection(ctx, value) }),
}
