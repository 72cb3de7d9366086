import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import sharp from 'sharp'
import type { ApprovedLogo, DecorationMethod, DecorationMethodCode, DesignFont, PrintArea } from '@/isomorphic/decoration-types'
import { isAbsoluteImageUrl } from '@/isomorphic/image-address'
import type { Executor } from '../db/client'
import {
  attributeValues,
  decorationMethods,
  decorationSettings,
  logoDecorationMethods,
  logos,
  printAreas,
  products,
  productVariantLogos,
  productVariants,
} from '../db/schema'
import type { GarmentKind } from '../images/garment-shapes'
import { readStoredImage } from '../images/image-store'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { isGarmentKind } from './garment-views'

// What a product in a colour may be decorated with, read from the database: the website's methods,
// the product's print areas (its own, else those of its garment kind), the logos linked to its
// variants in that colour with the methods each allows, and the store's fonts, palette and upload
// settings. The editor's options and the server's checks of a design both start here.

export const PRODUCT_NOT_DESIGNABLE = 'This product cannot be designed in the editor.'
export const COLOR_NOT_OFFERED = 'This product is not offered in the chosen colour.'

/** The methods a logo's single decoration method (the store file's words) stands for. */
export const METHOD_OF_LOGO: Record<string, DecorationMethodCode> = {
  embroidery: 'embroidery',
  'screen print': 'screen_print',
  'heat transfer': 'heat_transfer',
  'direct to garment': 'dtg',
  'laser engraving': 'engraving',
  debossed: 'engraving',
  'pad print': 'screen_print',
}

export type RuleLogo = ApprovedLogo & { image: string }

export type DecorationSettings = {
  fonts: DesignFont[]
  palette: { name: string; hex: string }[]
  uploads: { allowed: boolean; maxBytes: number; rightsStatement: string }
}

export type DecorationRules = {
  product: { id: number; name: string; garmentKind: GarmentKind }
  color: { id: number; name: string; css: string; heather: boolean } | null
  methods: DecorationMethod[]
  printAreas: PrintArea[]
  logos: RuleLogo[]
  settings: DecorationSettings
}

const DEFAULT_GARMENT_CSS = '#f4f3ef'

export async function loadDecorationSettings(db: Executor, websiteId: number): Promise<DecorationSettings> {
  const [row] = await db.select().from(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))
  return {
    fonts: row?.fonts ?? [],
    palette: row?.palette ?? [],
    uploads: { allowed: row?.uploadsAllowed ?? false, maxBytes: row?.uploadMaxBytes ?? 0, rightsStatement: row?.rightsStatement ?? '' },
  }
}

export async function loadDecorationMethods(db: Executor, websiteId: number): Promise<DecorationMethod[]> {
  const rows = await db
    .select()
    .from(decorationMethods)
    .where(eq(decorationMethods.websiteId, websiteId))
    .orderBy(asc(decorationMethods.sequence), asc(decorationMethods.id))
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    minWidth: row.minWidth,
    minHeight: row.minHeight,
    maxColors: row.maxColors,
    fileTypes: row.fileTypes,
    setupFee: row.setupFeeAmount,
    pricePerLocation: row.pricePerLocationAmount,
  }))
}

/**
 * The rules for `productId` in `colorValueId` on the website. Throws not_found for a product that is
 * not a published product of the website or has no garment drawing, invalid for a colour it lacks.
 */
export async function loadDecorationRules(db: Executor, websiteId: number, productId: number, colorValueId: number | null): Promise<DecorationRules> {
  const [product] = await db
    .select({ id: products.id, name: products.name, garmentKind: products.garmentKind })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.websiteId, websiteId), eq(products.isPublished, true)))
  if (!product) throw new DomainError('not_found', `product ${productId} is not a published product of website ${websiteId}`, 'Product not found')
  if (!isGarmentKind(product.garmentKind)) throw new DomainError('not_found', `product ${productId} has no garment drawing`, PRODUCT_NOT_DESIGNABLE)

  const variants = await db
    .select({ id: productVariants.id, colorValueId: productVariants.colorValueId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
  const ofColor = variants.filter((variant) => variant.colorValueId === colorValueId)
  if (ofColor.length === 0) throw new DomainError('invalid', `product ${productId} has no variant in colour ${colorValueId}`, COLOR_NOT_OFFERED)

  const [colorRows, methods, settings, ownAreas] = await Promise.all([
    colorValueId === null
      ? []
      : db.select({ id: attributeValues.id, name: attributeValues.name, css: attributeValues.htmlColor }).from(attributeValues).where(eq(attributeValues.id, colorValueId)),
    loadDecorationMethods(db, websiteId),
    loadDecorationSettings(db, websiteId),
    db.select().from(printAreas).where(and(eq(printAreas.websiteId, websiteId), eq(printAreas.productId, productId))).orderBy(asc(printAreas.sequence), asc(printAreas.id)),
  ])
  const areaRows =
    ownAreas.length > 0
      ? ownAreas
      : await db
          .select()
          .from(printAreas)
          .where(and(eq(printAreas.websiteId, websiteId), eq(printAreas.garmentKind, product.garmentKind), isNull(printAreas.productId)))
          .orderBy(asc(printAreas.sequence), asc(printAreas.id))
  const offered = new Set(methods.map((method) => method.code))
  const areas: PrintArea[] = areaRows
    .map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      view: row.view,
      x: row.x,
      y: row.y,
      width: row.width,
      height: row.height,
      methods: row.methods.filter((method) => offered.has(method)),
    }))
    .filter((area) => area.methods.length > 0)

  const color = colorRows[0] ? { id: colorRows[0].id, name: colorRows[0].name, css: colorRows[0].css ?? DEFAULT_GARMENT_CSS, heather: /heather/i.test(colorRows[0].name) } : null
  return {
    product: { id: product.id, name: product.name, garmentKind: product.garmentKind },
    color,
    methods,
    printAreas: areas,
    logos: await logosOf(db, ofColor.map((variant) => variant.id), offered),
    settings,
  }
}

/** The logos linked to the variants, with the methods each allows among those the store offers. */
async function logosOf(db: Executor, variantIds: number[], offered: ReadonlySet<DecorationMethodCode>): Promise<RuleLogo[]> {
  if (variantIds.length === 0) return []
  const rows = await db
    .selectDistinct({ id: logos.id, name: logos.name, image: logos.image, decorationMethod: logos.decorationMethod, colorCount: logos.colorCount })
    .from(productVariantLogos)
    .innerJoin(logos, eq(logos.id, productVariantLogos.logoId))
    .where(inArray(productVariantLogos.variantId, variantIds))
    .orderBy(asc(logos.id))
  if (rows.length === 0) return []
  const links = await db
    .select({ logoId: logoDecorationMethods.logoId, method: logoDecorationMethods.method })
    .from(logoDecorationMethods)
    .where(
      inArray(
        logoDecorationMethods.logoId,
        rows.map((row) => row.id),
      ),
    )
  const result: RuleLogo[] = []
  for (const row of rows) {
    // A logo the server cannot draw (no artwork, or artwork at an outside address) cannot be placed.
    if (!row.image || isAbsoluteImageUrl(row.image)) continue
    const size = await artworkSize(row.image)
    if (!size) continue
    const listed = links.filter((link) => link.logoId === row.id).map((link) => link.method)
    const fallback = METHOD_OF_LOGO[row.decorationMethod]
    const allowed = listed.length > 0 ? listed : fallback ? [fallback] : []
    // In the store's order of methods.
    const methods = [...offered].filter((method) => allowed.includes(method))
    result.push({
      id: row.id,
      name: row.name,
      image: row.image,
      imageUrl: '',
      aspectRatio: Math.round((size.width / size.height) * 10_000) / 10_000,
      colorCount: row.colorCount,
      methods,
    })
  }
  return result
}

// Stored images are named by their contents, so a size once read never changes.
const sizes = new Map<string, Promise<{ width: number; height: number } | null>>()

/** The pixel size of an image in the image store; null (logged) when it cannot be read. */
export function artworkSize(imagePath: string): Promise<{ width: number; height: number } | null> {
  let known = sizes.get(imagePath)
  if (!known) {
    known = (async () => {
      try {
        const data = await readStoredImage(imagePath)
        if (!data) throw new Error(`${imagePath} is not in the image store`)
        const { width, height } = await sharp(data).metadata()
        return width && height ? { width, height } : null
      } catch (error) {
        logger().warn({ err: error, imagePath }, 'logo artwork missing from the image store: the logo is left out of the editor')
        sizes.delete(imagePath)
        return null
      }
    })()
    sizes.set(imagePath, known)
  }
  return known
}
