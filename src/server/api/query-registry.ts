import type { z } from 'zod'
import { USER_DOES_NOT_EXIST } from '@/isomorphic/account-types'
import { type CacheName, type ParsedQueryValues, QUERY_INPUTS, type QueryKey, type QueryResponses } from '@/isomorphic/contract/queries'
import { namedCache } from '../cache/named-cache'
import { listFeaturedProducts } from '../catalog/catalog-service'
import { listDeliveryMethods } from '../delivery/delivery-methods-service'
import { listOrderExtraFields, listOrderOptions } from '../orders/order-fields-service'
import { listPaymentMethods } from '../payments/payment-methods-service'
import { listActivePromotions } from '../promotions/promotions-service'
import { notFound, DomainError } from '../kernel/errors'
import { getPublicTaxCredential } from '../tax/tax-credential-service'
import { getWebsite } from '../website/website-service'
import { type CoreContext, requireShopper } from '../kernel/context'
import { parseInput, printableKey } from '../kernel/input'
import { getPartnerProfile, listPartnerAddresses } from '../accounts/partner-service'
import { catalogAccess } from '../accounts/site-lock'
import { getDb } from '../db/client'
import { GET_DECORATION_OPTIONS_QUERY, GET_DESIGN_QUERY, GET_DESIGNS_QUERY } from '../decoration/decoration-api'
import { GET_GIFT_CARDS_QUERY } from '../gift-cards/gift-card-mutations'
import { listDecidedApprovals, listOrdersAwaitingApproval } from '../orders/order-approval-service'
import { getOrderDetails, listOrders } from '../orders/order-queries'
import { getOrderId } from '../orders/order-reference'
import { encodePayload, type EncodedPayload } from './encoded-payload'
import { productListPayload } from './product-list-payload'

// The query API (POST /api/query {key, value, cache}): one entry per key with the schema of its
// `value`, the named cache its answer lives in, and the handler that produces the answer. The
// client's `cache` field is advisory only: the registry decides what is cached and where.

type QueryDefinition = {
  input: z.ZodType
  /** Null for answers that depend on who asks; those are never cached. */
  cache: CacheName | null
  ttlMs?: number
  /**
   * Runs before the cache is consulted (with the parsed value): throws when the caller may not have
   * the answer, and says 'signed-in' when the (shared) answer must only go to signed-in callers,
   * never to shared caches.
   */
  access?: (ctx: CoreContext, value: unknown) => Promise<'public' | 'signed-in'>
} & (
  | { handler: (value: unknown, ctx: CoreContext) => Promise<unknown>; payload?: never }
  /** Prepares its own bytes and decides itself what of them the named cache `cache` keeps. */
  | { payload: (value: unknown, ctx: CoreContext) => Promise<EncodedPayload>; handler?: never }
)

/** One key's entry: its value is validated with the contract's QUERY_INPUTS[key], its answer typed by QueryResponses[key]. */
function defineQuery<K extends QueryKey>(
  key: K,
  definition: {
    cache: CacheName | null
    ttlMs?: number
    access?: (ctx: CoreContext, value: ParsedQueryValues[K]) => Promise<'public' | 'signed-in'>
  } & (
    | { handler: (value: ParsedQueryValues[K], ctx: CoreContext) => Promise<QueryResponses[K]> }
    | { payload: (value: ParsedQueryValues[K], ctx: CoreContext) => Promise<EncodedPayload> }
  ),
): QueryDefinition {
  return { input: QUERY_INPUTS[key], ...definition } as QueryDefinition
}

const PROMOTIONS_TTL_MS = 60_000

export const QUERIES = {
  getWebsite: defineQuery('getWebsite', {
    cache: 'Website',
    async handler(value, { store: { websiteId } }) {
      if (value !== undefined && value !== websiteId) throw notFound('Website', value)
      return { website: await getWebsite({ websiteId }) }
    },
  }),
  getOrderOptions: defineQuery('getOrderOptions', {
    cache: 'OrderOptions',
    handler: async (_value, { store: { websiteId } }) => ({ orderOptions: await listOrderOptions({ websiteId }) }),
  }),
  getOrderExtraFields: defineQuery('getOrderExtraFields', {
    cache: 'OrderExtraFields',
    handler: async (_value, { store: { websiteId } }) => ({ orderextrafields: await listOrderExtraFields({ websiteId }) }),
  }),
  getFeaturedProducts: defineQuery('getFeaturedProducts', {
    cache: 'FeaturedProducts',
    // The home page's own selection is as public as the home page; products named by id are the
    // catalog, which a locked store keeps for signed-in partners (spec 6).
    access: async (ctx, value) => (value?.filter?.ids ? catalogAccess(ctx) : 'public'),
    handler: async (value, { store: { websiteId } }) => ({
      products: { products: await listFeaturedProducts({ websiteId, ids: value?.filter?.ids }) },
    }),
  }),
  getDeliveryMethods: defineQuery('getDeliveryMethods', {
    cache: 'DeliveryMethods',
    handler: async (_value, { store: { websiteId } }) => ({
      shippingmethods: { shippingmethod: await listDeliveryMethods({ websiteId }) },
    }),
  }),
  getPaymentMethods: defineQuery('getPaymentMethods', {
    cache: 'PaymentMethods',
    handler: async (_value, { store: { websiteId } }) => ({ paymentAcquirers: await listPaymentMethods({ websiteId }) }),
  }),
  getTaxes: defineQuery('getTaxes', {
    cache: 'Taxes',
    handler: async (_value, { store: { websiteId } }) => ({ taxcredential: await getPublicTaxCredential({ websiteId }) }),
  }),
  getPromotions: defineQuery('getPromotions', {
    cache: 'Promotions',
    // Programs start and end by date: an hour-old answer must not outlive them by much.
    ttlMs: PROMOTIONS_TTL_MS,
    handler: async (_value, { store: { websiteId } }) => ({ promotionPrograms: await listActivePromotions({ websiteId }) }),
  }),
  getProductList: defineQuery('getProductList', {
    cache: 'ProductList',
    // Spec 6: while browsing is locked the catalog is for signed-in partners only.
    access: catalogAccess,
    // The whole list is serialized once per generation; pages are cut from it (product-list-payload.ts).
    payload: ({ pageSize, page, sort }, { store: { websiteId } }) => productListPayload({ websiteId, page, pageSize, sort }),
  }),
  getPartner: defineQuery('getPartner', {
    cache: null,
    async handler(_value, ctx) {
      const principal = await requireShopper(ctx, USER_DOES_NOT_EXIST)
      const partner = await getPartnerProfile(await getDb(), principal.partnerId)
      if (!partner) throw new DomainError('unauthorized', `partner ${principal.partnerId} is gone`, USER_DOES_NOT_EXIST)
      return { partner }
    },
  }),
  getAddresses: defineQuery('getAddresses', {
    cache: null,
    async handler({ filter }, ctx) {
      const principal = await requireShopper(ctx)
      // Another partner's book answers as if it did not exist (no existence oracle).
      if (filter.partnerUid !== principal.partnerUid) throw notFound('Address book', 'of that partner')
      return { addresses: await listPartnerAddresses(await getDb(), principal.partnerId, filter.addressType) }
    },
  }),
  // Orders (issue 5): never cached, every answer is the caller's own.
  getOrderId: defineQuery('getOrderId', {
    cache: null,
    // A locked store takes no guest orders: its checkout is for signed-in partners (spec 6).
    access: catalogAccess,
    handler: async (_value, ctx) => getOrderId(ctx),
  }),
  getOrders: defineQuery('getOrders', {
    cache: null,
    handler: async ({ filter }, ctx) => ({ orders: { orders: await listOrders(ctx, filter) } }),
  }),
  getOrderDetails: defineQuery('getOrderDetails', {
    cache: null,
    handler: async (value, ctx) => ({ order: await getOrderDetails(ctx, value) }),
  }),
  getGiftCards: defineQuery('getGiftCards', GET_GIFT_CARDS_QUERY),
  // The decoration editor (issue 7): options are public catalog data; designs are the caller's own.
  getDecorationOptions: defineQuery('getDecorationOptions', GET_DECORATION_OPTIONS_QUERY),
  getDesign: defineQuery('getDesign', GET_DESIGN_QUERY),
  getDesigns: defineQuery('getDesigns', GET_DESIGNS_QUERY),
  // Company-store approvers only (403 for anyone else); never cached.
  getOrdersAwaitingApproval: defineQuery('getOrdersAwaitingApproval', {
    cache: null,
    handler: async (_value, ctx) => ({ orders: await listOrdersAwaitingApproval(ctx) }),
  }),
  getDecidedApprovals: defineQuery('getDecidedApprovals', {
    cache: null,
    handler: async (_value, ctx) => ({ orders: await listDecidedApprovals(ctx) }),
  }),
} satisfies Record<QueryKey, QueryDefinition>

export const QUERY_KEYS = Object.keys(QUERIES) as QueryKey[]

export function isQueryKey(key: string): key is QueryKey {
  return Object.hasOwn(QUERIES, key)
}

function definitionOf(key: string): QueryDefinition {
  if (!isQueryKey(key)) throw new DomainError('invalid', `Unknown query key '${printableKey(key)}'.`)
  return QUERIES[key]
}

/** True when the key's answer is the same for every visitor (it may be served to GET and CDNs). */
export function isPublicQuery(key: string): boolean {
  return definitionOf(key).cache !== null
}

// Stable for equal values whatever the key order, so equal requests share one cache entry.
function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

export type QueryResult = { payload: EncodedPayload; isPublic: boolean }

/**
 * Answers a query as a prepared JSON payload (cached per generation for public keys).
 * Throws `invalid` for an unknown key or a bad value, and whatever the handler throws.
 */
export async function executeQuery(key: string, rawValue: unknown, ctx: CoreContext): Promise<QueryResult> {
  const definition = definitionOf(key)
  const value = parseInput(definition.input, rawValue, { key, root: 'value' })
  const access = definition.access ? await definition.access(ctx, value) : 'public'
  if (definition.payload) return { payload: await definition.payload(value, ctx), isPublic: access === 'public' && definition.cache !== null }
  const handler = definition.handler
  if (!definition.cache) return { payload: encodePayload(await handler(value, ctx), 'one-shot'), isPublic: false }
  const cacheKey = `${ctx.store.websiteId}:${key}:${canonicalJson(value)}`
  const payload = await namedCache().getOrLoad(
    definition.cache,
    cacheKey,
    async () => encodePayload(await handler(value, ctx)),
    { ttlMs: definition.ttlMs },
  )
  return { payload, isPublic: access === 'public' }
}

/** The decoded answer of a query: for server code and tests that want data rather than bytes. */
export async function runQuery<K extends QueryKey>(key: K, value: unknown, ctx: CoreContext): Promise<QueryResponses[K]> {
  const { payload } = await executeQuery(key, value, ctx)
  return JSON.parse(payload.json) as QueryResponses[K]
}
