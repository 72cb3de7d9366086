import { and, asc, count, eq } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import { type DeliveryMethodDetail, type DeliveryMethodRow, SECRET_CREDENTIALS, type SecretCredential } from '@/isomorphic/contract/admin-delivery'
import { DeliveryMethodSchema, type DeliveryMethodFields } from '@/isomorphic/contract/store-file-delivery'
import { fromCents } from '@/isomorphic/money'
import { checkCarrierApiAddress } from '../adapters/carrier-http'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb } from '../db/client'
import { type DeliveryCredentials, deliveryMethods, deliveryPriceRules } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { isUniqueViolation } from '../kernel/db-errors'
import { DomainError, notFound } from '../kernel/errors'
import { parseInput } from '../kernel/input'
import { requireStaff } from '../kernel/permissions'
import { deliveryMethodFields, deliveryMethodValues, priceRuleValues } from './delivery-method-rows'
import { saveVersioned } from '../audit/versioned-save'

// Delivery methods in the console (issue 16): the list, one method in the store file's shape, and a
// save that validates with the store file's schema and writes through the import's own row
// functions (delivery-method-rows.ts), in one transaction with its audit row. A method is never
// deleted (orders name it): it is deactivated. Carrier secrets are write-only.

export const DELIVERY_NAME_TAKEN = 'Another delivery method of this store has this name. Choose another name.'

const secretsOf = (credentials: DeliveryCredentials): Record<SecretCredential, boolean> =>
  Object.fromEntries(SECRET_CREDENTIALS.map((field) => [field, Boolean(credentials[field])])) as Record<SecretCredential, boolean>

/** The method without its secrets, for the page and the audit log. */
function withoutSecrets(fields: DeliveryMethodFields): DeliveryMethodFields {
  const credentials = { ...fields.credentials }
  for (const field of SECRET_CREDENTIALS) delete credentials[field]
  return { ...fields, credentials }
}

async function methodRow(db: Executor, websiteId: number, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, id), eq(deliveryMethods.websiteId, websiteId)))
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw notFound('Delivery method', id)
  return row
}

async function detailOf(db: Executor, row: typeof deliveryMethods.$inferSelect): Promise<DeliveryMethodDetail> {
  const rules = await db.select().from(deliveryPriceRules).where(eq(deliveryPriceRules.deliveryMethodId, row.id))
  return { id: row.id, version: row.version, method: withoutSecrets(deliveryMethodFields(row, rules)), secretsSet: secretsOf(row.credentials) }
}

export async function listDeliveryMethodsForConsole(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<DeliveryMethodRow[]> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const rows = await db
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      deliveryType: deliveryMethods.deliveryType,
      priceAmount: deliveryMethods.priceAmount,
      active: deliveryMethods.isActive,
      sequence: deliveryMethods.sequence,
      ruleCount: count(deliveryPriceRules.id),
    })
    .from(deliveryMethods)
    .leftJoin(deliveryPriceRules, eq(deliveryPriceRules.deliveryMethodId, deliveryMethods.id))
    .where(eq(deliveryMethods.websiteId, websiteId))
    .groupBy(deliveryMethods.id)
    .orderBy(asc(deliveryMethods.sequence), asc(deliveryMethods.id))
  return rows.map(({ priceAmount, ...row }) => ({ ...row, price: fromCents(priceAmount) }))
}

export async function deliveryMethodForConsole(ctx: CoreContext, { websiteId, id }: { websiteId: number; id: number }): Promise<DeliveryMethodDetail> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  return detailOf(db, await methodRow(db, websiteId, id))
}

/** The form's credentials with each secret left empty taken from what is stored. */
function withStoredSecrets(method: Record<string, unknown>, stored: DeliveryCredentials): Record<string, unknown> {
  const given = typeof method.credentials === 'object' && method.credentials !== null ? (method.credentials as Record<string, unknown>) : {}
  const credentials: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(given)) if (value !== '' && value !== null && value !== undefined) credentials[field] = value
  for (const field of SECRET_CREDENTIALS) if (credentials[field] === undefined && stored[field]) credentials[field] = stored[field]
  return { ...method, credentials }
}

export async function saveDeliveryMethod(ctx: CoreContext, input: ParsedAdminMutationValues['delivery.saveMethod']): Promise<DeliveryMethodDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  try {
    return await db.transaction(async (tx) => {
      const current = input.id === null ? null : await methodRow(tx, input.websiteId, input.id, true)
      if (current) {
        if (input.version === undefined) throw new DomainError('invalid', 'delivery.saveMethod: value.version is required to change a method')
        await assertFreshEdit(tx, { entityType: 'delivery_method', entityId: current.id, label: `The delivery method ${current.name}`, expectedVersion: input.version, currentVersion: current.version })
      }
      const fields = parseInput(DeliveryMethodSchema, withStoredSecrets(input.method, current?.credentials ?? {}), { key: 'delivery.saveMethod', root: 'value.method' })
      if (fields.url) checkCarrierApiAddress(fields.url)
      const values = deliveryMethodValues(fields)
      const before = current ? withoutSecrets(deliveryMethodFields(current, await tx.select().from(deliveryPriceRules).where(eq(deliveryPriceRules.deliveryMethodId, current.id)))) : null
      const [row] = current
        // store-scope: current was read above by methodRow with the store in its where
        ? await tx
            .update(deliveryMethods)
            .set({ ...values, version: current.version + 1, updatedAt: new Date() })
            .where(eq(deliveryMethods.id, current.id))
            .returning()
        : await tx
            .insert(deliveryMethods)
            .values({ ...values, websiteId: input.websiteId })
            .returning()
      await tx.delete(deliveryPriceRules).where(eq(deliveryPriceRules.deliveryMethodId, row!.id))
      const rules = priceRuleValues(fields, row!.id)
      if (rules.length > 0) await tx.insert(deliveryPriceRules).values(rules)
      const secretsChanged = SECRET_CREDENTIALS.filter((field) => (current?.credentials[field] ?? null) !== (values.credentials[field] ?? null))
      await recordAudit(tx, ctx, {
        websiteId: input.websiteId,
        action: current ? 'delivery_method.update' : 'delivery_method.create',
        entityType: 'delivery_method',
        entityId: row!.id,
        before,
        after: { ...withoutSecrets(fields), secretsChanged, version: row!.version },
      })
      return detailOf(tx, row!)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', `delivery method name taken in website ${input.websiteId}`, DELIVERY_NAME_TAKEN)
    throw error
  }
}

export async function setDeliveryMethodActive(ctx: CoreContext, input: ParsedAdminMutationValues['delivery.setMethodActive']): Promise<DeliveryMethodDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const current = await methodRow(tx, input.websiteId, input.id, true)
    const { row } = await saveVersioned(tx, ctx, {
      table: deliveryMethods,
      current,
      expectedVersion: input.version,
      noun: 'the delivery method',
      label: `The delivery method ${current.name}`,
      values: { isActive: input.active },
      audit: {
        websiteId: input.websiteId,
        action: input.active ? 'delivery_method.activate' : 'delivery_method.deactivate',
        entityType: 'delivery_method',
        shown: { before: { active: current.isActive }, after: { active: input.active } },
      },
    })
    return detailOf(tx, row)
  })
}

export const DELIVERY_ADMIN_QUERIES = {
  'delivery.methods': defineAdminQuery('delivery.methods', (value, ctx) => listDeliveryMethodsForConsole(ctx, value)),
  'delivery.method': defineAdminQuery('delivery.method', (value, ctx) => deliveryMethodForConsole(ctx, value)),
}

export const DELIVERY_ADMIN_MUTATIONS = {
  'delivery.saveMethod': defineAdminMutation('delivery.saveMethod', { invalidates: ['DeliveryMethods'], handler: (value, ctx) => saveDeliveryMethod(ctx, value) }),
  'delivery.setMethodActive': defineAdminMutation('delivery.setMethodActive', { invalidates: ['DeliveryMethods'], handler: (value, ctx) => setDeliveryMethodActive(ctx, value) }),
}
