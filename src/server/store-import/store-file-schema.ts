import { z } from 'zod'
import { GARMENT_KINDS, LOGO_PLACEMENTS } from '../images/garment-shapes'
import {
  accentColor,
  allowanceAmount,
  allowancePeriod,
  allowanceRollover,
  calendarDay,
  ROLLOVER_CAP_NEEDED,
  amount,
  analyticsId,
  code,
  cssColor,
  dateText,
  email,
  httpsUrl,
  markdownBody,
  optionalText,
  positiveAmount,
  priceBreakIssues,
  priceBreaks,
  PromotionSchema,
  redirectRules,
  sequence,
  slug,
  styleCode,
  taxCode,
  text,
  weight,
} from '@/isomorphic/contract/field-rules'
import { OrderExtraFieldSchema, OrderOptionSchema, PaymentMethodSchema, TaxSchema } from '@/isomorphic/contract/store-file-checkout'
import { DeliveryMethodSchema } from '@/isomorphic/contract/store-file-delivery'
import { hasUsZip, LogoMethodsSchema, logoColorCount, logoDecorationMethod, PlaceAddressSchema, US_ZIP_MESSAGE } from '@/isomorphic/contract/decoration-fields'
import { DecorationSectionSchema } from './decoration-schema'
import { LeadTimeSchema, SizeChartSchema, sizeChartStrangers } from '@/isomorphic/contract/timing-fields'
import { HOST_NAME_INVALID, normalizeHostName } from '@/isomorphic/host-names'

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
    /** `logo`: the product logo the picture shows (an exported mockup keeps it). */
    url: urlImage.extend({ color: text.optional(), logo: code.optional() }),
    file: fileImage.extend({ color: text.optional(), logo: code.optional() }),
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

/**
 * The host names the store answers on (issue 25), the primary first, each in its one spelling
 * (host-names.ts): `Shop.Example.com.` is read as `shop.example.com`. A name listed twice is an
 * error; whether another store has it is checked against the database at import.
 */
const HostsSchema = z.array(z.string()).transform((hosts, ctx) => {
  const seen = new Map<string, number>()
  return hosts.map((typed, index) => {
    const host = normalizeHostName(typed)
    if (host === null) {
      ctx.addIssue({ code: 'custom', path: [index], message: `"${typed}" is not a host name. ${HOST_NAME_INVALID}` })
      return typed
    }
    const first = seen.get(host)
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: [index], message: `"${host}" is listed twice (also hosts[${first}])` })
    else seen.set(host, index)
    return host
  })
})

const WebsiteSchema = z.strictObject({
  code: slug,
  name: text,
  description: z.string().default(''),
  domain: optionalText,
  /** Omitted: the store's host names stay as they are; `[]` removes them all. */
  hosts: HostsSchema.optional(),
  favicon: SiteImageSchema.optional(),
  socialImage: SiteImageSchema.optional(),
  logo: SiteImageSchema.optional(),
  lockBrowsing: z.enum(['Enable', 'Disable']).default('Disable'),
  ssologin: z.string().nullable().default(null),
  ssoConfig: z.record(z.string(), z.string()).nullable().default(null),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"').default('USD'),
  contact: z.strictObject({ email: email.optional(), phone: optionalText }).default({}),
  accentColor: accentColor.optional(),
  analyticsId: analyticsId.optional(),
  /** False: only signed-in partners may place orders. Which methods guests may pay with: paymentMethods[].guests. */
  guestCheckout: z.boolean().default(true),
  shippingCountries: z.array(CountrySchema).min(1, 'must list at least one country'),
  sizeOrder: z.array(text).min(1, 'must list at least one size'),
  /** Production time before an order ships, in business days (e.g. {"minDays": 7, "maxDays": 10}); products may override it. */
  leadTime: LeadTimeSchema.optional(),
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
  body: markdownBody,
  metaDescription: z.string().default(''),
  showInFooter: z.boolean().default(true),
  /** False: a draft the storefront does not show. */
  published: z.boolean().default(true),
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

const ProductSchema = z
  .strictObject({
    slug,
    name: text,
    templateSkuCode: styleCode,
    description: z.string().default(''),
    brand: text.optional(),
    categories: z.array(slug).default([]),
    weight,
    taxCode: taxCode.default('PC040100'),
    websiteSequence: sequence,
    published: z.boolean().default(true),
    colors: z.array(text).min(1, 'must list at least one colour'),
    sizes: z.array(text).min(1, 'must list at least one size'),
    logos: z.array(code).default([]),
    price: positiveAmount,
    /** Added to the price for these sizes (e.g. {"2XL": 2, "3XL": 3}). */
    sizeUpcharges: z.record(z.string(), amount).default({}),
    /** Quantity price breaks: from `minQuantity` pieces (all colours and sizes together) the price is `price`; sizes keep their upcharge. */
    priceBreaks: priceBreaks.default([]),
    images: z.array(ProductImageSchema).default([]),
    /** The garment drawing of the decoration editor; omitted: the garment of its first mockup image. */
    garment: z.enum(GARMENT_KINDS).optional(),
    /** This product's production time; omitted: the store's leadTime. */
    leadTime: LeadTimeSchema.optional(),
    /** Measurements per size, opened from the product page's size grid. */
    sizeChart: SizeChartSchema.optional(),
  })
  .superRefine((product, ctx) => {
    for (const size of product.sizeChart ? sizeChartStrangers(product.sizeChart, product.sizes) : []) {
      ctx.addIssue({ code: 'custom', path: ['sizeChart', 'rows'], message: `lists size ${size}, which the product does not have (its sizes: ${product.sizes.join(', ')})` })
    }
    for (const issue of priceBreakIssues(product.price, product.priceBreaks)) {
      ctx.addIssue({ code: 'custom', path: ['priceBreaks', ...issue.path], message: issue.message })
    }
  })

/** A customer group (issue 16): what allowance programs, rosters and single sign-on name by its code. */
const CustomerGroupSchema = z.strictObject({ code, name: text })

/** What a customer group is given per period (issue 16; the rules in src/isomorphic/allowance-periods.ts). */
const AllowanceProgramSchema = z
  .strictObject({
    group: code,
    amount: allowanceAmount,
    period: allowancePeriod,
    startsOn: calendarDay,
    prorate: z.boolean().default(false),
    rollover: allowanceRollover.default('none'),
    rolloverCap: allowanceAmount.optional(),
    active: z.boolean().default(true),
  })
  .refine((program) => program.rollover !== 'capped' || program.rolloverCap !== undefined, { message: ROLLOVER_CAP_NEEDED, path: ['rolloverCap'] })

/**
 * Accounts to create when missing (demo and test stores). The password is hashed at import; an
 * account that already exists is never changed, so a re-import keeps what its owner did since.
 */
const AccountSchema = z.strictObject({
  email,
  name: text,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
  budget: amount.optional(),
  /** The customer group's code (customerGroups): its allowance program applies. */
  group: code.optional(),
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
  redirects: redirectRules,
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
  customerGroups: z.array(CustomerGroupSchema).default([]),
  allowancePrograms: z.array(AllowanceProgramSchema).default([]),
  accounts: z.array(AccountSchema).default([]),
  giftCards: GiftCardsSchema,
  decoration: DecorationSectionSchema.optional(),
})

/** A store file as written (defaults not yet applied): what an export produces. */
export type StoreFileDocument = z.input<typeof StoreFileSchema>
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
