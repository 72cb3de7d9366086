import { z } from 'zod'
import { GARMENT_KINDS, LOGO_PLACEMENTS } from '../images/garment-shapes'
import {
  amount,
  code,
  cssColor,
  dateText,
  email,
  httpsUrl,
  optionalText,
  percent,
  positiveAmount,
  sequence,
  slug,
  text,
} from '@/isomorphic/contract/field-rules'
import { hasUsZip, LogoMethodsSchema, logoColorCount, logoDecorationMethod, PlaceAddressSchema, US_ZIP_MESSAGE } from '@/isomorphic/contract/decoration-fields'
import { DecorationSectionSchema } from './decoration-schema'

// The store file (docs/store-file.md): one JSON document that loads a whole store. Money is in
// decimal dollars here and cents in the database. Every record has a natural key (code, slug or
// name) so that importing again updates in place. Objects are strict: a misspelt field is an error
// rather than silently ignored.

export const STORE_FILE_FORMAT = 'webstore-store/1'

const relativeFile = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => !value.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(value) && !value.includes('://'), {
    message: 'must be a path relative to the store file (e.g. "logos/mark.svg")',
  })

/**
 * An object that is exactly one of several shapes, told apart by which key it has
 * (`{"url": …}`, `{"file": …}`, `{"mockup": …}`): a message naming the keys beats zod's
 * "invalid input" for a union.
 */
function oneOfKeys<Branches extends Record<string, z.ZodType>>(branches: Branches, what: string) {
  const names = Object.keys(branches)
  const list = names.map((name) => `"${name}"`).join(', ')
  return z.unknown().transform((input, ctx): z.output<Branches[keyof Branches]> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}: an object with one of ${list}` })
      return z.NEVER
    }
    const present = names.filter((name) => name in input)
    if (present.length !== 1) {
      const message = present.length === 0 ? `must have one of ${list}` : `must have only one of ${list}`
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    const result = branches[present[0]!]!.safeParse(input, { error: friendlyIssueMessage })
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue } as never)
      return z.NEVER
    }
    return result.data as z.output<Branches[keyof Branches]>
  })
}

const urlImage = z.strictObject({ url: httpsUrl, alt: optionalText })
const fileImage = z.strictObject({ file: relativeFile, alt: optionalText })

/** An image used as is: an https:// address, or a file next to the store file (copied into the image store). */
export const ImageSourceSchema = oneOfKeys({ url: urlImage, file: fileImage }, 'an image')

const mockupImage = z.strictObject({
  mockup: z.strictObject({
    garment: z.enum(GARMENT_KINDS),
    logo: code.optional(),
    placement: z.enum(LOGO_PLACEMENTS).optional(),
  }),
  /** The product colour it shows; omitted: one mockup per colour of the product. */
  color: text.optional(),
  alt: optionalText,
})

export const ProductImageSchema = oneOfKeys(
  {
    url: urlImage.extend({ color: text.optional() }),
    file: fileImage.extend({ color: text.optional() }),
    mockup: mockupImage,
  },
  'a product image',
)

const generatedImage = z.strictObject({
  generate: z.enum(['favicon', 'social', 'hero']),
  logo: code,
  background: cssColor.optional(),
  accent: cssColor.optional(),
  alt: optionalText,
})

/** Website images may also be drawn at import from one of the store's logos. */
export const SiteImageSchema = oneOfKeys({ url: urlImage, file: fileImage, generate: generatedImage }, 'an image')

const StateSchema = z.strictObject({ code: z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be a state code like "CO"'), name: text })

const CountrySchema = z.strictObject({
  code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code like "US"'),
  name: text,
  states: z.array(StateSchema).default([]),
})

const WebsiteSchema = z.strictObject({
  code: slug,
  name: text,
  description: z.string().default(''),
  domain: optionalText,
  favicon: SiteImageSchema.optional(),
  socialImage: SiteImageSchema.optional(),
  logo: SiteImageSchema.optional(),
  lockBrowsing: z.enum(['Enable', 'Disable']).default('Disable'),
  ssologin: z.string().nullable().default(null),
  ssoConfig: z.record(z.string(), z.string()).nullable().default(null),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"').default('USD'),
  contact: z.strictObject({ email: email.optional(), phone: optionalText }).default({}),
  /** False: only signed-in partners may place orders. Which methods guests may pay with: paymentMethods[].guests. */
  guestCheckout: z.boolean().default(true),
  shippingCountries: z.array(CountrySchema).min(1, 'must list at least one country'),
  sizeOrder: z.array(text).min(1, 'must list at least one size'),
})

const HomeSectionSchema = z.strictObject({
  title: text,
  body: z.string().default(''),
  href: optionalText,
  image: SiteImageSchema.optional(),
})

const HomePageSchema = z.strictObject({
  hero: z.strictObject({
    title: text,
    subtitle: z.string().default(''),
    image: SiteImageSchema.optional(),
    ctaLabel: text.default('Shop now'),
    ctaHref: text.default('/shop'),
  }),
  sections: z.array(HomeSectionSchema).default([]),
  featuredProducts: z.array(slug).default([]),
})

const ContentPageSchema = z.strictObject({
  slug,
  title: text,
  body: text,
  metaDescription: z.string().default(''),
  showInFooter: z.boolean().default(true),
  sequence,
})

const BrandSchema = z.strictObject({ name: text })

const CategorySchema = z.strictObject({ slug, name: text, sequence })

const ColorSchema = z.strictObject({ name: text, css: cssColor })

const DecorationPartnerSchema = z
  .strictObject({
    code,
    name: text,
    address: PlaceAddressSchema,
    phone: optionalText,
    email: email.optional(),
  })
  .superRefine((partner, ctx) => {
    if (!hasUsZip(partner.address)) {
      ctx.addIssue({ code: 'custom', path: ['address', 'zip'], message: US_ZIP_MESSAGE })
    }
  })

const LogoArtworkSchema = oneOfKeys({ url: urlImage, file: fileImage }, 'the logo artwork')

const LogoSchema = z.strictObject({
  code,
  name: text,
  decorationPartner: code,
  decorationMethod: logoDecorationMethod,
  artwork: LogoArtworkSchema,
  /** A reverse (light) version used on dark garments; the artwork is used everywhere when absent. */
  artworkOnDark: LogoArtworkSchema.optional(),
  /** The editor's methods for this logo (decoration.methods codes); omitted: its decorationMethod's. */
  methods: LogoMethodsSchema.optional(),
  /** Thread / ink colours of the artwork; omitted: counted from the artwork file. */
  colorCount: logoColorCount.optional(),
})

const ProductSchema = z.strictObject({
  slug,
  name: text,
  templateSkuCode: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, 'must be a style code like "PC54" or "ST650"'),
  description: z.string().default(''),
  brand: text.optional(),
  categories: z.array(slug).default([]),
  weight: z.number().min(0, 'must be a weight in pounds of 0 or more'),
  taxCode: z.string().min(1, 'must not be empty').default('PC040100'),
  websiteSequence: sequence,
  published: z.boolean().default(true),
  colors: z.array(text).min(1, 'must list at least one colour'),
  sizes: z.array(text).min(1, 'must list at least one size'),
  logos: z.array(code).default([]),
  price: positiveAmount,
  /** Added to the price for these sizes (e.g. {"2XL": 2, "3XL": 3}). */
  sizeUpcharges: z.record(z.string(), amount).default({}),
  images: z.array(ProductImageSchema).default([]),
  /** The garment drawing of the decoration editor; omitted: the garment of its first mockup image. */
  garment: z.enum(GARMENT_KINDS).optional(),
})

const DELIVERY_VARIABLES = ['weight', 'volume', 'wv', 'price', 'quantity'] as const

const PriceRuleSchema = z.strictObject({
  variable: z.enum(DELIVERY_VARIABLES),
  operator: z.enum(['==', '<=', '<', '>=', '>']),
  maxValue: z.number().min(0, 'must be 0 or more'),
  listBasePrice: amount,
  listPrice: amount.default(0),
  variableFactor: z.enum(DELIVERY_VARIABLES).default('weight'),
})

const DeliveryMethodSchema = z
  .strictObject({
    name: text,
    description: z.string().default(''),
    deliveryType: z.enum(['fixed', 'base_on_rule', 'usps', 'ups_rubikx', 'fedex_rubikx']),
    price: amount.default(0),
    margin: percent.default(0),
    /** Free delivery when the order amount is at least this (the spec's freeOver with its amout). */
    freeOverAmount: positiveAmount.optional(),
    priceRules: z.array(PriceRuleSchema).default([]),
    url: httpsUrl.optional(),
    credentials: z
      .strictObject({
        uspsUsername: optionalText,
        fedexClientid: optionalText,
        fedexClientsecret: optionalText,
        fedexAccountNumber: optionalText,
        upsClientId: optionalText,
        upsClientSecret: optionalText,
        upsAccountNumber: optionalText,
      })
      .default({}),
    /** A pickup method: where the order is handed over, so where it is taxed (not the shopper's address). */
    pickupAddress: PlaceAddressSchema.optional(),
    sequence,
    active: z.boolean().default(true),
  })
  .superRefine((method, ctx) => {
    if (method.pickupAddress && method.deliveryType !== 'fixed') {
      ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: 'is only for fixed-price (pickup) methods' })
    }
    if (method.pickupAddress && !hasUsZip(method.pickupAddress)) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddress', 'zip'], message: US_ZIP_MESSAGE })
    }
    if (method.deliveryType === 'base_on_rule' && method.priceRules.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['priceRules'], message: 'a base_on_rule method needs at least one price rule' })
    }
    if (method.deliveryType !== 'base_on_rule' && method.priceRules.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['priceRules'], message: 'price rules are only for base_on_rule methods' })
    }
    const needs: Record<string, (keyof typeof method.credentials)[]> = {
      usps: ['uspsUsername'],
      ups_rubikx: ['upsClientId', 'upsClientSecret'],
      fedex_rubikx: ['fedexClientid', 'fedexClientsecret'],
    }
    for (const field of needs[method.deliveryType] ?? []) {
      if (!method.credentials[field]) {
        ctx.addIssue({ code: 'custom', path: ['credentials', field], message: `is required for ${method.deliveryType}` })
      }
    }
    if (method.deliveryType in needs && !method.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `is required for ${method.deliveryType} (the carrier's API address)` })
    }
  })

/** Providers that bill the company: for signed-in partners only unless the file says otherwise. */
export const COMPANY_BILLED_PROVIDERS: readonly string[] = ['purchase_order', 'invoice']

const PaymentMethodSchema = z
  .strictObject({
    name: text,
    provider: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a provider code like "purchase_order"'),
    instructions: z.string().default(''),
    /** May guests (not signed in) pay with it? Omitted: no for purchase_order and invoice, yes otherwise. */
    guests: z.boolean().optional(),
    sequence,
    active: z.boolean().default(true),
  })
  .transform(({ guests, ...method }) => ({ ...method, guests: guests ?? !COMPANY_BILLED_PROVIDERS.includes(method.provider) }))

const TaxRateSchema = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code like "US"'),
  state: z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be a state code like "CO"'),
  zipPrefix: z.string().regex(/^[0-9A-Z]{0,5}$/, 'must be up to 5 leading ZIP characters').default(''),
  ratePercent: z.number().min(0, 'must be 0 or more').max(100, 'must be at most 100'),
  shippingTaxable: z.boolean().default(false),
})

const TaxSchema = z
  .strictObject({
    taxname: z.enum(['builtin', 'custom', 'avatax']),
    url: httpsUrl.optional(),
    key: optionalText,
    token: optionalText,
    documentrecording: z.boolean().default(false),
    companycode: text.default('DEFAULT'),
    customercode: optionalText,
    rates: z.array(TaxRateSchema).default([]),
  })
  .superRefine((tax, ctx) => {
    if (tax.taxname === 'avatax' && !tax.token && !tax.key) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'avatax needs a token (or an account key)' })
    }
    if (tax.taxname === 'builtin' && tax.rates.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['rates'], message: 'the built-in tax needs a rate table' })
    }
  })

const PromotionSchema = z
  .strictObject({
    name: text,
    rewardType: z.enum(['discount', 'product', 'free_shipping']),
    promoApplicability: z.enum(['on_current_order', 'on_next_order']).default('on_current_order'),
    /** When set, the shopper must enter this code; otherwise the program applies by itself. */
    promoCode: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3–40 letters, digits, "-" or "_"').optional(),
    minimumAmount: amount.default(0),
    minimumQuantity: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
    products: z.array(slug).default([]),
    dateFrom: dateText.optional(),
    dateTo: dateText.optional(),
    maximumUses: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
    /** Uses per customer (a signed-in partner; a guest by email address); 0: no limit. */
    maximumUsesPerCustomer: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
    /** Only on a customer's first order (no earlier order of theirs that was not cancelled). */
    firstOrderOnly: z.boolean().default(false),
    discount: z
      .strictObject({
        type: z.enum(['percentage', 'fixed_amount']),
        percentage: z.number().gt(0, 'must be more than 0').max(100, 'must be at most 100').optional(),
        fixedAmount: positiveAmount.optional(),
        applyOn: z.enum(['on_order', 'cheapest_product', 'specific_products']).default('on_order'),
      })
      .optional(),
    rewardProduct: z.strictObject({ slug, quantity: z.number().int().min(1, 'must be at least 1').default(1) }).optional(),
    active: z.boolean().default(true),
  })
  .superRefine((promotion, ctx) => {
    if (promotion.rewardType === 'discount') {
      const discount = promotion.discount
      if (!discount) ctx.addIssue({ code: 'custom', path: ['discount'], message: 'is required for a discount reward' })
      else if (discount.type === 'percentage' && discount.percentage === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount', 'percentage'], message: 'is required for a percentage discount' })
      else if (discount.type === 'fixed_amount' && discount.fixedAmount === undefined)
        ctx.addIssue({ code: 'custom', path: ['discount', 'fixedAmount'], message: 'is required for a fixed_amount discount' })
    }
    if (promotion.rewardType === 'product' && !promotion.rewardProduct) {
      ctx.addIssue({ code: 'custom', path: ['rewardProduct'], message: 'is required for a product reward' })
    }
    if (promotion.dateFrom && promotion.dateTo && Date.parse(promotion.dateFrom) > Date.parse(promotion.dateTo)) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' })
    }
  })

const OrderExtraFieldSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a field name like "cost_center"'),
    label: text,
    type: z.enum(['text', 'textarea', 'select', 'checkbox', 'date']),
    required: z.boolean().default(false),
    options: z.array(text).default([]),
    placeholder: optionalText,
    sequence,
  })
  .superRefine((field, ctx) => {
    if (field.type === 'select' && field.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a select field needs at least one option' })
    }
  })

const OrderOptionSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be an option name like "rush_decoration"'),
  label: text,
  price: amount.default(0),
  sequence,
})

/**
 * Accounts to create when missing (demo and test stores). The password is hashed at import; an
 * account that already exists is never changed, so a re-import keeps what its owner did since.
 */
const AccountSchema = z.strictObject({
  email,
  name: text,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
  budget: amount.optional(),
  /** May approve the store's orders that wait for approval (a company store's manager). */
  canApproveOrders: z.boolean().default(false),
  /** A resale certificate on file: only then may the account buy tax-free for resale. */
  resaleCertificate: z
    .strictObject({
      number: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
      expiresAt: dateText.optional(),
    })
    .optional(),
})

/**
 * Gift cards to create when missing (demo and test stores). The number is hashed at import (only
 * its SHA-256 and last four characters are kept); a card that already exists is never changed, so
 * a re-import cannot refill a spent balance.
 */
const GiftCardSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/, 'must be a gift card number: 4–64 letters, digits and "-" (e.g. "GRANITE-GIFT-0050")'),
  amount: positiveAmount,
  expiresAt: dateText.optional(),
})

const GiftCardsSchema = z
  .array(GiftCardSchema)
  .default([])
  .superRefine((cards, ctx) => {
    const seen = new Set<string>()
    cards.forEach((card, index) => {
      const key = card.code.toUpperCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'is listed twice (numbers are compared ignoring case)' })
      seen.add(key)
    })
  })

export const StoreFileSchema = z.strictObject({
  $schema: z.string().optional(),
  format: z.literal(STORE_FILE_FORMAT, { error: `must be "${STORE_FILE_FORMAT}"` }),
  website: WebsiteSchema,
  homePage: HomePageSchema.optional(),
  contentPages: z.array(ContentPageSchema).default([]),
  brands: z.array(BrandSchema).default([]),
  categories: z.array(CategorySchema).default([]),
  colors: z.array(ColorSchema).default([]),
  decorationPartners: z.array(DecorationPartnerSchema).default([]),
  logos: z.array(LogoSchema).default([]),
  products: z.array(ProductSchema).default([]),
  deliveryMethods: z.array(DeliveryMethodSchema).default([]),
  paymentMethods: z.array(PaymentMethodSchema).default([]),
  tax: TaxSchema.optional(),
  promotions: z.array(PromotionSchema).default([]),
  orderExtraFields: z.array(OrderExtraFieldSchema).default([]),
  orderOptions: z.array(OrderOptionSchema).default([]),
  accounts: z.array(AccountSchema).default([]),
  giftCards: GiftCardsSchema,
  decoration: DecorationSectionSchema.optional(),
})

export type StoreFile = z.output<typeof StoreFileSchema>
export type StoreFileProduct = StoreFile['products'][number]
export type StoreFileLogo = StoreFile['logos'][number]
export type ImageSource = z.output<typeof ImageSourceSchema>
export type SiteImageSource = z.output<typeof SiteImageSchema>
export type ProductImageSource = z.output<typeof ProductImageSchema>

const ARTICLES: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  int: 'a whole number',
}

/** Zod's messages rewritten for a person editing the file; a message set on the schema wins. */
export function friendlyIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      if (issue.expected === 'nan' || issue.expected === 'never') return undefined
      return `must be ${ARTICLES[issue.expected] ?? issue.expected}`
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`
      if (issue.origin === 'array') return `must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`
    case 'invalid_format':
      return `must be a valid ${issue.format}`
    default:
      return undefined
  }
}
