import { z } from 'zod'
import { type DECORATION_METHOD_CODES } from '@/isomorphic/contract/decoration'
import {
  amount,
} from '@/isomorphic/contract/field-rules'
import {
  areaCode,
  areaSize,
  artworkFileTypes,
  FontSchema,
  inches,
  LogoMethodsSchema,
  maxColors,
  methodCode,
  methodList,
  PaletteColorSchema,
  RIGHTS_STATEMENT_REQUIRED,
  uploadMaxBytes,
  uploadsNeedRights,
} from '@/isomorphic/contract/decoration-fields'
import { DEFAULT_PRINT_AREAS, VIEW_INCHES } from '../decoration/garment-views'
import { GARMENT_KINDS } from '../images/garment-shapes'
import type { ReferenceIssue } from './store-file-error'

// The store file's `decoration` section (docs/store-file.md): how the store decorates in the
// editor — its methods with their rules and prices, print areas per garment kind or per product
// (in inches on the garment's front or back view), the text fonts and colours, and whether shoppers
// may upload their own artwork. Money in decimal dollars, lengths in inches.

const text = z.string().trim().min(1, 'must not be empty')

export { LogoMethodsSchema }

const MethodSchema = z.strictObject({
  code: methodCode,
  name: text,
  minWidth: areaSize,
  minHeight: areaSize,
  /** Omitted: unlimited (direct to garment). */
  maxColors: maxColors.default(null),
  fileTypes: artworkFileTypes.default(['png', 'svg']),
  setupFee: amount.default(0),
  pricePerLocation: amount.default(0),
})

const AreaFields = {
  code: areaCode,
  name: text,
  view: z.enum(['front', 'back']),
  x: inches,
  y: inches,
  width: areaSize,
  height: areaSize,
  methods: methodList,
}

const PrintAreaSchema = z.union(
  [
    z.strictObject({ garment: z.enum(GARMENT_KINDS), ...AreaFields }),
    z.strictObject({ product: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a product slug'), ...AreaFields }),
  ],
  { error: 'must be a print area with "garment" (a garment kind) or "product" (a product slug), and code, name, view, x, y, width, height, methods' },
)

export const DecorationSectionSchema = z.strictObject({
  methods: z.array(MethodSchema).min(1, 'must list at least one method'),
  /** The built-in areas of a garment kind (src/server/decoration/garment-views.ts) apply where `printAreas` lists none. */
  defaultPrintAreas: z.boolean().default(true),
  printAreas: z.array(PrintAreaSchema).default([]),
  fonts: z.array(FontSchema).default([]),
  palette: z.array(PaletteColorSchema).default([]),
  uploads: z
    .strictObject({
      allowed: z.boolean().default(false),
      maxBytes: uploadMaxBytes.default(2_000_000),
      rightsStatement: z.string().default(''),
    })
    .default({ allowed: false, maxBytes: 2_000_000, rightsStatement: '' })
    .refine(uploadsNeedRights, { error: RIGHTS_STATEMENT_REQUIRED }),
})

export type DecorationSection = z.output<typeof DecorationSectionSchema>
export type GarmentKindName = (typeof GARMENT_KINDS)[number]

type ProductFacts = { slug: string; garment?: GarmentKindName; images: unknown[] }

/** The garment drawing a product is designed on: its own `garment`, else the garment of its first drawn image. */
export function garmentOfProduct(product: ProductFacts): GarmentKindName | null {
  if (product.garment) return product.garment
  for (const image of product.images) {
    if (image && typeof image === 'object' && 'mockup' in image) return (image as { mockup: { garment: GarmentKindName } }).mockup.garment
  }
  return null
}

/** The checks the schema cannot make: unique codes, known methods and products, areas inside their view. */
export function checkDecorationReferences(section: DecorationSection | undefined, products: readonly ProductFacts[], logos: readonly { code: string; methods?: readonly string[] }[]): ReferenceIssue[] {
  const issues: ReferenceIssue[] = []
  if (!section) {
    logos.forEach((logo, index) => {
      if (logo.methods) issues.push({ path: ['logos', index, 'methods'], message: 'needs a "decoration" section listing these methods' })
    })
    return issues
  }
  const codes = new Set<string>()
  section.methods.forEach((method, index) => {
    if (codes.has(method.code)) issues.push({ path: ['decoration', 'methods', index, 'code'], message: `duplicate method "${method.code}"` })
    codes.add(method.code)
  })
  const bySlug = new Map(products.map((product) => [product.slug, product]))
  const seen = new Set<string>()
  section.printAreas.forEach((area, index) => {
    const at = ['decoration', 'printAreas', index]
    let kind: GarmentKindName | null
    let owner: string
    if ('garment' in area) {
      kind = area.garment
      owner = `garment ${area.garment}`
    } else {
      const product = bySlug.get(area.product)
      if (!product) {
        issues.push({ path: [...at, 'product'], message: `unknown product "${area.product}"` })
        return
      }
      kind = garmentOfProduct(product)
      owner = `product ${area.product}`
      if (!kind) issues.push({ path: [...at, 'product'], message: `product "${area.product}" has no garment: give it a "garment" or a mockup image` })
    }
    const key = `${owner}/${area.code}`
    if (seen.has(key)) issues.push({ path: [...at, 'code'], message: `duplicate print area "${area.code}" for ${owner}` })
    seen.add(key)
    area.methods.forEach((method, i) => {
      if (!codes.has(method)) issues.push({ path: [...at, 'methods', i], message: `"${method}" is not one of decoration.methods` })
    })
    if (kind) {
      const side = VIEW_INCHES[kind]
      if (area.x + area.width > side) issues.push({ path: [...at, 'width'], message: `the area ends at ${area.x + area.width} in, past the ${side} in wide ${kind} view` })
      if (area.y + area.height > side) issues.push({ path: [...at, 'height'], message: `the area ends at ${area.y + area.height} in, past the ${side} in high ${kind} view` })
    }
  })
  const fontIds = new Set<string>()
  section.fonts.forEach((font, index) => {
    if (fontIds.has(font.id)) issues.push({ path: ['decoration', 'fonts', index, 'id'], message: `duplicate font "${font.id}"` })
    fontIds.add(font.id)
  })
  logos.forEach((logo, index) => {
    logo.methods?.forEach((method, i) => {
      if (!codes.has(method)) issues.push({ path: ['logos', index, 'methods', i], message: `"${method}" is not one of decoration.methods` })
    })
  })
  return issues
}

export type DesiredPrintArea = {
  garmentKind: GarmentKindName | null
  productSlug: string | null
  code: string
  name: string
  view: 'front' | 'back'
  x: number
  y: number
  width: number
  height: number
  methods: (typeof DECORATION_METHOD_CODES)[number][]
  sequence: number
}

/**
 * The print areas to store: for every garment kind the file's products use, the file's areas of
 * that kind, or the built-in ones; and every product's own areas (which replace its kind's).
 */
export function desiredPrintAreas(section: DecorationSection, products: readonly ProductFacts[]): DesiredPrintArea[] {
  const kinds = new Set(products.map(garmentOfProduct).filter((kind): kind is GarmentKindName => kind !== null))
  const areas: DesiredPrintArea[] = []
  const fields = (area: z.output<typeof PrintAreaSchema>) => ({
    code: area.code,
    name: area.name,
    view: area.view,
    x: area.x,
    y: area.y,
    width: area.width,
    height: area.height,
    methods: area.methods,
  })
  for (const kind of GARMENT_KINDS) {
    if (!kinds.has(kind)) continue
    const listed = section.printAreas.filter((area) => 'garment' in area && area.garment === kind)
    const chosen = listed.length > 0 ? listed.map(fields) : section.defaultPrintAreas ? DEFAULT_PRINT_AREAS[kind] : []
    chosen.forEach((area, sequence) => areas.push({ garmentKind: kind, productSlug: null, ...area, methods: [...area.methods], sequence }))
  }
  const ownAreas = section.printAreas.filter((area): area is Extract<typeof area, { product: string }> => 'product' in area)
  const bySlug = new Map<string, number>()
  for (const area of ownAreas) {
    const sequence = bySlug.get(area.product) ?? 0
    bySlug.set(area.product, sequence + 1)
    areas.push({ garmentKind: null, productSlug: area.product, ...fields(area), sequence })
  }
  return areas
}
