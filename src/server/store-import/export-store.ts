import { and, asc, eq, inArray } from 'drizzle-orm'
import { VARIANT_COLUMNS } from '../catalog/product-columns'
import type { Executor } from '../db/client'
import {
  attributes,
  attributeValues,
  brands,
  categories,
  contentPages,
  countries,
  decorationMethods,
  decorationPartners,
  decorationSettings,
  homePages,
  logoDecorationMethods,
  logos,
  printAreas,
  productAttributeValues,
  productCategories,
  productImages,
  productPriceBreaks,
  products,
  productVariantLogos,
  productVariants,
  redirects,
  promotionPrograms,
  sizes,
  states,
  websites,
  websiteShippingCountries,
} from '../db/schema'
import { objectKeyOf } from '../adapters/object-storage'
import { DomainError } from '../kernel/errors'
import { fromCents } from '../kernel/money'
import { PROGRAM_COLUMNS } from '../promotions/promotion-engine'
import { hostsOfStore } from '../website/store-directory'
import { KEPT_SECRET, SSO_SECRET_KEYS } from './kept-secrets'
import { STORE_FILE_FORMAT, type StoreFileDocument } from './store-file-schema'
import { readAllowancesSection, readDeliveryMethodsSection, readOrderFieldsSection, readPaymentsSection, readTaxSection } from './store-sections'

// The live store as a store file (docs/store-file.md, issue 16): the inverse of the import. Reads one
// website and everything the file format holds for it, in a stable order, so that importing the
// export into an empty database and exporting again gives the same file. Images become files next to
// store.json (`images/…`, stored bytes as they are), each with the colour and logo it shows; a
// mockup is exported as the picture that was drawn, not as the recipe. Secrets are KEPT_SECRET;
// accounts and gift cards are not exported (their passwords and numbers exist only as hashes).

export type { StoreFileDocument }

/** An image of the image store that the export carries, as `zipPath` next to store.json. */
/** An image of the export: where it goes in the zip, and its key in the image store. */
export type ExportedImage = { zipPath: string; key: string }

export type StoreExport = { websiteCode: string; file: StoreFileDocument; images: ExportedImage[] }

type Image = { file: string; alt?: string; color?: string; logo?: string } | { url: string; alt?: string; color?: string; logo?: string }

export async function exportStore(db: Executor, websiteId: number): Promise<StoreExport> {
  const [website] = await db.select().from(websites).where(eq(websites.id, websiteId))
  if (!website) throw new DomainError('not_found', `website ${websiteId} not found`, 'Store not found')

  const images: ExportedImage[] = []
  const usedZipPaths = new Set<string>()
  /** A stored image (path in the image store, or an https:// address) as a store-file image entry, under its own name. */
  const image = (stored: string): { file: string } | { url: string } => {
    if (/^https:\/\//.test(stored)) return { url: stored }
    const key = objectKeyOf(stored)
    if (key === null) throw new Error(`image path is not a key of the image store: ${stored}`)
    const zipPath = `images/${key}`
    if (!usedZipPaths.has(zipPath)) {
      usedZipPaths.add(zipPath)
      images.push({ zipPath, key })
    }
    return { file: zipPath }
  }

  // Catalog vocabulary.
  const [colorAttribute] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, 'Color'))
  const sizeRows = await db.select({ name: sizes.name }).from(sizes).where(eq(sizes.websiteId, websiteId)).orderBy(asc(sizes.sequence), asc(sizes.id))
  const productRows = await db.select().from(products).where(eq(products.websiteId, websiteId)).orderBy(asc(products.id))
  const productIds = productRows.map((row) => row.id)
  const slugById = new Map(productRows.map((row) => [row.id, row.slug]))

  const valueRows =
    productIds.length === 0
      ? []
      : await db
          .select({
            productId: productAttributeValues.productId,
            id: attributeValues.id,
            attributeId: attributeValues.attributeId,
            name: attributeValues.name,
            htmlColor: attributeValues.htmlColor,
            sequence: attributeValues.sequence,
          })
          .from(productAttributeValues)
          .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.attributeValueId))
          .where(inArray(productAttributeValues.productId, productIds))
          .orderBy(asc(attributeValues.sequence), asc(attributeValues.name))
  const colorRows = valueRows.filter((row) => row.attributeId === colorAttribute?.id)
  const colorNames = new Map<number, string>()
  const colors: { name: string; css: string }[] = []
  for (const row of colorRows) {
    if (colorNames.has(row.id)) continue
    colorNames.set(row.id, row.name)
    colors.push({ name: row.name, css: row.htmlColor ?? '#000000' })
  }
  const sizeOrder = sizeRows.map((row) => row.name)
  const sizeValueNames = new Map(valueRows.filter((row) => row.attributeId !== colorAttribute?.id).map((row) => [row.id, row.name]))

  const brandIds = [...new Set(productRows.map((row) => row.brandId).filter((id): id is number => id !== null))]
  const brandRows = brandIds.length === 0 ? [] : await db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, brandIds)).orderBy(asc(brands.name))
  const brandName = new Map(brandRows.map((row) => [row.id, row.name]))

  const categoryRows = await db.select().from(categories).where(eq(categories.websiteId, websiteId)).orderBy(asc(categories.sequence), asc(categories.slug))
  const categorySlug = new Map(categoryRows.map((row) => [row.id, row.slug]))
  const categoryOrder = new Map(categoryRows.map((row, index) => [row.id, index]))

  // Logos: those the store's products carry or show.
  const variantRows =
    productIds.length === 0
      ? []
      : await db
          .select({ ...VARIANT_COLUMNS, productId: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.productId, productIds))
          .orderBy(asc(productVariants.id))
  const variantLogoRows =
    productIds.length === 0
      ? []
      : await db
          .select({ productId: productVariants.productId, logoId: productVariantLogos.logoId })
          .from(productVariantLogos)
          .innerJoin(productVariants, eq(productVariants.id, productVariantLogos.variantId))
          .where(inArray(productVariants.productId, productIds))
  const imageRows =
    productIds.length === 0
      ? []
      : await db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, productIds))
          .orderBy(asc(productImages.productId), asc(productImages.sequence), asc(productImages.id))
  const logoIds = [...new Set([...variantLogoRows.map((row) => row.logoId), ...imageRows.map((row) => row.logoId).filter((id): id is number => id !== null)])]
  const logoRows = logoIds.length === 0 ? [] : await db.select().from(logos).where(inArray(logos.id, logoIds)).orderBy(asc(logos.id))
  const logoCode = new Map(logoRows.map((row) => [row.id, row.code]))
  const partnerIds = [...new Set(logoRows.map((row) => row.decorationPartnerId))]
  const partnerRows = partnerIds.length === 0 ? [] : await db.select().from(decorationPartners).where(inArray(decorationPartners.id, partnerIds)).orderBy(asc(decorationPartners.id))
  const partnerCode = new Map(partnerRows.map((row) => [row.id, row.code]))
  const logoMethodRows =
    logoIds.length === 0
      ? []
      : await db.select().from(logoDecorationMethods).where(inArray(logoDecorationMethods.logoId, logoIds)).orderBy(asc(logoDecorationMethods.method))

  const [settings] = await db.select().from(decorationSettings).where(eq(decorationSettings.websiteId, websiteId))
  const methodRows = await db.select().from(decorationMethods).where(eq(decorationMethods.websiteId, websiteId)).orderBy(asc(decorationMethods.sequence), asc(decorationMethods.id))
  const hasDecoration = methodRows.length > 0

  // Website.
  const countryRows = await db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(websiteShippingCountries)
    .innerJoin(countries, eq(countries.id, websiteShippingCountries.countryId))
    .where(eq(websiteShippingCountries.websiteId, websiteId))
    .orderBy(asc(websiteShippingCountries.sequence))
  const stateRows =
    countryRows.length === 0
      ? []
      : await db
          .select()
          .from(states)
          .where(
            inArray(
              states.countryId,
              countryRows.map((row) => row.id),
            ),
          )
          .orderBy(asc(states.id))

  const ssoConfig = website.ssoConfig
    ? Object.fromEntries(Object.entries(website.ssoConfig as Record<string, string>).map(([key, value]) => [key, SSO_SECRET_KEYS.includes(key) && value ? KEPT_SECRET : value]))
    : null

  const hosts = (await hostsOfStore(db, websiteId)).map((row) => row.host)

  const file: StoreFileDocument = {
    format: STORE_FILE_FORMAT,
    website: {
      code: website.code,
      name: website.name,
      description: website.description,
      ...(website.domain ? { domain: website.domain } : {}),
      // A store without host names leaves `hosts` out: importing the file then changes none.
      ...(hosts.length > 0 ? { hosts } : {}),
      ...(website.faviconImage ? { favicon: image(website.faviconImage) } : {}),
      ...(website.socialImage ? { socialImage: image(website.socialImage) } : {}),
      ...(website.logoImage ? { logo: image(website.logoImage) } : {}),
      lockBrowsing: website.lockBrowsing as 'Enable' | 'Disable',
      ssologin: website.ssologin,
      ssoConfig,
      currency: website.currency,
      contact: { ...(website.contactEmail ? { email: website.contactEmail } : {}), ...(website.contactPhone ? { phone: website.contactPhone } : {}) },
      guestCheckout: website.guestCheckout,
      shippingCountries: countryRows.map((country) => ({
        code: country.code,
        name: country.name,
        states: stateRows.filter((state) => state.countryId === country.id).map((state) => ({ code: state.code, name: state.name })),
      })),
      sizeOrder,
      ...(website.leadTime ? { leadTime: { ...website.leadTime } } : {}),
      // Written by the import, so they come back out: an unchanged export imports without a change.
      ...(website.accentColor ? { accentColor: website.accentColor } : {}),
      ...(website.analyticsId ? { analyticsId: website.analyticsId } : {}),
    },
  }

  const [home] = await db.select().from(homePages).where(eq(homePages.websiteId, websiteId))
  if (home) {
    const sections = (home.sections ?? []) as { title: string; body: string; href?: string; image?: string }[]
    file.homePage = {
      hero: {
        title: home.heroTitle,
        subtitle: home.heroSubtitle,
        ...(home.heroImage ? { image: image(home.heroImage) } : {}),
        ctaLabel: home.heroCtaLabel,
        ctaHref: home.heroCtaHref,
      },
      sections: sections.map((section) => ({
        title: section.title,
        body: section.body,
        ...(section.href ? { href: section.href } : {}),
        ...(section.image ? { image: image(section.image) } : {}),
      })),
      featuredProducts: home.featuredProductSlugs,
    }
  }

  const pages = await db.select().from(contentPages).where(eq(contentPages.websiteId, websiteId)).orderBy(asc(contentPages.id))
  file.contentPages = pages.map((page) => ({
    slug: page.slug,
    title: page.title,
    body: page.body,
    metaDescription: page.metaDescription,
    showInFooter: page.showInFooter,
    published: page.published,
    sequence: page.sequence,
  }))
  const redirectRows = await db.select().from(redirects).where(eq(redirects.websiteId, websiteId)).orderBy(asc(redirects.fromPath))
  file.redirects = redirectRows.map((row) => ({ from: row.fromPath, to: row.target, status: row.status }))
  file.brands = brandRows.map((row) => ({ name: row.name }))
  file.categories = categoryRows.map((row) => ({ slug: row.slug, name: row.name, sequence: row.sequence }))
  file.colors = colors
  file.decorationPartners = partnerRows.map((row) => ({
    code: row.code,
    name: row.name,
    address: { street: row.street, ...(row.street2 ? { street2: row.street2 } : {}), city: row.city, state: row.stateCode, zip: row.zip, country: row.countryCode },
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.email ? { email: row.email } : {}),
  }))
  file.logos = logoRows.map((row) => {
    if (!row.image) throw new Error(`logo ${row.code} has no artwork`)
    const methods = logoMethodRows.filter((link) => link.logoId === row.id).map((link) => link.method)
    return {
      code: row.code,
      name: row.name,
      decorationPartner: partnerCode.get(row.decorationPartnerId)!,
      decorationMethod: row.decorationMethod as 'embroidery',
      artwork: image(row.image),
      ...(methods.length > 0 && hasDecoration ? { methods } : {}),
      colorCount: row.colorCount,
    }
  })

  const categoryLinks =
    productIds.length === 0 ? [] : await db.select().from(productCategories).where(inArray(productCategories.productId, productIds))
  const breakRows =
    productIds.length === 0
      ? []
      : await db.select().from(productPriceBreaks).where(inArray(productPriceBreaks.productId, productIds)).orderBy(asc(productPriceBreaks.minQuantity))
  file.products = productRows.map((product) => {
    const variants = variantRows.filter((variant) => variant.productId === product.id)
    const breaks = breakRows.filter((row) => row.productId === product.id)
    const links = valueRows.filter((row) => row.productId === product.id)
    const productColors = [...new Set(links.filter((row) => row.attributeId === colorAttribute?.id).map((row) => row.name))]
    const linkedSizes = new Set(links.filter((row) => row.attributeId !== colorAttribute?.id).map((row) => row.name))
    const productSizes = sizeOrder.filter((size) => linkedSizes.has(size))
    // Per size the cheapest colour's price; the product's price is the cheapest size, the rest upcharges.
    const sizePrice = new Map<string, number>()
    for (const variant of variants) {
      const size = variant.sizeValueId === null ? undefined : sizeValueNames.get(variant.sizeValueId)
      if (size === undefined) continue
      sizePrice.set(size, Math.min(sizePrice.get(size) ?? Infinity, variant.priceAmount))
    }
    const base = sizePrice.size > 0 ? Math.min(...sizePrice.values()) : product.priceAmount
    const sizeUpcharges = Object.fromEntries(productSizes.filter((size) => (sizePrice.get(size) ?? base) > base).map((size) => [size, fromCents(sizePrice.get(size)! - base)]))
    const productLogos = [...new Set(variantLogoRows.filter((link) => link.productId === product.id).map((link) => link.logoId))]
      .sort((a, b) => a - b)
      .map((id) => logoCode.get(id)!)
    const productImagesList: Image[] = imageRows
      .filter((row) => row.productId === product.id)
      .map((row) => {
        const stored = /^https:\/\//.test(row.path) ? row.path : `${row.path}/${row.name}`
        const color = row.colorValueId !== null ? colorNames.get(row.colorValueId) : undefined
        const logo = row.logoId !== null ? logoCode.get(row.logoId) : undefined
        return {
          ...image(stored),
          alt: row.alt,
          ...(color ? { color } : {}),
          ...(logo && productLogos.includes(logo) ? { logo } : {}),
        }
      })
    return {
      slug: product.slug,
      name: product.name,
      templateSkuCode: product.templateSkuCode,
      description: product.description,
      ...(product.brandId !== null && brandName.has(product.brandId) ? { brand: brandName.get(product.brandId)! } : {}),
      categories: categoryLinks
        .filter((link) => link.productId === product.id && categorySlug.has(link.categoryId))
        .sort((a, b) => categoryOrder.get(a.categoryId)! - categoryOrder.get(b.categoryId)!)
        .map((link) => categorySlug.get(link.categoryId)!),
      weight: product.weight,
      taxCode: product.taxCode,
      websiteSequence: product.websiteSequence,
      published: product.isPublished,
      colors: productColors,
      sizes: productSizes,
      logos: productLogos,
      price: fromCents(base),
      sizeUpcharges,
      ...(breaks.length > 0 ? { priceBreaks: breaks.map((row) => ({ minQuantity: row.minQuantity, price: fromCents(row.priceAmount) })) } : {}),
      images: productImagesList,
      ...(product.garmentKind ? { garment: product.garmentKind as 'tee' } : {}),
      ...(product.leadTime ? { leadTime: { ...product.leadTime } } : {}),
      ...(product.sizeChart ? { sizeChart: product.sizeChart } : {}),
    }
  })

  file.deliveryMethods = await readDeliveryMethodsSection(db, websiteId)
  file.paymentMethods = await readPaymentsSection(db, websiteId)
  const tax = await readTaxSection(db, websiteId)
  if (tax) file.tax = tax

  const programs = await db.select(PROGRAM_COLUMNS).from(promotionPrograms).where(eq(promotionPrograms.websiteId, websiteId)).orderBy(asc(promotionPrograms.id))
  file.promotions = programs.map((program) => ({
    name: program.name,
    rewardType: program.rewardType as 'discount',
    promoApplicability: program.promoApplicability as 'on_current_order',
    ...(program.promoCode ? { promoCode: program.promoCode } : {}),
    minimumAmount: fromCents(program.ruleMinimumAmount),
    minimumQuantity: program.ruleMinQuantity,
    products: ((program.ruleProductIds ?? []) as number[]).map((id) => slugById.get(id)).filter((slug): slug is string => slug !== undefined),
    ...(program.dateFrom ? { dateFrom: program.dateFrom.toISOString() } : {}),
    ...(program.dateTo ? { dateTo: program.dateTo.toISOString() } : {}),
    maximumUses: program.maximumUseNumber,
    maximumUsesPerCustomer: program.maximumUsesPerCustomer,
    firstOrderOnly: program.firstOrderOnly,
    ...(program.rewardType === 'discount' && program.discountType
      ? {
          discount: {
            type: program.discountType as 'percentage',
            ...(program.discountType === 'percentage' && program.discountPercentage !== null ? { percentage: program.discountPercentage } : {}),
            ...(program.discountType === 'fixed_amount' && program.discountFixedAmount !== null ? { fixedAmount: fromCents(program.discountFixedAmount) } : {}),
            applyOn: (program.discountApplyOn ?? 'on_order') as 'on_order',
          },
        }
      : {}),
    ...(program.rewardType === 'product' && program.rewardProductId !== null && slugById.has(program.rewardProductId)
      ? { rewardProduct: { slug: slugById.get(program.rewardProductId)!, quantity: program.rewardProductQuantity } }
      : {}),
    active: program.isActive,
  }))

  const { orderExtraFields, orderOptions } = await readOrderFieldsSection(db, websiteId)
  file.orderExtraFields = orderExtraFields
  file.orderOptions = orderOptions
  const allowances = await readAllowancesSection(db, websiteId)
  file.customerGroups = allowances.customerGroups
  file.allowancePrograms = allowances.allowancePrograms

  if (hasDecoration) {
    const codes = new Set(methodRows.map((method) => method.code))
    const areas = await db
      .select()
      .from(printAreas)
      .where(and(eq(printAreas.websiteId, websiteId)))
      .orderBy(asc(printAreas.garmentKind), asc(printAreas.productId), asc(printAreas.sequence), asc(printAreas.id))
    file.decoration = {
      methods: methodRows.map((method) => ({
        code: method.code,
        name: method.name,
        minWidth: method.minWidth,
        minHeight: method.minHeight,
        maxColors: method.maxColors,
        fileTypes: method.fileTypes,
        setupFee: fromCents(method.setupFeeAmount),
        pricePerLocation: fromCents(method.pricePerLocationAmount),
      })),
      // Every area the store has is listed, so the built-in ones are not added again.
      defaultPrintAreas: false,
      printAreas: areas.flatMap((area) => {
        const allowed = area.methods.filter((method) => codes.has(method))
        if (allowed.length === 0) return []
        const owner = area.productId !== null ? { product: slugById.get(area.productId)! } : { garment: area.garmentKind as 'tee' }
        if ('product' in owner && owner.product === undefined) return []
        return [{ ...owner, code: area.code, name: area.name, view: area.view, x: area.x, y: area.y, width: area.width, height: area.height, methods: allowed }]
      }),
      fonts: settings?.fonts ?? [],
      palette: settings?.palette ?? [],
      uploads: { allowed: settings?.uploadsAllowed ?? false, maxBytes: settings?.uploadMaxBytes ?? 2_000_000, rightsStatement: settings?.rightsStatement ?? '' },
    }
  }
  return { websiteCode: website.code, file, images }
}
