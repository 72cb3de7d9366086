import { and, eq } from 'drizzle-orm'
import { type Executor, getDb } from '@/server/db/client'
import {
  attributes,
  attributeValues,
  brands,
  categories,
  decorationPartners,
  logos,
  productAttributeValues,
  productCategories,
  productImages,
  products,
  productVariantLogos,
  productVariants,
} from '@/server/db/schema'
import type { AttributeName } from '@/isomorphic/catalog-types'
import { nextSequence, slugify } from './sequence'

type Logo = typeof logos.$inferSelect
type NewDecorationPartner = typeof decorationPartners.$inferInsert

export function buildDecorationPartner(overrides: Partial<NewDecorationPartner> = {}): NewDecorationPartner {
  const n = nextSequence()
  return {
    code: `decorator-${n}`,
    name: `Stitch Works ${n}`,
    street: '120 Mill Road',
    city: 'Greenville',
    stateCode: 'SC',
    countryCode: 'US',
    zip: '29601',
    ...overrides,
  }
}

export async function createDecorationPartner(overrides: Partial<NewDecorationPartner> = {}) {
  const db = await getDb()
  const [partner] = await db.insert(decorationPartners).values(buildDecorationPartner(overrides)).returning()
  return partner!
}

/** A logo; makes its decoration partner unless one is given. */
export async function createLogo(overrides: Partial<typeof logos.$inferInsert> = {}): Promise<Logo> {
  const db = await getDb()
  const n = nextSequence()
  const decorationPartnerId = overrides.decorationPartnerId ?? (await createDecorationPartner()).id
  const [logo] = await db
    .insert(logos)
    .values({ code: `logo-${n}`, name: `Crest ${n}`, image: `logos/crest-${n}.png`, ...overrides, decorationPartnerId })
    .returning()
  return logo!
}

export async function ensureAttribute(db: Executor, name: AttributeName): Promise<number> {
  await db.insert(attributes).values({ name }).onConflictDoNothing()
  const [row] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, name))
  return row!.id
}

export async function ensureAttributeValue(
  db: Executor,
  attribute: AttributeName,
  name: string,
  extra: { htmlColor?: string | null; sequence?: number } = {},
): Promise<number> {
  const attributeId = await ensureAttribute(db, attribute)
  await db.insert(attributeValues).values({ attributeId, name, ...extra }).onConflictDoNothing()
  const [row] = await db
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, attributeId), eq(attributeValues.name, name)))
  return row!.id
}

export async function ensureBrand(db: Executor, name: string): Promise<number> {
  await db.insert(brands).values({ name }).onConflictDoNothing()
  const [row] = await db.select({ id: brands.id }).from(brands).where(eq(brands.name, name))
  return row!.id
}

export async function ensureCategory(db: Executor, websiteId: number, name: string, sequence = 0): Promise<number> {
  const slug = slugify(name)
  await db.insert(categories).values({ websiteId, name, slug, sequence }).onConflictDoNothing()
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.slug, slug)))
  return row!.id
}

export type ColorInput = string | { name: string; htmlColor?: string; sequence?: number }

export type ProductInput = Partial<Omit<typeof products.$inferInsert, 'websiteId' | 'brandId'>> & {
  websiteId: number
  brand?: string | null
  categories?: string[]
  colors?: ColorInput[]
  sizes?: string[]
  /** Variant price in cents: one for all sizes, or per size (missing sizes get `priceAmount`). */
  sizePrices?: Record<string, number>
  /** Logos of every variant, or per color: the variant of color i gets logoSets[i % length]. */
  logos?: Logo[]
  logoSets?: Logo[][]
  images?: { path?: string; name?: string; alt?: string; color?: string; logo?: Logo; sequence?: number }[]
}

/** A product with one variant per color × size, its logos, categories, brand and images. */
export async function createProduct(input: ProductInput) {
  const db = await getDb()
  const n = nextSequence()
  const {
    websiteId,
    brand = 'Port Authority',
    categories: categoryNames = ['Polos'],
    colors = ['Navy'],
    sizes = ['S', 'M', 'L'],
    sizePrices = {},
    logos: logoList = [],
    logoSets,
    images = [{}],
    ...fields
  } = input
  const name = fields.name ?? `Core Blend Polo ${n}`
  const priceAmount = fields.priceAmount ?? 2000
  const variantPrices = sizes.map((size) => sizePrices[size] ?? priceAmount)

  const [product] = await db
    .insert(products)
    .values({
      websiteId,
      name,
      slug: fields.slug ?? `${slugify(name)}-${n}`,
      templateSkuCode: fields.templateSkuCode ?? `K${500 + n}`,
      description: 'A soft, easy-care polo that takes embroidery well.',
      weight: 0.5,
      ...fields,
      priceAmount: Math.min(priceAmount, ...variantPrices),
      maxPriceAmount: fields.maxPriceAmount ?? Math.max(priceAmount, ...variantPrices),
      brandId: brand === null ? null : await ensureBrand(db, brand),
    })
    .returning()
  const productId = product!.id

  const colorIds = await Promise.all(
    colors.map((color) =>
      typeof color === 'string'
        ? ensureAttributeValue(db, 'Color', color)
        : ensureAttributeValue(db, 'Color', color.name, { htmlColor: color.htmlColor ?? null, sequence: color.sequence ?? 0 }),
    ),
  )
  const sizeIds = await Promise.all(sizes.map((size) => ensureAttributeValue(db, 'Size', size)))
  const valueIds = [...colorIds, ...sizeIds]
  if (valueIds.length > 0) {
    await db.insert(productAttributeValues).values(valueIds.map((attributeValueId) => ({ productId, attributeValueId })))
  }
  for (const categoryName of categoryNames) {
    const categoryId = await ensureCategory(db, websiteId, categoryName)
    await db.insert(productCategories).values({ productId, categoryId })
  }

  const variantRows = colors.flatMap((_color, colorIndex) =>
    sizes.map((size, sizeIndex) => ({
      productId,
      sku: `${product!.templateSkuCode}-${colorIndex}-${size}`,
      colorValueId: colorIds[colorIndex]!,
      sizeValueId: sizeIds[sizeIndex]!,
      priceAmount: variantPrices[sizeIndex]!,
      colorIndex,
    })),
  )
  const variants =
    variantRows.length === 0
      ? []
      : await db
          .insert(productVariants)
          .values(variantRows.map(({ colorIndex: _colorIndex, ...row }) => row))
          .returning()
  const links = variants.flatMap((variant, index) => {
    const colorIndex = variantRows[index]!.colorIndex
    const set = logoSets ? (logoSets[colorIndex % logoSets.length] ?? []) : logoList
    return set.map((logo) => ({ variantId: variant.id, logoId: logo.id }))
  })
  if (links.length > 0) await db.insert(productVariantLogos).values(links)

  const colorIdByName = new Map(colors.map((color, index) => [typeof color === 'string' ? color : color.name, colorIds[index]!]))
  if (images.length > 0) {
    await db.insert(productImages).values(
      images.map((image, index) => ({
        productId,
        path: image.path ?? `products/${product!.templateSkuCode.toLowerCase()}`,
        name: image.name ?? `front-${index + 1}.jpg`,
        alt: image.alt ?? `${name} front`,
        colorValueId: image.color ? (colorIdByName.get(image.color) ?? null) : null,
        logoId: image.logo?.id ?? null,
        sequence: image.sequence ?? index,
      })),
    )
  }
  return { ...product!, variants }
}
