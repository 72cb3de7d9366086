import { EditVersionSchema } from './admin-edit'
import { accentColor, analyticsId, email, text } from './field-rules'
import { z } from './zod'
import { LeadTimeSchema } from './timing-fields'

// A store's settings in the console (issue 16): its name and description, contact details, who may
// browse and buy, its accent colour, analytics, and single sign-on. Secrets are write-only: the
// answer says whether one is set, never what it is; a save without one keeps the current.

export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const

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

export const SETTINGS_ADMIN_QUERY_INPUTS = {
  'settings.get': z.strictObject({ websiteId: z.number().int().positive() }),
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
  }),
}

export type SettingsAdminQueryResponses = { 'settings.get': StoreSettings }
export type SettingsAdminMutationResponses = { 'settings.save': StoreSettings }
