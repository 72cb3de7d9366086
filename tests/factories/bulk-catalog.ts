import { getDb } from '@/server/db/client'
import {
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
import { ensureAttributeValue, ensureBrand } from './catalog'
import { nextSequence, slugify } from './sequence'

// A realistic big catalog for size and speed checks: decorated-apparel styles with 2–7 colors,
// size runs of 1–10 sizes, one or two logos and 1–2 categories, inserted in batches.

const COLORS: [string, string][] = [
  ['Black', '#000000'], ['White', '#ffffff'], ['Navy', '#1f2a44'], ['True Royal', '#2b4ea2'], ['Red', '#c8102e'],
  ['Forest Green', '#234f1e'], ['Charcoal', '#36454f'], ['Athletic Heather', '#b8b8b8'], ['Maroon', '#6d1a36'],
  ['Gold', '#ffb81c'], ['Orange', '#ff6a13'], ['Purple', '#582c83'], ['Kelly Green', '#00843d'], ['Light Blue', '#9bcbeb'],
  ['Steel Grey', '#71797e'], ['Dark Chocolate', '#4e3629'], ['Khaki', '#c3b091'], ['Pink Raspberry', '#e0457b'],
  ['Carolina Blue', '#7bafd4'], ['Deep Berry', '#7a2e4d'], ['Olive', '#708238'], ['Sand', '#d8c7a0'],
  ['Safety Yellow', '#eed202'], ['Safety Orange', '#ff7900'], ['Iron Grey', '#4c4f56'], ['Cardinal', '#9d2235'],
  ['Team Purple', '#4b2e83'], ['Cyan', '#00b7eb'], ['Lime', '#9acd32'], ['Coyote Brown', '#81613c'],
]
const DARK_COLORS = new Set([0, 2, 5, 6, 8, 15, 24, 25])
const SIZE_RUNS = [
  ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'],
  ['S', 'M', 'L', 'XL', '2XL', '3XL'],
  ['S', 'M', 'L', 'XL', 'XXL'],
  ['OSFA'],
  ['S/M', 'L/XL'],
  ['LGT', 'XLT', '2XLT', '3XLT', '4XLT'],
  ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL', '6XL'],
]
const GARMENTS = [
  ['Polo', 'Polos'], ['Soft Shell Jacket', 'Outerwear'], ['Quarter-Zip Pullover', 'Sweatshirts & Fleece'],
  ['Crewneck Tee', 'T-Shirts'], ['Long Sleeve Tee', 'T-Shirts'], ['Hooded Sweatshirt', 'Sweatshirts & Fleece'],
  ['Twill Cap', 'Caps'], ['Knit Beanie', 'Caps'], ['Oxford Shirt', 'Woven Shirts'], ['Vest', 'Outerwear'],
  ['Performance Tee', 'Activewear'], ['Tote Bag', 'Bags'], ['Backpack', 'Bags'], ['Work Shirt', 'Workwear'],
] as const
const ADJECTIVES = ['Core', 'Classic', 'Essential', 'Performance', 'Heritage', 'Tech', 'Premium', 'Everyday', 'Ultimate', 'Pro']
const BRANDS = ['Port Authority', 'Sport-Tek', 'District', 'Nike', 'OGIO', 'Carhartt', 'The North Face', 'Red Kap', 'Gildan', 'Richardson']

function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size))
}

/** Inserts `count` published products for the website (deterministic for a given seed). */
export async function createBulkCatalog({ websiteId, count, seed = 42 }: { websiteId: number; count: number; seed?: number }) {
  const db = await getDb()
  const rand = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
  const n = nextSequence()

  const colorIds = await Promise.all(
    COLORS.map(([name, htmlColor], sequence) => ensureAttributeValue(db, 'Color', name, { htmlColor, sequence })),
  )
  const sizeNames = [...new Set(SIZE_RUNS.flat())]
  const sizeIds = new Map(await Promise.all(sizeNames.map(async (size) => [size, await ensureAttributeValue(db, 'Size', size)] as const)))
  const brandIds = await Promise.all(BRANDS.map((brand) => ensureBrand(db, brand)))
  const categoryNames = [...new Set(GARMENTS.map(([, category]) => category)), 'New Arrivals', 'Best Sellers']
  const categoryRows = await db
    .insert(categories)
    .values(categoryNames.map((name, sequence) => ({ websiteId, name, slug: `${slugify(name)}-${n}`, sequence })))
    .returning({ id: categories.id, name: categories.name })
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]))
  const partners = await db
    .insert(decorationPartners)
    .values([0, 1, 2].map((i) => ({ code: `bulk-decorator-${n}-${i}`, name: `Decorator ${i + 1}`, street: `${10 + i} Loom St`, city: 'Charlotte', stateCode: 'NC', zip: `2820${i}` })))
    .returning({ id: decorationPartners.id })
  const logoRows = await db
    .insert(logos)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        code: `bulk-logo-${n}-${i}`,
        name: `${['Left Chest', 'Full Back', 'Sleeve', 'Cap Front'][i % 4]} ${['Crest', 'Wordmark', 'Mascot'][i % 3]} ${i + 1}`,
        image: `logos/bulk-${i + 1}.png`,
        decorationPartnerId: partners[i % partners.length]!.id,
        decorationMethod: i % 2 === 0 ? 'embroidery' : 'screen print',
      })),
    )
    .returning({ id: logos.id })

  type Plan = { colors: number[]; sizes: string[]; basePrice: number; garment: (typeof GARMENTS)[number]; logoSets: number[][] }
  const plans: Plan[] = []
  const productRows: (typeof products.$inferInsert)[] = []
  for (let i = 0; i < count; i++) {
    const garment = pick(GARMENTS)
    const brand = Math.floor(rand() * BRANDS.length)
    const sku = `${garment[0].slice(0, 1)}${100 + i}`
    const name = `${BRANDS[brand]} ${pick(ADJECTIVES)} ${garment[0]} ${sku}`
    const colorCount = 2 + Math.floor(rand() * 6)
    const colors = [...new Set(Array.from({ length: colorCount }, () => Math.floor(rand() * COLORS.length)))]
    const sizes = garment[1] === 'Caps' ? ['OSFA'] : pick(SIZE_RUNS)
    const basePrice = 1200 + Math.floor(rand() * 60) * 100
    // Most styles carry the same logo(s) on every color; some switch to a light-ink version on
    // dark garments, which gives them two logo sets.
    const main = Math.floor(rand() * logoRows.length)
    const mainSet = rand() < 0.15 ? [main, (main + 1) % logoRows.length] : [main]
    const darkSet = rand() < 0.2 ? [(main + 6) % logoRows.length] : mainSet
    const logoSets = colors.map((color) => (DARK_COLORS.has(color) ? darkSet : mainSet))
    plans.push({ colors, sizes, basePrice, garment, logoSets })
    const upcharge = sizes.some((size) => /^[2-6]X/.test(size)) ? 300 : 0
    productRows.push({
      websiteId,
      name,
      slug: `${slugify(name)}-${n}`,
      templateSkuCode: sku,
      description: `The ${name.toLowerCase()} takes embroidery and print well.`,
      priceAmount: basePrice,
      maxPriceAmount: basePrice + upcharge,
      brandId: brandIds[brand]!,
      websiteSequence: i * 10,
      weight: 0.6,
    })
  }
  const inserted: { id: number; sku: string }[] = []
  await insertInBatches(productRows, 1000, async (batch) => {
    inserted.push(...(await db.insert(products).values(batch).returning({ id: products.id, sku: products.templateSkuCode })))
  })

  const valueLinks: { productId: number; attributeValueId: number }[] = []
  const categoryLinks: { productId: number; categoryId: number }[] = []
  const variantRows: (typeof productVariants.$inferInsert)[] = []
  const variantLogoSets: number[][] = []
  const imageRows: (typeof productImages.$inferInsert)[] = []
  inserted.forEach(({ id: productId, sku }, index) => {
    const plan = plans[index]!
    for (const color of plan.colors) valueLinks.push({ productId, attributeValueId: colorIds[color]! })
    for (const size of plan.sizes) valueLinks.push({ productId, attributeValueId: sizeIds.get(size)! })
    categoryLinks.push({ productId, categoryId: categoryId.get(plan.garment[1])! })
    if (index % 7 === 0) categoryLinks.push({ productId, categoryId: categoryId.get('Best Sellers')! })
    plan.colors.forEach((color, colorIndex) => {
      for (const size of plan.sizes) {
        variantRows.push({
          productId,
          sku: `${sku}-${color}-${size}`,
          colorValueId: colorIds[color]!,
          sizeValueId: sizeIds.get(size)!,
          priceAmount: plan.basePrice + (/^[2-6]X/.test(size) ? 300 : 0),
        })
        variantLogoSets.push(plan.logoSets[colorIndex]!)
      }
    })
    imageRows.push(
      { productId, path: `products/${sku.toLowerCase()}`, name: 'front.jpg', alt: 'Front', sequence: 0 },
      { productId, path: `products/${sku.toLowerCase()}`, name: 'back.jpg', alt: 'Back', sequence: 1 },
    )
  })

  await insertInBatches(valueLinks, 10_000, (batch) => db.insert(productAttributeValues).values(batch))
  await insertInBatches(categoryLinks, 10_000, (batch) => db.insert(productCategories).values(batch))
  await insertInBatches(imageRows, 5_000, (batch) => db.insert(productImages).values(batch))
  const variantIds: number[] = []
  await insertInBatches(variantRows, 5_000, async (batch) => {
    variantIds.push(...(await db.insert(productVariants).values(batch).returning({ id: productVariants.id })).map((row) => row.id))
  })
  const logoLinks = variantIds.flatMap((variantId, index) =>
    variantLogoSets[index]!.map((logoIndex) => ({ variantId, logoId: logoRows[logoIndex]!.id })),
  )
  await insertInBatches(logoLinks, 10_000, (batch) => db.insert(productVariantLogos).values(batch))
  return { productIds: inserted.map((row) => row.id), variantCount: variantIds.length }
}
