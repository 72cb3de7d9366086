import { type AdminMutationKey, type AdminQueryKey, isAdminMutationKey, isAdminQueryKey } from '@/isomorphic/contract/admin'
import { AUDIT_ADMIN_QUERIES } from '../audit/audit-query'
import { invalidateCaches } from '../cache/named-cache'
import type { AdminDefinition } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { parseInput, printableKey } from '../kernel/input'
import { WORK_ORDER_ADMIN_MUTATIONS, WORK_ORDER_ADMIN_QUERIES } from '../fulfilment/work-order-admin-keys'
import { ORDER_ADMIN_MUTATIONS, ORDER_ADMIN_QUERIES } from '../orders/order-admin'
import { assertSecondFactorReady } from '../staff/enrolment-gate'
import { SESSION_ADMIN_MUTATIONS, SESSION_ADMIN_QUERIES } from '../staff/session-admin'
import { WEBHOOK_ADMIN_MUTATIONS, WEBHOOK_ADMIN_QUERIES } from '../webhooks/webhook-admin'
import { ORDERS_LIST_ADMIN_QUERIES } from '../orders/orders-list-admin'
import { STAFF_ADMIN_MUTATIONS, STAFF_ADMIN_QUERIES } from '../staff/staff-admin'
import { ORDER_SCREENS_ADMIN_QUERIES } from '../orders/order-list-options'
import { PRODUCTS_ADMIN_MUTATIONS, PRODUCTS_ADMIN_QUERIES } from '../catalog/product-admin-keys'
import { PROMOTION_ADMIN_MUTATIONS, PROMOTION_ADMIN_QUERIES } from '../promotions/promotion-admin'
import { GIFT_CARD_ADMIN_MUTATIONS, GIFT_CARD_ADMIN_QUERIES } from '../gift-cards/gift-card-admin'
import { ALLOWANCES_ADMIN_MUTATIONS, ALLOWANCES_ADMIN_QUERIES } from '../allowances/allowance-admin'
import { CUSTOMERS_ADMIN_MUTATIONS, CUSTOMERS_ADMIN_QUERIES } from '../customers/customers-admin-keys'
import { DELIVERY_ADMIN_MUTATIONS, DELIVERY_ADMIN_QUERIES } from '../delivery/delivery-admin'
import { CHECKOUT_ADMIN_MUTATIONS, CHECKOUT_ADMIN_QUERIES } from '../store-import/checkout-sections-admin'
import { SETTINGS_ADMIN_MUTATIONS, SETTINGS_ADMIN_QUERIES } from '../website/website-settings-admin'
import { SSO_TEST_ADMIN_QUERIES } from '../sso-test/sso-test'
import { STORE_FILE_ADMIN_QUERIES } from '../store-import/store-file-console'
import { DECORATION_ADMIN_MUTATIONS, DECORATION_ADMIN_QUERIES } from '../decoration/decoration-admin'
import { CATALOG_ADMIN_MUTATIONS, CATALOG_ADMIN_QUERIES } from '../catalog/catalog-admin-keys'
import { CONTENT_ADMIN_MUTATIONS, CONTENT_ADMIN_QUERIES } from '../content/content-admin-keys'
import { REDIRECT_ADMIN_MUTATIONS, REDIRECT_ADMIN_QUERIES } from '../redirects/redirect-admin'
import { STORES_ADMIN_MUTATIONS, STORES_ADMIN_QUERIES } from '../stores/store-admin'

// The console's API (issue 15, decision 021): POST /api/admin/query|mutation {key, value}, and the
// console's pages in-process. One entry per key, gathered from the domains that own them.

export const ADMIN_QUERIES: Readonly<Record<AdminQueryKey, AdminDefinition>> = {
  ...SESSION_ADMIN_QUERIES,
  ...WEBHOOK_ADMIN_QUERIES,
  ...WORK_ORDER_ADMIN_QUERIES,
  ...ORDERS_LIST_ADMIN_QUERIES,
  ...ORDER_ADMIN_QUERIES,
  ...STAFF_ADMIN_QUERIES,
  ...AUDIT_ADMIN_QUERIES,
  ...ORDER_SCREENS_ADMIN_QUERIES,
  ...PRODUCTS_ADMIN_QUERIES,
  ...PROMOTION_ADMIN_QUERIES,
  ...GIFT_CARD_ADMIN_QUERIES,
  ...ALLOWANCES_ADMIN_QUERIES,
  ...CUSTOMERS_ADMIN_QUERIES,
  ...SETTINGS_ADMIN_QUERIES,
  ...SSO_TEST_ADMIN_QUERIES,
  ...DELIVERY_ADMIN_QUERIES,
  ...CHECKOUT_ADMIN_QUERIES,
  ...STORE_FILE_ADMIN_QUERIES,
  ...CATALOG_ADMIN_QUERIES,
  ...CONTENT_ADMIN_QUERIES,
  ...REDIRECT_ADMIN_QUERIES,
  ...DECORATION_ADMIN_QUERIES,
  ...STORES_ADMIN_QUERIES,
}

export const ADMIN_MUTATIONS: Readonly<Record<AdminMutationKey, AdminDefinition>> = {
  ...SESSION_ADMIN_MUTATIONS,
  ...WEBHOOK_ADMIN_MUTATIONS,
  ...WORK_ORDER_ADMIN_MUTATIONS,
  ...ORDER_ADMIN_MUTATIONS,
  ...STAFF_ADMIN_MUTATIONS,
  ...PRODUCTS_ADMIN_MUTATIONS,
  ...PROMOTION_ADMIN_MUTATIONS,
  ...GIFT_CARD_ADMIN_MUTATIONS,
  ...ALLOWANCES_ADMIN_MUTATIONS,
  ...CUSTOMERS_ADMIN_MUTATIONS,
  ...SETTINGS_ADMIN_MUTATIONS,
  ...DELIVERY_ADMIN_MUTATIONS,
  ...CHECKOUT_ADMIN_MUTATIONS,
  ...CATALOG_ADMIN_MUTATIONS,
  ...CONTENT_ADMIN_MUTATIONS,
  ...REDIRECT_ADMIN_MUTATIONS,
  ...DECORATION_ADMIN_MUTATIONS,
  ...STORES_ADMIN_MUTATIONS,
}

/** Runs a console read. Throws `invalid` for an unknown key or a bad value, and whatever the handler throws. */
export async function executeAdminQuery(key: string, value: unknown, ctx: CoreContext): Promise<unknown> {
  const definition = isAdminQueryKey(key) ? ADMIN_QUERIES[key] : undefined
  if (!definition) throw new DomainError('invalid', `Unknown console query '${printableKey(key)}'.`)
  await assertSecondFactorReady(ctx, key)
  return definition.handler(parseInput(definition.input, value ?? {}, { key, root: 'value' }), ctx)
}

function storeOfInput(input: unknown): number | undefined {
  const websiteId = (input as { websiteId?: unknown } | null)?.websiteId
  return typeof websiteId === 'number' && Number.isSafeInteger(websiteId) && websiteId > 0 ? websiteId : undefined
}

/** Runs a console write; the caches it names are dropped after its transaction has committed. */
export async function executeAdminMutation(key: string, value: unknown, ctx: CoreContext): Promise<unknown> {
  const definition = isAdminMutationKey(key) ? (ADMIN_MUTATIONS as Readonly<Record<string, AdminDefinition>>)[key] : undefined
  if (!definition) throw new DomainError('invalid', `Unknown console mutation '${printableKey(key)}'.`)
  await assertSecondFactorReady(ctx, key)
  const input = parseInput(definition.input, value ?? {}, { key, root: 'value' })
  const result = await definition.handler(input, ctx)
  // A write to one store (its input names it) drops that store's entries only (decision 025).
  if (definition.invalidates) await invalidateCaches(definition.invalidates, storeOfInput(input))
  return result
}
