import { EditVersionSchema } from './admin-edit'
import { accentColor, analyticsId, email, text } from './field-rules'
import { z } from './zod'
import { LeadTimeSchema } from './timing-fields'

// A store's settings in the console (issue 16): its name and description, contact details, who may
// browse and buy, its accent colour, analytics, and single sign-on. Secrets are write-only: the
// answer says whether one is set, never what it is; a save without one keeps the current.

export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const

/**
 * The store's own pictures (issue 16), uploaded through POST /api/admin/site-image (multipart:
 * websiteId, version, kind, file): the header's logo, the browser tab's favicon and the picture of
 * shared links. None: the storefront's default (the name as text, no icon, no picture).
 */
export const SITE_IMAGE_KINDS = ['logo', 'favicon', 'social'] as const
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number]
export const MAX_SITE_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_SITE_IMAGE_SIZE_LABEL = '5 MB'
export const SITE_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg'
/** The smallest picture each kind takes (width, height): a favicon is drawn at 32 px, link previews want 600 × 315 or more. */
export const SITE_IMAGE_MIN_SIZE: Record<SiteImageKind, { width: number; height: number }> = {
  logo: { width: 16, height: 16 },
  favicon: { width: 32, height: 32 },
  social: { width: 600, height: 315 },
}
export const SITE_IMAGE_LABELS: Record<SiteImageKind, string> = { logo: 'logo', favicon: 'favicon', social: 'social image' }

/** A reCAPTCHA key as Google gives it: letters, digits, - and _. */
const recaptchaKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be a key as Google gives it (20 to 100 letters, digits, - and _)')

export type StoreSettings = {
  websiteId: number
  code: string
  version: number
  name: string
  description: string
  contactEmail: string | null
  contactPhone: string | null
  lockBrowsing: boolean
  guestCheckout: boolean
  accentColor: string | null
  analyticsId: string | null
  /** Production time before an order ships, business days; null: not stated. */
  leadTime: { minDays: number; maxDays: number } | null
  sso: {
    /** The label of the storefront's sign-in button; null: single sign-on is off. */
    label: string | null
    issuer: string
    clientId: string
    scope: string
    tokenAuthMethod: (typeof TOKEN_AUTH_METHODS)[number]
    /** Whether a client secret is stored; it is never sent back. */
    clientSecretSet: boolean
  }
  /** The store's pictures as small previews for the console (an /api/images address), or null: the default. */
  images: Record<SiteImageKind, string | null>
  /** reCAPTCHA v3 for sign-in, sign-up and password reset: the store's own keys, or the install's when it sets none. */
  recaptcha: {
    /** The store's site key; empty: it uses the install's keys (installKeys says whether there are any). */
    siteKey: string
    /** Whether the store's secret key is stored; it is never sent back. */
    secretKeySet: boolean
    /** Whether the install has keys of its own (the environment's), used when the store sets none. */
    installKeys: boolean
  }
  /** Card payments (Stripe): the store's own account, or the install's (issue 25). The secrets are never sent back. */
  cardPayments: {
    /** True: the store's own secret key and webhook signing secret are stored and used. */
    ownAccount: boolean
    /** Whether the install has keys of its own (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), used when the store has none. */
    installKeys: boolean
    /** Where the store's own Stripe account sends its events: the store's webhook address. */
    webhookPath: string
  }
}

/** An optional text field: empty or absent is null. */
const optional = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable())

const SsoSettingsInput = z.strictObject({
  /** Empty: single sign-on off. */
  label: optional(text.max(60, 'must be at most 60 characters')),
  issuer: z.string().trim().max(500).default(''),
  clientId: z.string().trim().max(500).default(''),
  /** Empty or absent: keep the stored secret. */
  clientSecret: z.string().max(2000).optional(),
  scope: z.string().trim().max(500).default(''),
  tokenAuthMethod: z.enum(TOKEN_AUTH_METHODS).default('client_secret_basic'),
})

/** Empty site key: the install's keys (both of the store's are cleared). Empty or absent secret: keep the stored one. */
const RecaptchaSettingsInput = z.strictObject({
  siteKey: z.union([z.literal(''), recaptchaKey]).default(''),
  secretKey: z.union([z.literal(''), recaptchaKey]).optional(),
})

/** A Stripe secret key as Stripe gives it: sk_live_…, sk_test_… or a restricted rk_… key. */
const stripeSecretKey = z
  .string()
  .trim()
  .regex(/^(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{8,247}$/, 'must be a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_… key)')
/** A webhook signing secret as Stripe gives it: whsec_… */
const stripeWebhookSecret = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/=_-]{8,250}$/, 'must be a webhook signing secret as Stripe gives it (whsec_…)')

/** install: the install's keys (the store's are removed). own: the store's; an empty or absent secret keeps the stored one. */
const CardPaymentsInput = z.strictObject({
  account: z.enum(['install', 'own'], { error: 'must be install or own' }),
  secretKey: z.union([z.literal(''), stripeSecretKey]).optional(),
  webhookSecret: z.union([z.literal(''), stripeWebhookSecret]).optional(),
})

export const SETTINGS_ADMIN_QUERY_INPUTS = {
  'settings.get': z.strictObject({ websiteId: z.number().int().positive() }),
  /** `result`: the sealed result a test sign-in left in the member's browser (a Path=/admin cookie), or ''. */
  'settings.ssoTestResult': z.strictObject({ websiteId: z.number().int().positive(), result: z.string().max(8192) }),
}

export const SETTINGS_ADMIN_MUTATION_INPUTS = {
  'settings.save': z.strictObject({
    websiteId: z.number().int().positive(),
    version: EditVersionSchema,
    name: text.max(120, 'must be at most 120 characters'),
    description: z.string().trim().max(2000, 'must be at most 2,000 characters').default(''),
    contactEmail: optional(email),
    contactPhone: optional(z.string().trim().max(40, 'must be at most 40 characters')),
    lockBrowsing: z.boolean(),
    guestCheckout: z.boolean(),
    accentColor: optional(accentColor),
    analyticsId: optional(analyticsId),
    /** The store file's website.leadTime rule; null: not stated. */
    leadTime: LeadTimeSchema.nullable().default(null),
    sso: SsoSettingsInput,
    /** Absent: the store's reCAPTCHA keys stay as they are. */
    recaptcha: RecaptchaSettingsInput.optional(),
    /** Absent: the store's Stripe keys stay as they are. */
    cardPayments: CardPaymentsInput.optional(),
  }),
  /** Takes the store's logo, favicon or social image away: the storefront shows its default again. */
  'settings.removeImage': z.strictObject({
    websiteId: z.number().int().positive(),
    version: EditVersionSchema,
    kind: z.enum(SITE_IMAGE_KINDS),
  }),
}

export type SettingsAdminQueryResponses = { 'settings.get': StoreSettings; 'settings.ssoTestResult': SsoTestResult | null }
export type SettingsAdminMutationResponses = { 'settings.save': StoreSettings; 'settings.removeImage': StoreSettings }

// The single sign-on test sign-in (issue 16): a member runs the OpenID Connect flow with the saved
// settings; nobody is signed in, and the outcome comes back to the member who started it.

/** The steps of the flow, in order, that a test can fail at. */
export const SSO_TEST_STEPS = ['discovery', 'provider sign-in', 'token exchange', 'ID token', 'userinfo', 'email', 'settings'] as const
export type SsoTestStep = (typeof SSO_TEST_STEPS)[number]

export type SsoTestResult = {
  websiteId: number
  /** ISO time the provider's answer came back (or the start failed). */
  testedAt: string
  issuer: string
  redirectUri: string
  outcome: 'succeeded' | 'failed'
  /** On failure: the step, a sentence with what happened and what to fix, and the technical detail. */
  failure: { step: SsoTestStep; message: string; detail: string | null } | null
  subject: string | null
  email: string | null
  emailVerified: boolean
  name: string | null
  /** The claims that came back (protocol claims left out), as text, shortened. */
  claims: { name: string; value: string }[]
  /** How many claims were left out to keep the result small. */
  claimsLeftOut: number
  /** The store's group mapping applied to the claims; null when the store maps no claim. */
  group: { claim: string; values: string[]; matchedValue: string | null; groupName: string | null } | null
}

export const SSO_TEST_START_INPUT = z.strictObject({ websiteId: z.number().int().positive() })
