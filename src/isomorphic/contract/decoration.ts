import { z } from './zod'
import type { DecorationMethodCode, DesignInput } from '../decoration-types'
import { idSchema } from './fields'

// What a client may send about a design (saveDesign, getDesign, deleteDesign): strict objects,
// lengths in inches, ids; never a price. The rules a design must follow (inside its area, methods,
// fonts …) are checked against the store's data in design-validation.ts.

export const DECORATION_METHOD_CODES = ['embroidery', 'screen_print', 'dtg', 'heat_transfer', 'engraving'] as const satisfies readonly DecorationMethodCode[]

export const MAX_DECORATIONS = 20

const inches = (what: string) => z.number({ error: `${what} must be a number of inches` }).finite(`${what} must be a number of inches`).min(-1000).max(1000, `${what} is too large`)
const positiveInches = (what: string) => inches(what).positive(`${what} must be more than 0 inches`)

const placement = {
  printAreaId: idSchema('print area'),
  method: z.enum(DECORATION_METHOD_CODES, { error: `must be one of ${DECORATION_METHOD_CODES.join(', ')}` }),
  x: inches('x'),
  y: inches('y'),
  width: positiveInches('width'),
  height: positiveInches('height'),
}

const LogoDecorationSchema = z
  .strictObject({
    kind: z.literal('logo'),
    ...placement,
    logoId: idSchema('logo').nullable(),
    artworkId: z.uuid('must be the id of uploaded artwork').nullable(),
  })
  .refine((decoration) => (decoration.logoId === null) !== (decoration.artworkId === null), {
    error: 'a logo decoration needs either a logoId or an artworkId, not both',
  })

const TextDecorationSchema = z.strictObject({
  kind: z.literal('text'),
  ...placement,
  text: z.string({ error: 'must be text' }).max(200, 'is too long'),
  fontId: z.string({ error: 'must be a font id' }).min(1).max(64),
  color: z.string({ error: 'must be a colour' }).regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like '#1a2b3c'"),
})

export const DecorationSchema = z.discriminatedUnion('kind', [LogoDecorationSchema, TextDecorationSchema], {
  error: "must be a decoration of kind 'logo' or 'text'",
})

export const DesignInputSchema = z.strictObject({
  productId: idSchema('product'),
  colorValueId: idSchema('colour').nullable(),
  decorations: z
    .array(DecorationSchema, { error: 'must be a list of decorations' })
    .min(1, 'must hold at least one decoration')
    .max(MAX_DECORATIONS, `may hold at most ${MAX_DECORATIONS} decorations`),
}) satisfies z.ZodType<DesignInput, unknown>

export const DesignIdSchema = z.uuid('must be a design id')

/** saveDesign: the design, and the id of one's own saved design to replace (signed-in only). */
export const SaveDesignSchema = z.strictObject({
  design: DesignInputSchema,
  id: DesignIdSchema.optional(),
})

export const DesignIdValueSchema = z.strictObject({ id: DesignIdSchema })

export const DecorationOptionsValueSchema = z.strictObject({
  productId: idSchema('product'),
  colorValueId: idSchema('colour').nullable(),
})
