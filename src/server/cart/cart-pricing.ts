import { and, asc, eq, inArray } from 'drizzle-orm'
import type { PricedCartLineData } from '@/isomorphic/cart-types'
import type { ProductImage } from '@/isomorphic/catalog-types'
import { designSummary } from '@/isomorphic/design-summary'
import { namedCache } from '../cache/named-cache'
import { readProductImages, VARIANT_COLUMNS } from '../catalog/product-columns'
import type { Executor } from '../db/client'
import {
  attributeValues,
  decorationPartners,
  designs,
  logos,
  type OrderLineDesignSnapshot,
  productPriceBreaks,
  products,
  productVariantLogos,
  productVariants,
} from '../db/schema'
import { priceDecoratedLine } from '../decoration/decoration-pricing'
import { type DecorationRules, loadDecorationRules } from '../decoration/decoration-rules'
import { decorationDetails, type DesignRow, mockupUrls } from '../decoration/design-details'
import { type ArtworkFacts, designProblems, loadArtworks } from '../decoration/design-validation'
import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { type Cents, fromCents } from '../kernel/money'
import { type CartItemInput, cartItemKey } from '@/isomorphic/contract/cart'
import { NO_SIZE, variantsBySize, variantsOfColor, variantsWithLogo } from '@/isomorphic/variant-resolution'
import { type PriceBreak, nextBreakAfter, piecesByProduct, unitPriceAt } from '@/isomorphic/price-breaks'

// Prices cart lines from the database (decision 010, security.md 4.1): each size resolves to the
// product's variant for the chosen colour and logo by the rule the product page builds its size
// grid with (src/isomorphic/variant-resolution.ts); amounts are the variants' prices × pieces, weights
// the product's weight × pieces. A variant's price is read at the quantity of its product in the
// whole cart or order (every colour, size and design) through the one price-break rule,
// src/isomorphic/price-breaks.ts, which the product page shows its tiers and estimates with too.
// Nothing the client says about money is read: its input has no such field.

/** A line that cannot be priced; `key` and `productId` tell a caller which line to drop. */
export class UnpricedLineError extends DomainError {
  constructor(
    readonly key: string,
    readonly productId: number,
    message: string,
  ) {
    super('invalid', message)
  }
}

type LogoFacts = {
  id: number
  name: string
  logoInitialPro: string | null
  decorationMethod: string
  partner: { id: number; name: string; street: string; street2: string | null; city: string; stateCode: string; countryCode: string; zip: string }
}

type VariantFacts = { id: number; colorValueId: number | null; sizeName: string; priceAmount: number; logoIds: Set<number> }

type ProductFacts = {
  id: number
  name: string
  slug: string
  templateSkuCode: string
  taxCode: string
  weight: number
  /** products.priceAmount, cents: the base the breaks replace (each variant keeps its upcharge over it). */
  basePrice: number
  breaks: readonly PriceBreak[]
  variants: VariantFacts[]
  images: ProductImage[]
}

/** Who prices the cart: a partner's own designs price only for that partner (anonymous ones for anyone). */
export type PricingViewer = { partnerId: number | null }

type DesignFacts = { row: DesignRow; rules: DecorationRules | null; artworks: Map<string, ArtworkFacts>; error: string | null }

type CatalogFacts = {
  products: Map<number, ProductFacts>
  colors: Map<number, { id: number; name: string; htmlColor: string | null }>
  logos: Map<number, LogoFacts>
  designs: Map<string, DesignFacts>
  viewer: PricingViewer
}

/** The designs the items name that the viewer may use, each with the rules it is checked and priced by. */
async function loadDesignFacts(db: Executor, websiteId: number, designIds: readonly string[], viewer: PricingViewer): Promise<Map<string, DesignFacts>> {
  const result = new Map<string, DesignFacts>()
  if (designIds.length === 0) return result
  const rows = await db
    .select()
    .from(designs)
    .where(and(eq(designs.websiteId, websiteId), inArray(designs.id, [...designIds])))
  const rulesByProduct = new Map<string, Promise<DecorationRules | string>>()
  for (const row of rows) {
    // Another partner's design is treated as missing.
    if (row.partnerId !== null && row.partnerId !== viewer.partnerId) continue
    const key = `${row.productId}:${row.colorValueId ?? 0}`
    let rules = rulesByProduct.get(key)
    if (!rules) {
      rules = loadDecorationRules(db, websiteId, row.productId, row.colorValueId).catch((error: unknown) => {
        if (error instanceof DomainError) return error.userMessage
        throw error
      })
      rulesByProduct.set(key, rules)
    }
    const loaded = await rules
    result.set(row.id, {
      row,
      rules: typeof loaded === 'string' ? null : loaded,
      artworks: await loadArtworks(db, websiteId, row.decorations),
      error: typeof loaded === 'string' ? loaded : null,
    })
  }
  return result
}

/**
 * One product's pricing facts as the catalog has them (six narrow queries): the same for every
 * shopper, so they live in the Products cache beside the product page's data and are dropped with
 * it by every catalog write (store import, CATALOG_CACHES). A cart save or a summary then costs no
 * catalog query once the product has been priced (decision 016). Null: no such published product.
 */
async function loadProductPricing(db: Executor, websiteId: number, productId: number) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      templateSkuCode: products.templateSkuCode,
      taxCode: products.taxCode,
      weight: products.weight,
      basePrice: products.priceAmount,
    })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.isPublished, true), eq(products.id, productId)))
  if (!product) return null

  const [variants, images, breaks] = await Promise.all([
    db
      .select({ ...VARIANT_COLUMNS, sizeName: attributeValues.name })
      .from(productVariants)
      .leftJoin(attributeValues, eq(attributeValues.id, productVariants.sizeValueId))
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.id)),
    readProductImages(db, productId),
    db
      .select({ minQuantity: productPriceBreaks.minQuantity, priceAmount: productPriceBreaks.priceAmount })
      .from(productPriceBreaks)
      .where(eq(productPriceBreaks.productId, productId))
      .orderBy(asc(productPriceBreaks.minQuantity)),
  ])
  const variantIds = variants.map((row) => row.id)
  const colorIds = [...new Set(variants.map((row) => row.colorValueId).filter((id) => id !== null))]
  const [variantLogos, colors] = await Promise.all([
    variantIds.length === 0
      ? []
      : db
          .select({
            variantId: productVariantLogos.variantId,
            logo: { id: logos.id, name: logos.name, logoInitialPro: logos.image, decorationMethod: logos.decorationMethod },
            partner: {
              id: decorationPartners.id,
              name: decorationPartners.name,
              street: decorationPartners.street,
              street2: decorationPartners.street2,
              city: decorationPartners.city,
              stateCode: decorationPartners.stateCode,
              countryCode: decorationPartners.countryCode,
              zip: decorationPartners.zip,
            },
          })
          .from(productVariantLogos)
          .innerJoin(logos, eq(logos.id, productVariantLogos.logoId))
          .innerJoin(decorationPartners, eq(decorationPartners.id, logos.decorationPartnerId))
          .where(inArray(productVariantLogos.variantId, variantIds)),
    colorIds.length === 0
      ? []
      : db
          .select({ id: attributeValues.id, name: attributeValues.name, htmlColor: attributeValues.htmlColor })
          .from(attributeValues)
          .where(inArray(attributeValues.id, colorIds)),
  ])
  return { product, variants, images, breaks, variantLogos, colors }
}

type ProductPricing = NonNullable<Awaited<ReturnType<typeof loadProductPricing>>>

function productPricing(db: Executor, websiteId: number, productId: number): Promise<ProductPricing | null> {
  return namedCache().getOrLoad('Products', `${websiteId}:pricing:${productId}`, () => loadProductPricing(db, websiteId, productId))
}

/** Everything needed to price the given products, and the designs the items name. */
async function loadCatalogFacts(db: Executor, websiteId: number, items: readonly CartItemInput[], viewer: PricingViewer): Promise<CatalogFacts> {
  const productIds = [...new Set(items.map((item) => item.productId))]
  const designIds = [...new Set(items.flatMap((item) => (item.designId ? [item.designId] : [])))]
  const [designFacts, pricings] = await Promise.all([
    loadDesignFacts(db, websiteId, designIds, viewer),
    Promise.all(productIds.map((productId) => productPricing(db, websiteId, productId))),
  ])
  const facts: CatalogFacts = { products: new Map(), colors: new Map(), logos: new Map(), designs: designFacts, viewer }
  // Cached rows are shared by every request: they are read here, never changed.
  for (const pricing of pricings) {
    if (!pricing) continue
    for (const color of pricing.colors) facts.colors.set(color.id, color)
    const logoIdsByVariant = new Map<number, Set<number>>()
    for (const { variantId, logo, partner } of pricing.variantLogos) {
      if (!facts.logos.has(logo.id)) facts.logos.set(logo.id, { ...logo, partner })
      const set = logoIdsByVariant.get(variantId) ?? new Set<number>()
      set.add(logo.id)
      logoIdsByVariant.set(variantId, set)
    }
    const variants: VariantFacts[] = []
    for (const row of pricing.variants) {
      // A size value that no longer exists cannot be named, so it cannot be ordered.
      if (row.sizeValueId !== null && row.sizeName === null) continue
      variants.push({
        id: row.id,
        colorValueId: row.colorValueId,
        sizeName: row.sizeName ?? NO_SIZE,
        priceAmount: row.priceAmount,
        logoIds: logoIdsByVariant.get(row.id) ?? new Set(),
      })
    }
    facts.products.set(pricing.product.id, { ...pricing.product, breaks: pricing.breaks, variants, images: [...pricing.images] })
  }
  return facts
}

/** The picture for a colour and logo, as the product page's gallery would open on it. */
function pictureFor(images: ProductImage[], colorId: number | null, logoId: number | null): ProductImage | null {
  const ofColor = colorId === null ? [] : images.filter((image) => image.colorValueId === colorId)
  const shared = images.filter((image) => image.colorValueId === null)
  const candidates = ofColor.length > 0 ? ofColor : shared.length > 0 ? shared : images
  return candidates.find((image) => logoId !== null && image.logoId === logoId) ?? candidates[0] ?? null
}

/** A decorated line's design as priced: what an order line keeps of it. */
export type PricedLineDesign = { id: string; perUnit: Cents; setup: Cents; snapshot: OrderLineDesignSnapshot }

export type DetailedLine = { line: PricedLine; display: PricedCartLineData; design: PricedLineDesign | null }

/** The design of a line, checked against today's rules; throws (via `fail`) when it can no longer be made. */
function resolveDesign(facts: CatalogFacts, item: CartItemInput, productName: string, fail: (message: string) => UnpricedLineError): DesignFacts & { rules: DecorationRules } {
  const design = facts.designs.get(item.designId!)
  if (!design) throw fail(`The design of ${productName} is no longer available. Remove the line and design it again.`)
  if (design.row.productId !== item.productId || design.row.colorValueId !== item.colorId) {
    throw fail(`The design does not belong to ${productName} in this colour. Remove the line and design it again.`)
  }
  if (!design.rules) throw fail(`The design of ${productName} can no longer be made: ${design.error ?? 'the product cannot be designed'}`)
  const problems = designProblems(design.row.decorations, design.rules, design.artworks, facts.viewer)
  if (problems.length > 0) throw fail(`The design of ${productName} can no longer be made: ${problems[0]!.message}`)
  return { ...design, rules: design.rules }
}

/** `productPieces`: every piece of the item's product in the cart or order, the quantity its breaks are read at. */
function resolveItem(facts: CatalogFacts, item: CartItemInput, productPieces: number): DetailedLine {
  const key = cartItemKey(item)
  const fail = (message: string) => new UnpricedLineError(key, item.productId, message)
  const product = facts.products.get(item.productId)
  if (!product) throw fail(`Product ${item.productId} is not available in this store. Remove it from the cart.`)

  // A product that comes in colours needs one chosen: without it the line would be fulfilled as
  // whichever variant came first (issue 13). One rule for cart pricing, the summary and createOrder.
  if (item.colorId === null && product.variants.some((variant) => variant.colorValueId !== null)) throw fail(`Choose a colour for ${product.name}.`)
  const ofColor = variantsOfColor(product.variants, item.colorId)
  if (ofColor.length === 0) throw fail(`${product.name} is not available in the chosen colour. Remove it from the cart.`)
  const design = item.designId ? resolveDesign(facts, item, product.name, fail) : null
  // A designed line carries its logos in the design.
  if (!design && item.logoId === null && ofColor.some((variant) => variant.logoIds.size > 0)) {
    throw fail(`Choose a logo for ${product.name}.`)
  }
  const ofLogo = variantsWithLogo(ofColor, item.logoId, (variant, logoId) => variant.logoIds.has(logoId))
  const bySize = variantsBySize(ofLogo, (variant) => variant.sizeName)
  if (ofLogo.length === 0) throw fail(`${product.name} cannot be decorated with the chosen logo. Remove it from the cart.`)

  let amount = 0
  let totalQuantity = 0
  const unitPrices: Record<string, number> = {}
  const variantIds: Record<string, number> = {}
  const garmentPrices: Record<string, Cents> = {}
  /** What each size's piece costs on this line (decorated or not), cents. */
  const unitCents: Record<string, Cents> = {}
  for (const [size, count] of Object.entries(item.quantity)) {
    const variant = bySize.get(size)
    if (!variant) throw fail(`${product.name} is not offered in size ${size}.`)
    const unitPrice = unitPriceAt({ basePrice: product.basePrice, variantPrice: variant.priceAmount, breaks: product.breaks, quantity: productPieces })
    amount += unitPrice * count
    totalQuantity += count
    unitPrices[size] = fromCents(unitPrice)
    variantIds[size] = variant.id
    garmentPrices[size] = unitPrice
    unitCents[size] = unitPrice
  }
  // Decoration (decision 013): the per-unit part goes into every unit price, the set-up stays one amount.
  let pricedDesign: PricedLineDesign | null = null
  let displayDesign: PricedCartLineData['design'] = null
  if (design) {
    const decorated = priceDecoratedLine(garmentPrices, item.quantity, design.row.decorations, design.rules.methods)
    amount = decorated.amount
    for (const [size, price] of Object.entries(decorated.unitPrices)) {
      unitPrices[size] = fromCents(price)
      unitCents[size] = price
    }
    const { perUnit, setup } = decorated.quote
    pricedDesign = {
      id: design.row.id,
      perUnit,
      setup,
      snapshot: { decorations: decorationDetails(design.row.decorations, design.rules, design.artworks), mockups: { ...design.row.mockups }, perUnit, setup },
    }
    const summary = designSummary({ id: design.row.id, mockupUrls: mockupUrls(design.row.mockups), decorations: design.row.decorations }, design.rules)
    displayDesign = { ...summary, perUnit: fromCents(perUnit), setup: fromCents(setup) }
  }
  // The nudge towards the product's next break: the line's cheapest piece, that much cheaper.
  const reach = nextBreakAfter(product.basePrice, product.breaks, productPieces)
  const lowest = Math.min(...Object.values(unitCents))
  const nextBreak = reach && Number.isFinite(lowest) ? { morePieces: reach.morePieces, unitPrice: fromCents(Math.max(0, lowest - reach.savingPerPiece)) } : null
  // Thousandths of a pound, so sums of decimals do not drift.
  const weight = Math.round(product.weight * 1000 * totalQuantity) / 1000
  // The decorator: the line's logo, else the design's first logo, else one that decorates these variants.
  const designLogoId = design?.row.decorations.find((decoration) => decoration.kind === 'logo' && decoration.logoId !== null)
  const originLogoId =
    item.logoId ??
    (designLogoId && designLogoId.kind === 'logo' ? designLogoId.logoId : null) ??
    (design ? (ofLogo.flatMap((variant) => [...variant.logoIds])[0] ?? null) : null)
  const originLogo = originLogoId === null ? null : (facts.logos.get(originLogoId) ?? null)
  const logo = item.logoId === null ? null : (facts.logos.get(item.logoId) ?? null)
  const origin: PostalAddress | null = originLogo
    ? {
        name: originLogo.partner.name,
        street: originLogo.partner.street,
        street2: originLogo.partner.street2,
        city: originLogo.partner.city,
        stateCode: originLogo.partner.stateCode,
        countryCode: originLogo.partner.countryCode,
        zip: originLogo.partner.zip,
      }
    : null
  const color = item.colorId === null ? null : (facts.colors.get(item.colorId) ?? null)
  const quantity = { ...item.quantity }

  return {
    line: {
      key,
      productId: product.id,
      name: product.name,
      templateSkuCode: product.templateSkuCode,
      taxCode: product.taxCode,
      quantity,
      totalQuantity,
      amount,
      weight,
      origin,
    },
    display: {
      key,
      productId: product.id,
      name: product.name,
      slug: product.slug,
      templateSkuCode: product.templateSkuCode,
      taxCode: product.taxCode,
      weight,
      color,
      logo: logo
        ? {
            id: logo.id,
            name: logo.name,
            logoInitialPro: logo.logoInitialPro,
            decorationMethod: logo.decorationMethod,
            decoratorPartnerId: {
              id: logo.partner.id,
              name: logo.partner.name,
              zip: logo.partner.zip,
              street: logo.partner.street,
              city: logo.partner.city,
              state: logo.partner.stateCode,
              country: logo.partner.countryCode,
            },
          }
        : null,
      quantity: { ...quantity },
      totalQuantity,
      unitPrices,
      variantIds,
      priceTotal: fromCents(amount),
      image: pictureFor(product.images, item.colorId, item.logoId),
      ...(design ? { designId: design.row.id, design: displayDesign } : {}),
      nextBreak,
    },
    design: pricedDesign,
  }
}

/**
 * Prices every item from the database. An unknown or unpublished product, a colour, logo or size
 * the product does not offer is a DomainError('invalid') naming the product and size.
 */
export async function priceCartItems(db: Executor, websiteId: number, items: readonly CartItemInput[], viewer: PricingViewer = { partnerId: null }): Promise<PricedLine[]> {
  const facts = await loadCatalogFacts(db, websiteId, items, viewer)
  const pieces = piecesByProduct(items)
  return items.map((item) => resolveItem(facts, item, pieces.get(item.productId) ?? 0).line)
}

/**
 * Prices what still prices and names what does not (a product unpublished since it was added …),
 * so reading a saved cart or estimating it never fails as a whole because of one stale line.
 */
export async function priceCartItemsLeniently(
  db: Executor,
  websiteId: number,
  items: readonly CartItemInput[],
  viewer: PricingViewer = { partnerId: null },
): Promise<{ priced: DetailedLine[]; kept: CartItemInput[]; dropped: { key: string; productId: number; message: string }[] }> {
  const facts = await loadCatalogFacts(db, websiteId, items, viewer)
  const firstPass: DetailedLine[] = []
  const kept: CartItemInput[] = []
  const dropped: { key: string; productId: number; message: string }[] = []
  const allPieces = piecesByProduct(items)
  for (const item of items) {
    try {
      firstPass.push(resolveItem(facts, item, allPieces.get(item.productId) ?? 0))
      kept.push(item)
    } catch (error) {
      if (!(error instanceof UnpricedLineError)) throw error
      dropped.push({ key: error.key, productId: error.productId, message: error.userMessage })
    }
  }
  // A dropped line's pieces do not count towards its product's breaks: the kept lines are priced at
  // what will really be ordered (pricing them cannot fail now, the quantity only picks a tier).
  if (dropped.length === 0) return { priced: firstPass, kept, dropped }
  const pieces = piecesByProduct(kept)
  const priced = kept.map((item) => resolveItem(facts, item, pieces.get(item.productId) ?? 0))
  return { priced, kept, dropped }
}
