import { createLogo, createProduct } from './catalog'
import { createHomePage } from './content'
import {
  createDeliveryMethod,
  createOrderExtraField,
  createPaymentMethod,
  createPromotion,
  createTaxCredential,
} from './store-settings'
import { addShippingCountry, createCountry, createWebsite } from './website'

/** Values planted in secret columns: no API answer may ever contain one of them. */
export const PLANTED_SECRETS = [
  'usps-user-SECRET',
  'fedex-id-SECRET',
  'fedex-secret-SECRET',
  'ups-secret-SECRET',
  'https://carrier.internal.example/rates',
  'avalara-key-SECRET',
  'avalara-token-SECRET',
  'https://tax.internal.example',
  'PROMO-SECRET-CODE',
  'sso-secret-SECRET',
]

/**
 * A small but complete store: website with shipping countries, a few products, a home page and
 * every setting the query API serves, with secrets planted where credentials live.
 */
export async function createStore() {
  const day = 24 * 60 * 60 * 1000
  const website = await createWebsite({ name: 'Acme Team Store', ssoConfig: { clientSecret: 'sso-secret-SECRET' } })
  const websiteId = website.id
  const us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'SC', name: 'South Carolina' }] })
  await addShippingCountry({ websiteId, countryId: us.id })

  const crest = await createLogo({ name: 'Left Chest Crest' })
  const polo = await createProduct({ websiteId, name: 'Core Blend Polo', websiteSequence: 2, logos: [crest], priceAmount: 2400 })
  const cap = await createProduct({ websiteId, name: 'Twill Cap', websiteSequence: 1, sizes: ['OSFA'], priceAmount: 1200, categories: ['Caps'] })
  await createHomePage({ websiteId, heroTitle: 'Gear up', featuredProductSlugs: [polo.slug] })

  const ground = await createDeliveryMethod({ websiteId, name: 'Ground', priceAmount: 995, freeOver: true, freeOverAmount: 10_000, sequence: 1 })
  const byWeight = await createDeliveryMethod({
    websiteId,
    name: 'By weight',
    deliveryType: 'base_on_rule',
    marginPercent: 10,
    sequence: 2,
    rules: [
      { sequence: 1, variable: 'weight', operator: '<=', maxValue: 5, listBasePriceAmount: 500, listPriceAmount: 0, variableFactor: 'weight' },
      { sequence: 2, variable: 'weight', operator: '>', maxValue: 5, listBasePriceAmount: 500, listPriceAmount: 150, variableFactor: 'weight' },
    ],
  })
  await createDeliveryMethod({
    websiteId,
    name: 'UPS Ground',
    deliveryType: 'ups_rubikx',
    sequence: 3,
    url: 'https://carrier.internal.example/rates',
    credentials: { upsClientId: 'ups-client', upsClientSecret: 'ups-secret-SECRET', uspsUsername: 'usps-user-SECRET', fedexClientid: 'fedex-id-SECRET', fedexClientsecret: 'fedex-secret-SECRET' },
  })
  await createDeliveryMethod({ websiteId, name: 'Retired courier', isActive: false })

  await createPaymentMethod({ websiteId, name: 'Invoice', provider: 'manual', sequence: 1 })
  await createPaymentMethod({ websiteId, name: 'Old gateway', isActive: false })
  await createTaxCredential({
    websiteId,
    taxname: 'avatax',
    url: 'https://tax.internal.example',
    key: 'avalara-key-SECRET',
    token: 'avalara-token-SECRET',
    companycode: 'ACME',
    customercode: 'C-1',
  })

  const now = Date.now()
  const active = await createPromotion({ websiteId, name: 'Ten off', dateFrom: new Date(now - day), dateTo: new Date(now + day) })
  const freeCap = await createPromotion({ websiteId, name: 'Free cap', rewardType: 'product', rewardProductId: cap.id, discountType: null, discountPercentage: null, discountApplyOn: null })
  const withCode = await createPromotion({ websiteId, name: 'Coded', promoCodeUsage: 'code_needed', promoCode: 'PROMO-SECRET-CODE', discountType: 'fixed_amount', discountFixedAmount: 500, discountPercentage: null })
  await createPromotion({ websiteId, name: 'Expired', dateTo: new Date(now - day) })
  await createPromotion({ websiteId, name: 'Upcoming', dateFrom: new Date(now + day) })
  await createPromotion({ websiteId, name: 'Used up', maximumUseNumber: 3, usedCount: 3 })
  await createPromotion({ websiteId, name: 'Switched off', isActive: false })

  await createOrderExtraField({ websiteId, name: 'po_number', label: 'PO number', isRequired: true, sequence: 1 })
  await createOrderExtraField({ websiteId, name: 'department', label: 'Department', fieldType: 'select', options: ['Sales', 'Support'], sequence: 2 })

  return { website, products: { polo, cap }, logos: { crest }, delivery: { ground, byWeight }, promotions: { active, freeCap, withCode } }
}
