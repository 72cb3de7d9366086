import type { DecorationMethodCode, DecorationView, DesignFont } from '../decoration-types'
import { EditVersionSchema } from './admin-edit'
import { areaCode, areaSize, artworkFileTypes, FontSchema, inches, LOGO_DECORATION_METHODS, logoColorCount, logoDecorationMethod, maxColors, methodCode, methodList, PaletteColorSchema, PlaceAddressSchema, RIGHTS_STATEMENT_REQUIRED, uploadMaxBytes, uploadsNeedRights, hasUsZip, US_ZIP_MESSAGE } from './decoration-fields'
import { amount, code, email, text } from './field-rules'
import { idSchema } from './fields'
import { z } from './zod'

// Decoration in the console (issue 16): logos (with their artwork, uploaded through
// POST /api/admin/logo-artwork, multipart: websiteId, logoId, file), decoration partners, and a
// store's decoration settings (methods with their prices, print areas, fonts, palette, uploads).
// Field rules are the store file's (decoration-fields.ts), so what the console saves imports again.
// Logos and decoration partners are shared by the install's stores, like brands and colours: each
// key names the store it acts from ('store.manage' there); a shared record that products of stores
// the member does not manage use is an owner's to change. Money is decimal dollars here.

export { LOGO_DECORATION_METHODS }

/** The largest logo artwork file the console takes. */
export const MAX_LOGO_ARTWORK_BYTES = 5 * 1024 * 1024
export const MAX_LOGO_ARTWORK_SIZE_LABEL = '5 MB'
export const LOGO_ARTWORK_ACCEPT = 'image/png,image/svg+xml,.png,.svg'

const websiteId = idSchema('store')
const name = text.max(200, 'must be at most 200 characters')
const optionalText = z.string().trim().max(200, 'must be at most 200 characters').optional()

/** A new record (no id, no version) or a change to one (its id and the version that was opened). */
const withVersion = { id: idSchema('record').optional(), version: EditVersionSchema.optional() }
const versionGiven = [(value: { id?: number; version?: number }) => value.id === undefined || value.version !== undefined, { message: 'must be the version of the record you opened', path: ['version'] }] as [(value: { id?: number; version?: number }) => boolean, { message: string; path: string[] }]

const LogoSaveSchema = z
  .strictObject({
    websiteId,
    ...withVersion,
    code,
    name,
    decorationPartnerId: idSchema('decoration partner'),
    decorationMethod: logoDecorationMethod,
    methods: methodList,
    colorCount: logoColorCount,
  })
  .refine(...versionGiven)

const PartnerSaveSchema = z
  .strictObject({ websiteId, ...withVersion, code, name, address: PlaceAddressSchema, phone: optionalText, email: email.optional() })
  .refine(...versionGiven)
  .refine((value) => hasUsZip(value.address), { message: US_ZIP_MESSAGE, path: ['address', 'zip'] })

const MethodSaveSchema = z.strictObject({
  websiteId,
  /** The version opened; absent: the store does not offer the method yet. */
  version: EditVersionSchema.optional(),
  code: methodCode,
  name,
  minWidth: areaSize,
  minHeight: areaSize,
  maxColors,
  fileTypes: artworkFileTypes,
  setupFee: amount,
  pricePerLocation: amount,
})

const PrintAreaSaveSchema = z
  .strictObject({
    websiteId,
    ...withVersion,
    /** One of the two: a garment kind (every product drawn as it) or one product. */
    garmentKind: z.string().max(40).nullable(),
    productId: idSchema('product').nullable(),
    code: areaCode,
    name,
    view: z.enum(['front', 'back']),
    x: inches,
    y: inches,
    width: areaSize,
    height: areaSize,
    methods: methodList,
  })
  .refine(...versionGiven)
  .refine((value) => (value.garmentKind === null) !== (value.productId === null), { message: 'must be for a garment kind or for one product', path: ['garmentKind'] })

const SettingsSaveSchema = z
  .strictObject({
    websiteId,
    /** The version opened; absent: the store has no decoration settings yet. */
    version: EditVersionSchema.optional(),
    fonts: z.array(FontSchema).max(50, 'must list at most 50 fonts'),
    palette: z.array(PaletteColorSchema).max(100, 'must list at most 100 colours'),
    uploads: z.strictObject({ allowed: z.boolean(), maxBytes: uploadMaxBytes, rightsStatement: z.string().max(2000, 'must be at most 2000 characters') }).refine(uploadsNeedRights, { message: RIGHTS_STATEMENT_REQUIRED, path: ['rightsStatement'] }),
  })
  .refine((value) => new Set(value.fonts.map((font) => font.id)).size === value.fonts.length, { message: 'must not list a font id twice', path: ['fonts'] })

const removed = z.strictObject({ websiteId, id: idSchema('record'), version: EditVersionSchema })

export const DECORATION_ADMIN_QUERY_INPUTS = {
  /** The install's logos, with this store's use of each, the partners to choose from and the store's methods. */
  'logos.list': z.strictObject({ websiteId }),
  'decorationPartners.list': z.strictObject({ websiteId }),
  /** The store's methods, print areas, fonts, palette and upload settings. */
  'decorationSettings.get': z.strictObject({ websiteId }),
} satisfies Record<string, z.ZodType>

export const DECORATION_ADMIN_MUTATION_INPUTS = {
  'logos.save': LogoSaveSchema,
  'decorationPartners.save': PartnerSaveSchema,
  'decorationPartners.delete': removed,
  /** Deactivates a partner (kept with its history, offered for no new logo or account) or makes it active again. */
  'decorationPartners.setActive': z.strictObject({ websiteId, id: idSchema('decoration partner'), version: EditVersionSchema, active: z.boolean() }),
  /** Deletes a logo no product and no order carries (else a 409 that says how many). */
  'logos.delete': removed,
  'decorationSettings.save': SettingsSaveSchema,
  'decorationMethods.save': MethodSaveSchema,
  'printAreas.save': PrintAreaSaveSchema,
  'printAreas.delete': removed,
} satisfies Record<string, z.ZodType>

export type LogoAdminEntry = {
  id: number
  version: number
  code: string
  name: string
  decorationPartnerId: number
  decorationPartnerName: string
  decorationMethod: string
  /** The editor's methods for it (empty: its decorationMethod's). */
  methods: DecorationMethodCode[]
  colorCount: number
  /** A square PNG thumbnail of the artwork, or the https:// address it is at; null: no artwork. */
  thumbnailUrl: string | null
  /** Products of this store that carry it. */
  productCount: number
}

export type LogosAdminData = {
  logos: LogoAdminEntry[]
  /** The partners a logo may be given to: the active ones, and an inactive one that a logo still has (marked). */
  partners: { id: number; name: string; active: boolean }[]
  /** The methods this store offers (a logo's methods are among them). */
  methods: { code: DecorationMethodCode; name: string }[]
}

export type DecorationPartnerAdminEntry = {
  id: number
  version: number
  code: string
  name: string
  address: { street: string; street2?: string; city: string; state: string; zip: string; country: string }
  phone: string | null
  email: string | null
  /** False: deactivated (kept with its history; offered for no new logo or console account). */
  active: boolean
  logoCount: number
  workOrderCount: number
}

export type DecorationMethodAdminEntry = {
  code: DecorationMethodCode
  name: string
  minWidth: number
  minHeight: number
  maxColors: number | null
  fileTypes: ('png' | 'svg')[]
  setupFee: number
  pricePerLocation: number
  version: number
}

export type PrintAreaAdminEntry = {
  id: number
  version: number
  garmentKind: string | null
  productId: number | null
  productName: string | null
  code: string
  name: string
  view: DecorationView
  x: number
  y: number
  width: number
  height: number
  methods: DecorationMethodCode[]
}

export type DecorationSettingsAdminData = {
  /** null: the store has no settings row yet (saving makes one). */
  version: number | null
  fonts: DesignFont[]
  palette: { name: string; hex: string }[]
  uploads: { allowed: boolean; maxBytes: number; rightsStatement: string }
  methods: DecorationMethodAdminEntry[]
  /** Every method code, so one the store does not offer yet can be added. */
  methodCodes: DecorationMethodCode[]
  printAreas: PrintAreaAdminEntry[]
  /** Garment kinds with the real inches their square view stands for. */
  garmentKinds: { kind: string; inches: number }[]
  /** The store's products that the editor can design (they have a garment kind). */
  products: { id: number; name: string; garmentKind: string }[]
  /** The garment's drawing for each `${kind}:${view}` a print area is on (a light colour), for the preview. */
  viewImages: Record<string, string>
}

type Saved = { id: number; version: number }

export type DecorationAdminQueryResponses = {
  'logos.list': LogosAdminData
  'decorationPartners.list': { partners: DecorationPartnerAdminEntry[] }
  'decorationSettings.get': DecorationSettingsAdminData
}

export type DecorationAdminMutationResponses = {
  'logos.save': Saved
  'decorationPartners.save': Saved
  'decorationPartners.delete': { deleted: number }
  'decorationPartners.setActive': Saved
  'logos.delete': { deleted: number }
  'decorationSettings.save': { version: number }
  'decorationMethods.save': { code: DecorationMethodCode; version: number }
  'printAreas.save': Saved
  'printAreas.delete': { deleted: number }
}

export type LogoArtworkUploadResponse = { logo: LogoAdminEntry }
