import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { z } from 'zod'
import { MUTATION_INPUTS, type MutationKey } from '@/isomorphic/contract/mutations'
import { QUERY_INPUTS, type QueryKey } from '@/isomorphic/contract/queries'
import type { SavedDesign, UploadedArtwork } from '@/isomorphic/decoration-types'
import type { OrderData } from '@/isomorphic/order-types'
import { createAccountLink, findUsableAccountLink } from '@/server/accounts/account-links'
import { signInWithPassword } from '@/server/accounts/login-service'
import { createPasswordFromLink, requestPasswordReset } from '@/server/accounts/password-reset-service'
import { actorFor } from '@/server/accounts/session-service'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { confirmSignup } from '@/server/accounts/signup-service'
import { mintPreviewToken, previewAllows } from '@/server/accounts/store-preview'
import { executeMutation, MUTATIONS } from '@/server/api/mutation-registry'
import { QUERIES, runQuery } from '@/server/api/query-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
// Aliased: not a React hook (the linter reads any use… call as one).
import { createMemoryRateLimiter, useRateLimiter as installRateLimiter } from '@/server/cache/rate-limiter'
import { handleCartRequest } from '@/server/cart/saved-cart-service'
import { findProductBySlug, findProductBySlugCached, listProducts } from '@/server/catalog/catalog-service'
import { summarizeCart } from '@/server/checkout/cart-summary-service'
import { getDb } from '@/server/db/client'
import { accountTokens, addresses, designs, giftCards, orders, partners, products } from '@/server/db/schema'
import { storeArtwork } from '@/server/decoration/artwork-service'
import { carrierCharges } from '@/server/delivery/carrier-endpoints-service'
import { getOrderPdf } from '@/server/documents/order-document-service'
import { getImage } from '@/server/images/image-service'
import { type CoreContext } from '@/server/kernel/context'
import { DomainError } from '@/server/kernel/errors'
import { createAddress, createPartner, TEST_PASSWORD } from '../factories/accounts'
import { chestAndBackDesign, createDecorationStore, type DecorationStore } from '../factories/decoration'
import { createGiftCard } from '../factories/gift-cards'
import { greenvilleAddress, guestContext, orderBody, signedInCustomer } from '../factories/orders'
import { createDeliveryMethod, createPaymentMethod, createPromotion } from '../factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../setup/test-db'
import { callerContext } from '../support/core-context'

// Two stores on one install (issue 25): every id or secret of store A, sent to store B, must be
// answered exactly as B answers an id that does not exist — same refusal (code and the sentence a
// shopper sees) or the same empty answer — never with A's data, another message, or a crash. The
// storefront's query and mutation registries drive the list: a key whose input names an id, a uid,
// a token or a code fails the coverage test below until a case here attacks it.

const IMAGES_DIR = mkdtempSync(path.join(os.tmpdir(), 'webstore-cross-store-'))
vi.stubEnv('IMAGES_DIR', IMAGES_DIR)

/** An id no row has (the e2e suite's "missing" id). */
const MISSING_ID = 2_147_480_000

type Caller = Awaited<ReturnType<typeof signedInCustomer>>

type Shop = {
  store: DecorationStore
  websiteId: number
  shopper: Caller
  approver: Caller
  /** A shopper with a small budget: their orders wait for an approver. */
  budgeted: Caller
  /** A partner with a password (for the sign-in attack). */
  withPassword: Awaited<ReturnType<typeof createPartner>>
  address: Awaited<ReturnType<typeof createAddress>>
  giftCard: Awaited<ReturnType<typeof createGiftCard>>
  promoCode: string
  ups: Awaited<ReturnType<typeof createDeliveryMethod>>
  /** An offline payment method orderPayment confirms orders with. */
  wire: Awaited<ReturnType<typeof createPaymentMethod>>
  order: OrderData
  guestOrder: OrderData
  waitingOrder: OrderData
  /** A reference getOrderId handed out and no order used yet. */
  unusedReference: string
  design: SavedDesign
  /** A design saved anonymously: reachable by its id alone. */
  guestDesign: SavedDesign
  artwork: UploadedArtwork
  resetToken: string
  signupToken: string
}

type World = { a: Shop; b: Shop }

/** What a caller is told: the answer, or the refusal as a shopper sees it; a crash is the third kind. */
type Outcome = { answer: unknown } | { refused: { code: string; message: string; data?: unknown } } | { crashed: string }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The outcome with each of `sent` (the ids and secrets the call carried) blanked, so an echo of one is no difference. */
function blanked(outcome: Outcome, sent: readonly (string | number)[]): Outcome {
  const words = sent.map((value) => new RegExp(`(?<![\\w-])${escapeRegExp(String(value))}(?![\\w-])`, 'g'))
  // A number is blanked where it stands for an id (a field named id or …Id), never elsewhere (a revision, a price).
  const walk = (value: unknown, key = ''): unknown => {
    if (typeof value === 'number') return /(^id$|Id$)/.test(key) && sent.includes(value) ? '«sent»' : value
    if (typeof value === 'string') return words.reduce((text, word) => text.replace(word, '«sent»'), value)
    if (Array.isArray(value)) return value.map((inner) => walk(inner, key))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, walk(inner, name)]))
    return value
  }
  return walk(outcome) as Outcome
}

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  // Each call starts with fresh rate limits: the two calls compared must not differ by a spent budget.
  installRateLimiter(createMemoryRateLimiter())
  try {
    return { answer: JSON.parse(JSON.stringify((await call()) ?? null)) as unknown }
  } catch (error) {
    if (error instanceof DomainError) return { refused: { code: error.code, message: error.userMessage, ...(error.data ? { data: error.data } : {}) } }
    return { crashed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

const query = (key: QueryKey) => (ctx: CoreContext, value: unknown) => runQuery(key, value, ctx)
const mutation = (key: MutationKey) => (ctx: CoreContext, value: unknown) => executeMutation(key, value as Record<string, unknown>, ctx)

async function reference(ctx: CoreContext): Promise<string> {
  return (await runQuery('getOrderId', undefined, ctx)).orderSequence
}

/** createOrder on `shop` with a fresh reference, `fields` replacing the body's. */
async function createOrder(shop: DecorationStore, ctx: CoreContext, fields: Record<string, unknown> = {}) {
  return executeMutation('createOrder', orderBody(shop, await reference(ctx), fields), ctx) as Promise<{ createOrder: { order: OrderData } }>
}

const line = (productId: number, colorId: number | null, logoId: number | null, extra: Record<string, unknown> = {}) => ({ productId, colorId, logoId, quantity: { M: 1 }, ...extra })

async function artworkPng(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 180, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } })
    .composite([{ input: Buffer.from('<svg width="120" height="90"><rect width="120" height="90" fill="#1f2a44"/></svg>'), left: 60, top: 45 }])
    .png()
    .toBuffer()
}

async function saveDesign(ctx: CoreContext, design: unknown): Promise<SavedDesign> {
  return ((await executeMutation('saveDesign', { design }, ctx)) as { saveDesign: { design: SavedDesign } }).saveDesign.design
}

/** A store with every store-owned thing a shopper can name: product, account and session, order, address, design, artwork, gift card, promotion code, links. */
async function openStore(label: string): Promise<Shop> {
  const store = await createDecorationStore()
  const { websiteId } = store
  const db = getDb
  const shopper = await signedInCustomer(websiteId, { name: `${label} Shopper` })
  const approver = await signedInCustomer(websiteId, { name: `${label} Approver` })
  await (await db()).update(partners).set({ canApproveOrders: true }).where(eq(partners.id, approver.partner.id))
  const budgeted = await signedInCustomer(websiteId, { name: `${label} Budgeted`, budgetAmount: 1000 })
  const withPassword = await createPartner({ websiteId, email: `${label.toLowerCase()}-login-${websiteId}@example.com` })
  const address = await createAddress({ partnerId: shopper.partner.id, street: `1 ${label} Street`, countryId: store.us.id, stateId: store.sc.id })
  const giftCard = await createGiftCard({ websiteId })
  const promoCode = `${label}-SAVE-${websiteId}`
  await createPromotion({ websiteId, name: `${label} code`, promoCodeUsage: 'code_needed', promoCode, discountType: 'fixed_amount', discountFixedAmount: 500, discountPercentage: null })
  const ups = await createDeliveryMethod({ websiteId, name: `${label} UPS`, deliveryType: 'ups_rubikx', sequence: 5, url: 'https://carrier.invalid/rates' })
  const wire = await createPaymentMethod({ websiteId, name: `${label} wire transfer`, provider: 'wire_transfer', sequence: 2 })
  const order = (await createOrder(store, shopper.ctx)).createOrder.order
  const guestOrder = (await createOrder(store, guestContext(websiteId))).createOrder.order
  const waitingOrder = (await createOrder(store, budgeted.ctx)).createOrder.order
  const unusedReference = await reference(shopper.ctx)
  const design = await saveDesign(shopper.ctx, chestAndBackDesign(store))
  const guestDesign = await saveDesign(guestContext(websiteId), chestAndBackDesign(store, 'GUEST 1'))
  const artwork = await storeArtwork(shopper.ctx, { contentType: 'image/png', data: await artworkPng(), rightsAccepted: true })
  const { token: resetToken } = await createAccountLink(await db(), { kind: 'password_reset', websiteId, email: shopper.partner.email, partnerId: shopper.partner.id })
  const { token: signupToken } = await createAccountLink(await db(), {
    kind: 'signup',
    websiteId,
    email: `${label.toLowerCase()}-new-${websiteId}@example.com`,
    payload: { name: `${label} Newcomer`, passwordHash: withPassword.passwordHash },
  })
  return { store, websiteId, shopper, approver, budgeted, withPassword, address, giftCard, promoCode, ups, wire, order, guestOrder, waitingOrder, unusedReference, design, guestDesign, artwork, resetToken, signupToken }
}

/** A Greenville address as the address book takes it, in `shop`'s own country and state. */
const bookAddress = (shop: Shop, id?: number) => ({ ...(id === undefined ? {} : { id }), name: 'Jordan Buyer', phone: null, street: '1 Elm Street', street2: null, city: 'Greenville', zip: '29601', countryId: shop.store.us.id, stateId: shop.store.sc.id })

/** A logo decoration of uploaded artwork on B's hoodie's left chest. */
const artworkDesign = (shop: Shop, artworkId: string) => ({
  productId: shop.store.hoodie.id,
  colorValueId: shop.store.navyHoodieId,
  decorations: [{ kind: 'logo' as const, printAreaId: shop.store.leftChest.id, method: 'embroidery' as const, x: 0.5, y: 0.5, width: 3, height: 2.25, logoId: null, artworkId }],
})

/** The design with its first decoration placed in print area `printAreaId`. */
const withPrintArea = <D extends { decorations: { printAreaId: number }[] }>(design: D, printAreaId: number): D => ({
  ...design,
  decorations: design.decorations.map((decoration, index) => (index === 0 ? { ...decoration, printAreaId } : decoration)),
})

type Case = {
  /** The registry key (or route) attacked. */
  key: string
  /** What is sent: A's thing, in a sentence. */
  what: string
  /** B's caller. */
  as: (w: World) => CoreContext
  run: (ctx: CoreContext, value: unknown) => Promise<unknown>
  /** The value carrying A's id or secret. */
  attack: (w: World) => unknown
  /** The same value with an id or secret nobody has. */
  missing: (w: World) => unknown
  /** B's own thing in A's place: answered, which shows the call reaches the id (no vacuous case). */
  own: (w: World) => unknown
  /** The ids and secrets the two values carry (blanked before comparing, so an echo is no difference). */
  sent: (w: World) => (string | number)[]
}

const bShopper = (w: World) => w.b.shopper.ctx
const bGuest = (w: World) => guestContext(w.b.websiteId)

/**
 * Every storefront query and mutation that takes an id or a secret of a store-owned thing, with A's
 * id on store B. `missingUuid` is fixed per run so the two calls of a case differ only by the id.
 */
const missingUuid = randomUUID()
const REGISTRY_CASES: Case[] = [
  {
    key: 'getWebsite',
    what: "A's store id",
    as: bGuest,
    run: query('getWebsite'),
    attack: (w) => w.a.websiteId,
    missing: () => MISSING_ID,
    own: (w) => w.b.websiteId,
    sent: (w) => [w.a.websiteId, MISSING_ID],
  },
  {
    key: 'getFeaturedProducts',
    what: "A's product ids",
    as: bGuest,
    run: query('getFeaturedProducts'),
    attack: (w) => ({ filter: { ids: [w.a.store.polo.id, w.a.store.hoodie.id] } }),
    missing: () => ({ filter: { ids: [MISSING_ID, MISSING_ID - 1] } }),
    own: (w) => ({ filter: { ids: [w.b.store.polo.id, w.b.store.hoodie.id] } }),
    sent: (w) => [w.a.store.polo.id, w.a.store.hoodie.id, MISSING_ID, MISSING_ID - 1],
  },
  {
    key: 'getDecorationOptions',
    what: "A's hoodie in its colour",
    as: bGuest,
    run: query('getDecorationOptions'),
    attack: (w) => ({ productId: w.a.store.hoodie.id, colorValueId: w.a.store.navyHoodieId }),
    missing: (w) => ({ productId: MISSING_ID, colorValueId: w.a.store.navyHoodieId }),
    own: (w) => ({ productId: w.b.store.hoodie.id, colorValueId: w.b.store.navyHoodieId }),
    sent: (w) => [w.a.store.hoodie.id, MISSING_ID],
  },
  {
    key: 'getAddresses',
    what: "A's shopper's uid",
    as: bShopper,
    run: query('getAddresses'),
    attack: (w) => ({ filter: { partnerUid: w.a.shopper.partner.uid } }),
    missing: () => ({ filter: { partnerUid: missingUuid } }),
    own: (w) => ({ filter: { partnerUid: w.b.shopper.partner.uid } }),
    sent: (w) => [w.a.shopper.partner.uid, missingUuid],
  },
  {
    key: 'getOrders',
    what: "A's shopper's uid",
    as: bShopper,
    run: query('getOrders'),
    attack: (w) => ({ filter: { uid: w.a.shopper.partner.uid } }),
    missing: () => ({ filter: { uid: missingUuid } }),
    own: (w) => ({ filter: { uid: w.b.shopper.partner.uid } }),
    sent: (w) => [w.a.shopper.partner.uid, missingUuid],
  },
  {
    key: 'getOrderDetails',
    what: "A's order id (signed in on B)",
    as: bShopper,
    run: query('getOrderDetails'),
    attack: (w) => ({ id: w.a.order.id }),
    missing: () => ({ id: MISSING_ID }),
    own: (w) => ({ id: w.b.order.id }),
    sent: (w) => [w.a.order.id, MISSING_ID],
  },
  {
    key: 'getOrderDetails',
    what: "A's guest order id with its access token (anonymous on B)",
    as: bGuest,
    run: query('getOrderDetails'),
    attack: (w) => ({ id: w.a.guestOrder.id, accessToken: w.a.guestOrder.accessToken }),
    missing: (w) => ({ id: MISSING_ID, accessToken: w.a.guestOrder.accessToken }),
    own: (w) => ({ id: w.b.guestOrder.id, accessToken: w.b.guestOrder.accessToken }),
    sent: (w) => [w.a.guestOrder.id, MISSING_ID],
  },
  {
    key: 'getDesign',
    what: "A's design id (signed in on B)",
    as: bShopper,
    run: query('getDesign'),
    attack: (w) => ({ id: w.a.design.id }),
    missing: () => ({ id: missingUuid }),
    own: (w) => ({ id: w.b.design.id }),
    sent: (w) => [w.a.design.id, missingUuid],
  },
  {
    key: 'getDesign',
    what: "A's anonymous design id (anonymous on B)",
    as: bGuest,
    run: query('getDesign'),
    attack: (w) => ({ id: w.a.guestDesign.id }),
    missing: () => ({ id: missingUuid }),
    own: (w) => ({ id: w.b.guestDesign.id }),
    sent: (w) => [w.a.guestDesign.id, missingUuid],
  },
  {
    key: 'addAddress',
    what: "A's address id, to overwrite it",
    as: bShopper,
    run: mutation('addAddress'),
    attack: (w) => ({ address: bookAddress(w.b, w.a.address.id), type: 'Shipping', partnerUid: w.b.shopper.partner.uid }),
    missing: (w) => ({ address: bookAddress(w.b, MISSING_ID), type: 'Shipping', partnerUid: w.b.shopper.partner.uid }),
    own: (w) => ({ address: bookAddress(w.b, w.b.address.id), type: 'Shipping', partnerUid: w.b.shopper.partner.uid }),
    sent: (w) => [w.a.address.id, MISSING_ID],
  },
  {
    key: 'addAddress',
    what: "A's shopper's uid, to add to their book",
    as: bShopper,
    run: mutation('addAddress'),
    attack: (w) => ({ address: bookAddress(w.b), type: 'Shipping', partnerUid: w.a.shopper.partner.uid }),
    missing: (w) => ({ address: bookAddress(w.b), type: 'Shipping', partnerUid: missingUuid }),
    own: (w) => ({ address: bookAddress(w.b), type: 'Shipping', partnerUid: w.b.shopper.partner.uid }),
    sent: (w) => [w.a.shopper.partner.uid, missingUuid],
  },
  {
    key: 'deleteAddress',
    what: "A's address id",
    as: bShopper,
    run: mutation('deleteAddress'),
    attack: (w) => ({ id: w.a.address.id, partnerUid: w.b.shopper.partner.uid }),
    missing: (w) => ({ id: MISSING_ID, partnerUid: w.b.shopper.partner.uid }),
    own: async (w) => ({ id: (await createAddress({ partnerId: w.b.shopper.partner.id, countryId: w.b.store.us.id, stateId: w.b.store.sc.id })).id, partnerUid: w.b.shopper.partner.uid }),
    sent: (w) => [w.a.address.id, MISSING_ID],
  },
  {
    key: 'createOrder',
    what: "a cart line of A's product (its colour and logo)",
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ products: [line(w.a.store.polo.id, w.a.store.navyId, w.a.store.crest.id)] }),
    missing: (w) => ({ products: [line(MISSING_ID, w.a.store.navyId, w.a.store.crest.id)] }),
    own: () => ({}),
    sent: (w) => [w.a.store.polo.id, MISSING_ID],
  },
  {
    key: 'createOrder',
    what: "A's delivery method id",
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ deliveryMethodId: w.a.store.ground.id }),
    missing: () => ({ deliveryMethodId: MISSING_ID }),
    own: (w) => ({ deliveryMethodId: w.b.store.ground.id }),
    sent: (w) => [w.a.store.ground.id, MISSING_ID],
  },
  {
    key: 'createOrder',
    what: "A's payment method id",
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ aquirerId: w.a.store.invoice.id }),
    missing: () => ({ aquirerId: MISSING_ID }),
    own: (w) => ({ aquirerId: w.b.store.invoice.id }),
    sent: (w) => [w.a.store.invoice.id, MISSING_ID],
  },
  {
    key: 'createOrder',
    what: "A's promotion code",
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ promoCode: w.a.promoCode }),
    missing: () => ({ promoCode: 'NOBODYS-CODE' }),
    // B's own code takes $5.00 off B's $86.27 (tax on the discounted lines: 6 % of $67.00).
    own: (w) => ({ promoCode: w.b.promoCode, expectedTotal: 80.97 }),
    sent: (w) => [w.a.promoCode, 'NOBODYS-CODE'],
  },
  {
    key: 'createOrder',
    what: 'a reference getOrderId handed out on A',
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ orderSequence: w.a.unusedReference }),
    missing: () => ({ orderSequence: 'S999999999' }),
    own: async (w) => ({ orderSequence: await reference(w.b.shopper.ctx) }),
    sent: (w) => [w.a.unusedReference, 'S999999999'],
  },
  {
    key: 'createOrder',
    what: "a cart line decorated with A's design",
    as: bShopper,
    run: (ctx, fields) => createOrderOnB(ctx, fields),
    attack: (w) => ({ products: [line(w.b.store.hoodie.id, w.b.store.navyHoodieId, null, { designId: w.a.design.id })] }),
    missing: (w) => ({ products: [line(w.b.store.hoodie.id, w.b.store.navyHoodieId, null, { designId: missingUuid })] }),
    // B's hoodie with B's design: 3 × $42.00 + $9.95 + 6 % of the lines, decoration added ($94.00 in all).
    own: (w) => ({ products: [line(w.b.store.hoodie.id, w.b.store.navyHoodieId, null, { designId: w.b.design.id })], expectedTotal: 109.59 }),
    sent: (w) => [w.a.design.id, missingUuid],
  },
  {
    key: 'decideOrderApproval',
    what: "A's order waiting for approval (B's approver)",
    as: (w) => w.b.approver.ctx,
    run: mutation('decideOrderApproval'),
    attack: (w) => ({ orderId: w.a.waitingOrder.id, decision: 'approve' }),
    missing: () => ({ orderId: MISSING_ID, decision: 'approve' }),
    own: async (w) => ({ orderId: (await createOrder(w.b.store, w.b.budgeted.ctx)).createOrder.order.id, decision: 'approve' }),
    sent: (w) => [w.a.waitingOrder.id, MISSING_ID],
  },
  {
    key: 'redeemGiftCard',
    what: "A's gift card number",
    as: bShopper,
    run: mutation('redeemGiftCard'),
    attack: (w) => ({ gcNumber: w.a.giftCard.code }),
    missing: () => ({ gcNumber: 'TEST-GIFT-NOBODYS' }),
    own: async (w) => ({ gcNumber: (await createGiftCard({ websiteId: w.b.websiteId })).code }),
    sent: (w) => [w.a.giftCard.code, 'TEST-GIFT-NOBODYS'],
  },
  {
    key: 'checkGiftCard',
    what: "A's gift card number, checked at B",
    as: bGuest,
    run: mutation('checkGiftCard'),
    attack: (w) => ({ gcNumber: w.a.giftCard.code }),
    missing: () => ({ gcNumber: 'TEST-GIFT-NOBODYS' }),
    own: async (w) => ({ gcNumber: (await createGiftCard({ websiteId: w.b.websiteId })).code }),
    sent: (w) => [w.a.giftCard.code, 'TEST-GIFT-NOBODYS'],
  },
  {
    key: 'orderPayment',
    what: "A's guest order with its access token, paid with B's method",
    as: bGuest,
    run: mutation('orderPayment'),
    attack: (w) => ({ acquirerId: w.b.wire.id, orderId: w.a.guestOrder.id, accessToken: w.a.guestOrder.accessToken }),
    missing: (w) => ({ acquirerId: w.b.wire.id, orderId: MISSING_ID, accessToken: w.a.guestOrder.accessToken }),
    own: async (w) => {
      const order = (await createOrder(w.b.store, guestContext(w.b.websiteId))).createOrder.order
      return { acquirerId: w.b.wire.id, orderId: order.id, accessToken: order.accessToken }
    },
    sent: (w) => [w.a.guestOrder.id, MISSING_ID],
  },
  {
    key: 'orderPayment',
    what: "A's payment method, for B's own guest order",
    as: bGuest,
    run: mutation('orderPayment'),
    attack: (w) => ({ acquirerId: w.a.wire.id, orderId: w.b.guestOrder.id, accessToken: w.b.guestOrder.accessToken }),
    missing: (w) => ({ acquirerId: MISSING_ID, orderId: w.b.guestOrder.id, accessToken: w.b.guestOrder.accessToken }),
    own: async (w) => {
      const order = (await createOrder(w.b.store, guestContext(w.b.websiteId))).createOrder.order
      return { acquirerId: w.b.wire.id, orderId: order.id, accessToken: order.accessToken }
    },
    sent: (w) => [w.a.wire.id, MISSING_ID],
  },
  {
    key: 'checkPayment',
    what: "A's guest order with its access token",
    as: bGuest,
    run: mutation('checkPayment'),
    attack: (w) => ({ orderId: w.a.guestOrder.id, accessToken: w.a.guestOrder.accessToken }),
    missing: (w) => ({ orderId: MISSING_ID, accessToken: w.a.guestOrder.accessToken }),
    own: (w) => ({ orderId: w.b.guestOrder.id, accessToken: w.b.guestOrder.accessToken }),
    sent: (w) => [w.a.guestOrder.id, MISSING_ID],
  },
  {
    key: 'saveDesign',
    what: "A's hoodie, print areas and logo",
    as: bShopper,
    run: mutation('saveDesign'),
    attack: (w) => ({ design: chestAndBackDesign(w.a.store) }),
    missing: (w) => ({ design: { ...chestAndBackDesign(w.a.store), productId: MISSING_ID } }),
    own: (w) => ({ design: chestAndBackDesign(w.b.store) }),
    sent: (w) => [w.a.store.hoodie.id, MISSING_ID],
  },
  {
    key: 'saveDesign',
    what: "A's print area, on B's hoodie",
    as: bShopper,
    run: mutation('saveDesign'),
    attack: (w) => ({ design: withPrintArea(chestAndBackDesign(w.b.store), w.a.store.leftChest.id) }),
    missing: (w) => ({ design: withPrintArea(chestAndBackDesign(w.b.store), MISSING_ID) }),
    own: (w) => ({ design: withPrintArea(chestAndBackDesign(w.b.store), w.b.store.leftChest.id) }),
    sent: (w) => [w.a.store.leftChest.id, MISSING_ID],
  },
  {
    key: 'saveDesign',
    what: 'artwork uploaded on A',
    as: bShopper,
    run: mutation('saveDesign'),
    attack: (w) => ({ design: artworkDesign(w.b, w.a.artwork.id) }),
    missing: (w) => ({ design: artworkDesign(w.b, missingUuid) }),
    own: (w) => ({ design: artworkDesign(w.b, w.b.artwork.id) }),
    sent: (w) => [w.a.artwork.id, missingUuid],
  },
  {
    key: 'saveDesign',
    what: "A's design id, to replace it",
    as: bShopper,
    run: mutation('saveDesign'),
    attack: (w) => ({ design: chestAndBackDesign(w.b.store), id: w.a.design.id }),
    missing: (w) => ({ design: chestAndBackDesign(w.b.store), id: missingUuid }),
    own: (w) => ({ design: chestAndBackDesign(w.b.store), id: w.b.design.id }),
    sent: (w) => [w.a.design.id, missingUuid],
  },
  {
    key: 'deleteDesign',
    what: "A's design id",
    as: bShopper,
    run: mutation('deleteDesign'),
    attack: (w) => ({ id: w.a.design.id }),
    missing: () => ({ id: missingUuid }),
    own: async (w) => ({ id: (await saveDesign(w.b.shopper.ctx, chestAndBackDesign(w.b.store, 'SPARE'))).id }),
    sent: (w) => [w.a.design.id, missingUuid],
  },
]

let world: World | undefined
const w = (): World => {
  if (!world) throw new Error('the two stores are not open yet')
  return world
}

function createOrderOnB(ctx: CoreContext, fields: unknown) {
  return createOrder(w().b.store, ctx, fields as Record<string, unknown>)
}

/** The routes under src/app/api (the console's aside) and the core call each case below attacks, or why none. */
const ROUTES: Record<string, string> = {
  'query/route.ts': 'the query registry (REGISTRY_CASES)',
  'mutation/route.ts': 'the mutation registry (REGISTRY_CASES)',
  'orders/[id]/document/route.ts': 'getOrderPdf',
  'user/cart/route.ts': 'handleCartRequest',
  'cart/summary/route.ts': 'summarizeCart',
  'delivery/ups/getCharges/route.ts': 'carrierCharges',
  'delivery/fedex/getCharges/route.ts': 'carrierCharges',
  'images/[...path]/route.ts': 'getImage',
  'user/login/route.ts': 'signInWithPassword',
  'user/refresh/route.ts': 'actorFor (the session token)',
  'user/logout/route.ts': 'actorFor (the session token)',
  'user/password/reset/route.ts': 'requestPasswordReset',
  'user/password/create/route.ts': 'createPasswordFromLink',
  'user/signup/confirm/route.ts': 'confirmSignup',
  'store-preview/route.ts': 'previewAllows',
  // No id or secret of a store-owned thing in these:
  'user/signup/route.ts': 'none: an email signs up anew on each store',
  'user/sso/start/route.ts': 'none: starts a flow of the store asked',
  'user/sso/callback/route.ts': 'not covered: the SSO flow cookie (its own test, sso-routes.test.ts)',
  'designs/artwork/route.ts': 'none: an upload, stored under the store asked',
  'delivery/ups/getToken/route.ts': 'none: warms the store’s own carrier token',
  'delivery/fedex/getToken/route.ts': 'none: warms the store’s own carrier token',
  'taxes/custom/route.ts': 'none: an address only',
  'taxes/avatax/route.ts': 'none: an address only',
  'address/validation/route.ts': 'none: an address only',
  'cache/invalidate/route.ts': 'none: a cache name',
  'homePage/route.ts': 'none',
  'logs/route.ts': 'none',
  'health/route.ts': 'none',
  'build/route.ts': 'none',
  'known-device/[token]/route.ts': 'not covered: a console sign-in link (staff, not shoppers)',
  'payments/stripe/webhook/route.ts': 'not covered: signed by Stripe with the store’s own webhook secret (stripe-payments.test.ts)',
}

/** The field names anywhere in a zod schema's input (objects, arrays, unions, wrappers, pipes); '(value)' when the value itself is a number. */
function fieldNames(schema: z.ZodType, atRoot = true, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def
  const same = (value: unknown) => (value ? fieldNames(value as z.ZodType, atRoot, seen) : [])
  const nested = (value: unknown) => (value ? fieldNames(value as z.ZodType, false, seen) : [])
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => [name, ...nested(field)])
    case 'array':
      return nested(def.element)
    case 'record':
      return nested(def.valueType)
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => same(option))
    case 'intersection':
      return [...same(def.left), ...same(def.right)]
    case 'pipe':
      return [...same(def.in), ...same(def.out)]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return same(def.innerType)
    case 'number':
      return atRoot ? ['(value)'] : []
    default:
      return []
  }
}

/** Fields that carry an id or a secret of something a store owns. */
const NAMES_A_THING = /(^id$|Ids?$|^ids$|^uid$|Uid$|[Tt]oken$|^gcNumber$|^promoCode$|^orderSequence$|^\(value\)$)/

function idFieldsOf(schema: z.ZodType): string[] {
  return [...new Set(fieldNames(schema).filter((name) => NAMES_A_THING.test(name)))]
}

describe.each(testDatabaseKinds())('two stores on one %s database', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(async () => {
    forgetSigningKey()
    useNamedCache(createMemoryCache())
    installRateLimiter(createMemoryRateLimiter())
    const a = await openStore('Alpha')
    const b = await openStore('Bravo')
    world = { a, b }
  })
  beforeEach(() => installRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    world = undefined
    if (kind === testDatabaseKinds().at(-1)) await rm(IMAGES_DIR, { recursive: true, force: true })
  })

  test('every storefront query and mutation whose input names an id, a uid, a token or a code is attacked by a case', () => {
    const inputs: [string, z.ZodType][] = [...Object.entries(QUERY_INPUTS), ...Object.entries(MUTATION_INPUTS)]
    expect(Object.keys(QUERIES).sort()).toEqual(Object.keys(QUERY_INPUTS).sort())
    expect(Object.keys(MUTATIONS).sort()).toEqual(Object.keys(MUTATION_INPUTS).sort())
    const covered = new Set(REGISTRY_CASES.map((entry) => entry.key))
    const uncovered = inputs.filter(([key, schema]) => idFieldsOf(schema).length > 0 && !covered.has(key)).map(([key, schema]) => `${key} (${idFieldsOf(schema).join(', ')})`)
    expect(uncovered, `add a case to REGISTRY_CASES in tests/security/cross-store-idor.test.ts for: ${uncovered.join('; ')}`).toEqual([])
    // And a case for a key that takes no id is a case that no longer attacks anything.
    const idle = [...covered].filter((key) => !inputs.some(([name, schema]) => name === key && idFieldsOf(schema).length > 0))
    expect(idle, 'cases for keys whose input names no id').toEqual([])
  })

  test('every storefront route under src/app/api is attacked below or says why it takes no id of a store-owned thing', () => {
    const root = path.resolve('src/app/api')
    const routes = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => /(^|\/)route\.ts$/.test(file) && !file.startsWith('admin/'))
    const unknown = routes.filter((route) => !(route in ROUTES))
    expect(unknown, `classify these routes in ROUTES of tests/security/cross-store-idor.test.ts: ${unknown.join(', ')}`).toEqual([])
  })

  /** The segments after /api/images/ of an image address. */
  const segmentsOf = (url: string) => url.replace(/^\/api\/images\//, '').split('/')

  test("A's shopper session, as a bearer token or as a cookie, is nobody on B: anonymous there, not an error about another store", async () => {
    const { a, b } = w()
    const token = a.shopper.accessToken
    expect(await actorFor(db(), { bearer: token, cookie: null }, b.websiteId)).toEqual({ kind: 'guest' })
    expect(await actorFor(db(), { bearer: null, cookie: token }, b.websiteId)).toEqual({ kind: 'guest' })
    for (const key of ['getPartner', 'getGiftCards', 'getDesigns', 'getOrdersAwaitingApproval'] as const) {
      const anonymous = await outcomeOf(() => runQuery(key, undefined, callerContext(b.websiteId)))
      expect(anonymous, `${key} refuses an anonymous caller`).toHaveProperty('refused')
      expect(await outcomeOf(() => runQuery(key, undefined, callerContext(b.websiteId, { accessToken: token }))), `${key} with A's bearer token`).toEqual(anonymous)
      expect(await outcomeOf(() => runQuery(key, undefined, callerContext(b.websiteId, { sessionCookie: token }))), `${key} with A's session cookie`).toEqual(anonymous)
    }
    // On A the same token is A's shopper.
    expect(await actorFor(db(), { bearer: token, cookie: null }, a.websiteId)).toMatchObject({ kind: 'shopper', partnerId: a.shopper.partner.id })
  })

  test("B's product list, featured products, product page and editor hold none of A's products, with A's answers cached first", async () => {
    const { a, b } = w()
    const idsOf = async (websiteId: number) => (await db().select({ id: products.id }).from(products).where(eq(products.websiteId, websiteId))).map((row) => row.id)
    const aIds = await idsOf(a.websiteId)
    const bIds = await idsOf(b.websiteId)
    expect(aIds.length).toBeGreaterThan(0)
    // A's answers are cached first: B must not be answered from them.
    expect((await runQuery('getProductList', undefined, guestContext(a.websiteId))).products.products.map((product) => product.id).sort()).toEqual([...aIds].sort())
    expect(await findProductBySlugCached({ websiteId: a.websiteId, slug: a.store.polo.slug })).toMatchObject({ id: a.store.polo.id })
    const listed = (await runQuery('getProductList', undefined, guestContext(b.websiteId))).products.products.map((product) => product.id)
    expect(listed.sort()).toEqual([...bIds].sort())
    expect((await listProducts({ websiteId: b.websiteId })).map((product) => product.id).sort()).toEqual([...bIds].sort())
    expect((await runQuery('getFeaturedProducts', undefined, guestContext(b.websiteId))).products.products.filter((product) => aIds.includes(product.id))).toEqual([])
    expect(await findProductBySlugCached({ websiteId: b.websiteId, slug: a.store.polo.slug })).toBeNull()
    // The same cached keys asked with A's ids: answered on A, and on B like ids nobody has.
    const featured = { filter: { ids: [a.store.polo.id] } }
    const options = { productId: a.store.hoodie.id, colorValueId: a.store.navyHoodieId }
    expect((await runQuery('getFeaturedProducts', featured, guestContext(a.websiteId))).products.products.map((product) => product.id)).toEqual([a.store.polo.id])
    expect((await runQuery('getDecorationOptions', options, guestContext(a.websiteId))).decorationOptions.productId).toBe(a.store.hoodie.id)
    expect((await runQuery('getFeaturedProducts', featured, guestContext(b.websiteId))).products.products).toEqual([])
    expect(await outcomeOf(() => runQuery('getDecorationOptions', options, guestContext(b.websiteId)))).toMatchObject({ refused: { code: 'not_found' } })
    expect(await findProductBySlug({ websiteId: b.websiteId, slug: a.store.polo.slug })).toEqual(await findProductBySlug({ websiteId: b.websiteId, slug: 'no-such-product' }))
  })

  test("A's cart lines are priced on B like unknown products: in the cart summary, the saved cart and a carrier's charges", async () => {
    const { a, b } = w()
    const aLine = line(a.store.polo.id, a.store.navyId, a.store.crest.id)
    const missingLine = line(MISSING_ID, a.store.navyId, a.store.crest.id)
    const sent = [a.store.polo.id, MISSING_ID]
    const guest = guestContext(b.websiteId)
    const summary = (items: unknown[]) => outcomeOf(() => summarizeCart(guest, { items } as Parameters<typeof summarizeCart>[1]))
    const missingSummary = blanked(await summary([missingLine]), sent)
    expect(blanked(await summary([aLine]), sent)).toEqual(missingSummary)
    expect(missingSummary).toMatchObject({ answer: { lines: [], dropped: [expect.anything()] } })
    // A line of B's hoodie decorated with A's design prices like one with a design nobody has.
    const designed = (designId: string) => line(b.store.hoodie.id, b.store.navyHoodieId, null, { designId })
    const designSent = [a.design.id, missingUuid]
    const missingDesign = blanked(await summary([designed(missingUuid)]), designSent)
    expect(missingDesign).not.toHaveProperty('crashed')
    expect(blanked(await summary([designed(a.design.id)]), designSent)).toEqual(missingDesign)

    // The saved cart: A's lines are left out like unknown ones (two fresh shoppers, both at revision 0).
    const save = async (items: unknown[]) => {
      const { ctx, partner } = await signedInCustomer(b.websiteId)
      const answer = await outcomeOf(() => handleCartRequest(ctx, { partnerId: partner.id, items, revision: 0 } as Parameters<typeof handleCartRequest>[1]))
      return blanked(answer, [...sent, partner.id])
    }
    expect(await save([aLine])).toEqual(await save([missingLine]))

    // A carrier's charges: A's UPS method on B, like a method B does not have.
    const charges = (methodId: number) => outcomeOf(() => carrierCharges(guest, { carrier: 'ups', body: { methodId, items: [line(b.store.polo.id, b.store.navyId, b.store.crest.id)], address: greenvilleAddress(b.store) } }))
    expect(blanked(await charges(a.ups.id), [a.ups.id, MISSING_ID])).toEqual(blanked(await charges(MISSING_ID), [a.ups.id, MISSING_ID]))
    expect(await charges(a.ups.id)).not.toHaveProperty('crashed')
  })

  test("A's promotion code does nothing on B: its summary is the one of a code nobody has, while B's own code discounts", async () => {
    const { a, b } = w()
    const guest = guestContext(b.websiteId)
    const summary = (promoCode: string) =>
      outcomeOf(() =>
        summarizeCart(guest, { items: [line(b.store.polo.id, b.store.navyId, b.store.crest.id)], address: greenvilleAddress(b.store), deliveryMethodId: b.store.ground.id, promoCode } as Parameters<typeof summarizeCart>[1]),
      )
    const sent = [a.promoCode, 'NOBODYS-CODE']
    const nobodys = blanked(await summary('NOBODYS-CODE'), sent)
    expect(nobodys, JSON.stringify(nobodys)).not.toHaveProperty('crashed')
    expect(blanked(await summary(a.promoCode), sent)).toEqual(nobodys)
    expect(await summary(b.promoCode)).toMatchObject({ answer: { orderSummary: { promotion: 5 } } })
  })

  test("A's order document is not found on B, for B's shopper and for a guest holding the order's access token", async () => {
    const { a, b } = w()
    const pdf = (ctx: CoreContext, id: number, accessToken: string | null) => outcomeOf(() => getOrderPdf(ctx, { id: String(id), accessToken }))
    const sent = [a.order.id, a.guestOrder.id, MISSING_ID]
    expect(blanked(await pdf(b.shopper.ctx, a.order.id, null), sent)).toEqual(blanked(await pdf(b.shopper.ctx, MISSING_ID, null), sent))
    const guest = guestContext(b.websiteId)
    expect(blanked(await pdf(guest, a.guestOrder.id, a.guestOrder.accessToken), sent)).toEqual(blanked(await pdf(guest, MISSING_ID, a.guestOrder.accessToken), sent))
    expect(await pdf(b.shopper.ctx, MISSING_ID, null)).toMatchObject({ refused: { code: 'not_found' } })
    // B's own order's document is there.
    expect(await pdf(b.shopper.ctx, b.order.id, null)).toHaveProperty('answer')
  })

  test("A's uploads (artwork, design mockups) are not found on B, exactly like an upload B does not have", async () => {
    const { a, b } = w()
    const image = (segments: string[]) => outcomeOf(() => getImage({ segments, websiteId: b.websiteId, mayReadUploadsOf: async () => false }))
    const aArtwork = segmentsOf(a.artwork.imageUrl)
    const bArtwork = segmentsOf(b.artwork.imageUrl)
    // B's own artwork folder with an id nobody has.
    const missing = bArtwork.map((segment) => (segment === b.artwork.id ? missingUuid : segment))
    expect(await image(bArtwork), "B's own artwork").toMatchObject({ answer: { status: 200 } })
    const nothing = await image(missing)
    expect(nothing).toMatchObject({ refused: { code: 'not_found' } })
    expect(await image(aArtwork)).toEqual(nothing)
    for (const url of Object.values(a.design.mockupUrls)) expect(await image(segmentsOf(url)), url).toEqual(nothing)
  })

  test("A's account secrets do nothing on B: its sign-in, its reset and sign-up links, its preview token", async () => {
    const { a, b } = w()
    const caller = { websiteId: b.websiteId, ip: '203.0.113.9', userAgent: 'vitest' }
    const unknownEmail = `nobody-${b.websiteId}@example.com`
    const sent = [a.withPassword.email, unknownEmail]
    const signIn = (login: string) => outcomeOf(() => signInWithPassword(db(), { login, password: TEST_PASSWORD }, caller))
    expect(blanked(await signIn(a.withPassword.email), sent)).toEqual(blanked(await signIn(unknownEmail), sent))
    expect(await signIn(unknownEmail)).toMatchObject({ refused: { code: 'unauthorized' } })

    const reset = (email: string) => outcomeOf(() => requestPasswordReset(db(), { email }, caller))
    expect(await reset(a.withPassword.email)).toEqual(await reset(unknownEmail))
    expect(await db().select().from(accountTokens).where(and(eq(accountTokens.websiteId, b.websiteId), eq(accountTokens.email, a.withPassword.email)))).toEqual([])

    const newPassword = 'a brand new long passphrase'
    const createPassword = (token: string) => outcomeOf(() => createPasswordFromLink(db(), { token, password: newPassword }, caller))
    expect(await createPassword(a.resetToken)).toEqual(await createPassword(randomUUID()))
    const confirm = (token: string) => outcomeOf(() => confirmSignup(db(), { token }, caller))
    expect(await confirm(a.signupToken)).toEqual(await confirm(randomUUID()))
    expect(await confirm(randomUUID())).toHaveProperty('refused')
    // A's links still work on A.
    expect(await findUsableAccountLink(db(), 'password_reset', a.resetToken, a.websiteId)).not.toBeNull()
    expect(await findUsableAccountLink(db(), 'signup', a.signupToken, a.websiteId)).not.toBeNull()

    const { token: preview } = await mintPreviewToken(a.websiteId)
    expect(await previewAllows(preview, a.websiteId)).toBe(true)
    expect(await previewAllows(preview, b.websiteId)).toBe(false)
  })

  test("after every attack A's things are as they were, and B's shopper's own lists hold nothing of A's", async () => {
    const { a, b } = w()
    expect(await db().select().from(addresses).where(eq(addresses.id, a.address.id))).toEqual([a.address])
    expect((await db().select({ id: designs.id }).from(designs).where(eq(designs.websiteId, a.websiteId))).map((row) => row.id)).toEqual(expect.arrayContaining([a.design.id, a.guestDesign.id]))
    expect(await db().select({ partnerId: giftCards.partnerId, redeemedAt: giftCards.redeemedAt }).from(giftCards).where(eq(giftCards.id, a.giftCard.id))).toEqual([{ partnerId: null, redeemedAt: null }])
    const orderRow = async (id: number) => (await db().select({ state: orders.state, paymentState: orders.paymentState, approvalState: orders.approvalState, paymentMethodId: orders.paymentMethodId }).from(orders).where(eq(orders.id, id)))[0]
    expect(await orderRow(a.waitingOrder.id)).toMatchObject({ state: 'draft', approvalState: 'awaiting_approval' })
    expect(await orderRow(a.guestOrder.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    expect(await orderRow(b.guestOrder.id), "B's guest order was not paid with A's method").toMatchObject({ state: 'draft', paymentState: 'pending' })
    expect(await db().select({ id: partners.id }).from(partners).where(and(eq(partners.websiteId, b.websiteId), eq(partners.email, `alpha-new-${a.websiteId}@example.com`)))).toEqual([])

    const mine = b.shopper.ctx
    const orderIds = (await runQuery('getOrders', { filter: { uid: b.shopper.partner.uid } }, mine)).orders.orders.map((order) => order.id)
    const waitingIds = (await runQuery('getOrdersAwaitingApproval', undefined, b.approver.ctx)).orders.map((order) => order.id)
    const decidedIds = (await runQuery('getDecidedApprovals', undefined, b.approver.ctx)).orders.map((order) => order.id)
    const addressIds = (await runQuery('getAddresses', { filter: { partnerUid: b.shopper.partner.uid } }, mine)).addresses.map((address) => address.id)
    const cardIds = (await runQuery('getGiftCards', undefined, mine)).giftCards.map((card) => card.id)
    const designIds = (await runQuery('getDesigns', undefined, mine)).designs.map((design) => design.id)
    expect(orderIds).toContain(b.order.id)
    expect([...orderIds, ...waitingIds, ...decidedIds]).not.toContain(a.order.id)
    expect([...waitingIds, ...decidedIds]).not.toContain(a.waitingOrder.id)
    expect(addressIds).toContain(b.address.id)
    expect(addressIds).not.toContain(a.address.id)
    expect(cardIds).not.toContain(a.giftCard.id)
    expect(designIds).toContain(b.design.id)
    expect(designIds).not.toContain(a.design.id)
  })

  describe("each of A's ids sent to B is answered exactly like an id that does not exist", () => {
    test.each(REGISTRY_CASES.map((entry) => [`${entry.key} with ${entry.what}`, entry] as const))('%s', async (_name, entry) => {
      const ctx = entry.as(w())
      const missing = blanked(await outcomeOf(() => entry.run(ctx, entry.missing(w()))), entry.sent(w()))
      const attacked = blanked(await outcomeOf(() => entry.run(entry.as(w()), entry.attack(w()))), entry.sent(w()))
      expect(missing, 'the missing id is answered without a crash').not.toHaveProperty('crashed')
      expect(attacked).toEqual(missing)
      const own = await outcomeOf(async () => entry.run(entry.as(w()), await entry.own(w())))
      expect(own, `B's own id is answered (the case reaches the id): ${JSON.stringify(own)}`).toHaveProperty('answer')
    })
  })
})
