import { DECORATION_METHOD_CODES } from './decoration'
import { hasAtMostTwoDecimals, text } from './field-rules'
import { z } from './zod'

// The decoration data's field rules (issue 16), one copy for the store file's `decoration`,
// `decorationPartners` and `logos` (src/server/store-import/) and the console's contract
// (admin-decoration.ts), so a value the console saves always imports again. Lengths are inches,
// money decimal dollars.

export const inches = z.number().min(0, 'must be 0 inches or more').max(200, 'must be at most 200 inches').refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places')
export const areaSize = z.number().positive('must be more than 0 inches').max(200, 'must be at most 200 inches').refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places')
export const methodCode = z.enum(DECORATION_METHOD_CODES)
export const areaCode = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a code like "left-chest"')
export const methodList = z.array(methodCode).min(1, 'must list at least one method')
export const artworkFileTypes = z.array(z.enum(['png', 'svg'])).min(1, 'must list at least one file type')
/** Most thread / ink colours of a method; null: unlimited (direct to garment). */
export const maxColors = z.number().int('must be a whole number').min(1, 'must be at least 1').nullable()

/** The editor's methods a logo allows (decoration.methods codes). */
export const LogoMethodsSchema = methodList
/** The store file's word for how a logo is decorated (a logo's single method, kept for the partner). */
export const LOGO_DECORATION_METHODS = ['embroidery', 'screen print', 'heat transfer', 'direct to garment', 'laser engraving', 'debossed', 'pad print'] as const
export const logoDecorationMethod = z.enum(LOGO_DECORATION_METHODS)
/** Thread / ink colours of a logo's artwork. */
export const logoColorCount = z.number().int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64')

export const FONT_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/
export const FontSchema = z.strictObject({
  id: z.string().regex(FONT_ID_PATTERN, 'must be an id like "block-sans"'),
  name: text,
  /** A CSS font-family list; the server draws text with the first family the machine has. */
  cssFamily: z.string().regex(/^[A-Za-z0-9 ,'"-]{1,200}$/, 'must be a CSS font-family list like "\'Liberation Sans\', Arial, sans-serif"'),
})

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/
export const PaletteColorSchema = z.strictObject({ name: text, hex: z.string().regex(HEX_COLOR_PATTERN, 'must be a colour like "#1a2b3c"') })

export const uploadMaxBytes = z.number().int('must be a whole number of bytes').min(1000, 'must be at least 1000 bytes').max(20_000_000, 'must be at most 20 MB')
export const RIGHTS_STATEMENT_REQUIRED = 'a rightsStatement is required when uploads are allowed'
/** Uploads may be allowed only with a rights statement the shopper accepts. */
export const uploadsNeedRights = (uploads: { allowed: boolean; rightsStatement: string }) => !uploads.allowed || uploads.rightsStatement.trim() !== ''

/** The place carriers quote from (a decoration partner's, a pickup point's). */
export const PlaceAddressSchema = z.strictObject({
  street: text,
  street2: z.string().trim().optional(),
  city: text,
  state: z.string().regex(/^[A-Z0-9]{1,3}$/, 'must be a state code like "CO"'),
  zip: text,
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code like "US"').default('US'),
})
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/
export const US_ZIP_MESSAGE = 'must be a US ZIP code like "80202"'
/** A US address's ZIP code is checked (the schema's refine). */
export const hasUsZip = (address: { country: string; zip: string }) => address.country !== 'US' || US_ZIP_PATTERN.test(address.zip)
