import { eq } from 'drizzle-orm'
import { startSession } from '@/server/accounts/session-service'
import type { CoreContext } from '@/server/kernel/context'
import { getDb } from '@/server/db/client'
import { orderOptions, states, taxRates } from '@/server/db/schema'
import { createPartner } from './accounts'
import { createLogo, createProduct } from './catalog'
import { createGiftCard } from './gift-cards'
import { nextSequence } from './sequence'
import { createDeliveryMethod, createOrderExtraField, createPaymentMethod, createTaxCredential } from './store-settings'
import { addShippingCountry, createCountry, createWebsite } from './website'
import { callerContext } from '../support/core-context'

// A demo-like store to check out in (issue 5): a website shipping to the US (SC and CO), a polo
// decorated with a logo and a cap without one, a fixed delivery method, an invoice payment
// method, the built-in tax table (SC 6 %), the store's extra fields and an order option; plus
// callers (guests and signed-in partners) and the body of a createOrder call.

export type CheckoutStore = Awaited<ReturnType<typeof createCheckoutStore>>

export async function createCheckoutStore(options: { tax?: 'builtin' | { customUrl: string } } = {}) {
  const db = await getDb()
  const website = await createWebsite({ name: `Granite Team Store ${nextSequence()}` })
  const websiteId = website.id
  // Several stores share one country table: the country and its states are made once.
  const country = await createCountry({ code: 'US', name: 'United States' })
  await db
    .insert(states)
    .values([
      { countryId: country.id, code: 'SC', name: 'South Carolina' },
      { countryId: country.id, code: 'CO', name: 'Colorado' },
    ])
    .onConflictDoNothing()
  const usStates = await db.select().from(states).where(eq(states.countryId, country.id))
  const us = { ...country, states: usStates }
  await addShippingCountry({ websiteId, countryId: us.id })
  const sc = usStates.find((state) => state.code === 'SC')!
  const co = usStates.find((state) => state.code === 'CO')!

  const crest = await createLogo({ name: 'Left Chest Crest' })
  const polo = await createProduct({ websiteId, name: 'Core Blend Polo', colors: ['Navy'], sizes: ['S', 'M', 'L'], priceAmount: 2400, logos: [crest] })
  const cap = await createProduct({ websiteId, name: 'Twill Cap', colors: ['Black'], sizes: ['OSFA'], priceAmount: 1200, categories: ['Caps'] })
  const navyId = polo.variants[0]!.colorValueId!
  const blackId = cap.variants[0]!.colorValueId!

  const ground = await createDeliveryMethod({ websiteId, name: 'Ground', priceAmount: 995, freeOver: true, freeOverAmount: 50_000, sequence: 1 })
  const invoice = await createPaymentMethod({ websiteId, name: 'Invoice', provider: 'manual', sequence: 1 })

  if (options.tax && options.tax !== 'builtin') {
    await createTaxCredential({ websiteId, taxname: 'custom', url: options.tax.customUrl })
  } else {
    await createTaxCredential({ websiteId, taxname: 'builtin' })
    await db.insert(taxRates).values({ websiteId, countryCode: 'US', stateCode: 'SC', ratePercent: 6, shippingTaxable: false })
  }

  const poNumber = await createOrderExtraField({ websiteId, name: 'po_number', label: 'PO number', fieldType: 'text', isRequired: true, sequence: 1 })
  const department = await createOrderExtraField({ websiteId, name: 'department', label: 'Department', fieldType: 'select', options: ['Sales', 'Operations'], sequence: 2 })
  const rush = await createOrderExtraField({ websiteId, name: 'rush', label: 'Rush order', fieldType: 'checkbox', sequence: 3 })
  const needBy = await createOrderExtraField({ websiteId, name: 'need_by', label: 'Needed by', fieldType: 'date', sequence: 4 })
  const [giftWrap] = await db.insert(orderOptions).values({ websiteId, name: 'gift_wrap', label: 'Gift wrap', priceAmount: 500, sequence: 1 }).returning()

  return {
    website,
    websiteId,
    us,
    sc,
    co,
    crest,
    polo,
    cap,
    navyId,
    blackId,
    ground,
    invoice,
    extraFields: { poNumber, department, rush, needBy },
    giftWrap: giftWrap!,
  }
}

/** An anonymous caller from `ip`. */
export function guestContext(websiteId: number, ip = `192.0.2.${(nextSequence() % 250) + 1}`): CoreContext {
  return callerContext(websiteId, { ip })
}

/** A partner of the store with a live session, and the context of their API calls. */
export async function signedInCustomer(websiteId: number, overrides: { budgetAmount?: number | null; name?: string } = {}) {
  const partner = await createPartner({ websiteId, password: null, ...overrides })
  const { accessToken } = await startSession(await getDb(), { partnerId: partner.id, websiteId, method: 'password' })
  const ctx = callerContext(websiteId, { accessToken, ip: `198.51.100.${(nextSequence() % 250) + 1}` })
  return { partner, ctx, accessToken }
}

/** A gift card already redeemed by `partnerId`, holding `amount` cents. */
export async function createRedeemedGiftCard({ websiteId, partnerId, amount }: { websiteId: number; partnerId: number; amount: number }) {
  return createGiftCard({ websiteId, partnerId, initialAmount: amount, redeemedAt: new Date() })
}

/** A billing / shipping address in Greenville, SC, as the checkout form holds it. */
export function greenvilleAddress(store: CheckoutStore, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jordan Buyer',
    phone: '864-555-0100',
    street: '100 Main Street',
    street2: '',
    city: 'Greenville',
    zip: '29601',
    countryId: store.us.id,
    stateId: store.sc.id,
    ...overrides,
  }
}

/** A Denver, CO address (a ZIP the fake custom tax service knows). */
export function denverAddress(store: CheckoutStore, overrides: Record<string, unknown> = {}) {
  return { name: 'Jordan Buyer', phone: null, street: '1600 Glenarm Place', street2: null, city: 'Denver', zip: '80202', countryId: store.us.id, stateId: store.co.id, ...overrides }
}

/**
 * The body of a createOrder call (without its key): two navy polos in M and one in L with the
 * crest ($72.00), Ground ($9.95), the required PO number. `expectedTotal` must be set by the caller
 * (or left at the SC figure: 72.00 + 9.95 + 6 % of 72.00 = 86.27).
 */
export function orderBody(store: CheckoutStore, orderSequence: string, overrides: Record<string, unknown> = {}) {
  return {
    billingaddress: greenvilleAddress(store),
    shippingaddress: null,
    products: [{ productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: 2, L: 1 } }],
    transactiondetails: null,
    aquirerId: store.invoice.id,
    partnername: 'Jordan Buyer',
    partneremail: 'jordan@example.com',
    orderSequence,
    orderForResale: false,
    approvalRequired: false,
    orderExtraFields: { po_number: 'PO-1001' },
    orderOptions: [],
    quotation: false,
    deliveryMethodId: store.ground.id,
    promoCode: null,
    useGiftCards: false,
    expectedTotal: 86.27,
    ...overrides,
  }
}
