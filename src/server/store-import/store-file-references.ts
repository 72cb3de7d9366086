import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { slugify } from '../images/image-store'
import { checkDecorationReferences } from './decoration-schema'
import type { ReferenceIssue } from './store-file-error'
import { COMPANY_BILLED_PROVIDERS } from '@/isomorphic/contract/store-file-checkout'
import type { StoreFile } from './store-file-schema'

// The checks a schema cannot make alone: natural keys are unique, every reference (a product's brand,
// categories, colours, sizes, logos; a logo's decoration partner; featured and promoted products …)
// names something the file defines, and every file it points at exists.

export const IMAGE_FILE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.svg'] as const

/**
 * `confined`: every file must be inside `baseDir` (an upload from the console may not read other
 * files of the server; the command line's files are the operator's own).
 */
export function checkReferences(file: StoreFile, baseDir: string, { confined = false }: { confined?: boolean } = {}): ReferenceIssue[] {
  const issues: ReferenceIssue[] = []
  const report = (at: (string | number)[], message: string) => issues.push({ path: at, message })

  function unique<T>(list: readonly T[], at: (string | number)[], keyOf: (item: T) => string, what: string, field?: string) {
    const seen = new Map<string, number>()
    list.forEach((item, index) => {
      const key = keyOf(item)
      const first = seen.get(key)
      const where = field ? [...at, index, field] : [...at, index]
      if (first !== undefined) report(where, `duplicate ${what} "${key}" (already at ${formatIndex(at, first)})`)
      else seen.set(key, index)
    })
  }

  function known(value: string, names: ReadonlySet<string>, at: (string | number)[], what: string) {
    if (!names.has(value)) report(at, `unknown ${what} "${value}"${suggestion(value, names)}`)
  }

  function imageFile(relative: string, at: (string | number)[]) {
    const extension = path.extname(relative).toLowerCase()
    if (!(IMAGE_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
      report(at, `must be a ${IMAGE_FILE_EXTENSIONS.join(', ')} file`)
      return
    }
    const absolute = path.resolve(baseDir, relative)
    if (confined && !absolute.startsWith(path.resolve(baseDir) + path.sep)) {
      report(at, 'must be a file inside the uploaded store file (no "..")')
      return
    }
    if (!existsSync(absolute) || !statSync(absolute).isFile()) report(at, `file not found: ${absolute}`)
  }

  const { website } = file
  unique(website.shippingCountries, ['website', 'shippingCountries'], (country) => country.code, 'country', 'code')
  website.shippingCountries.forEach((country, index) =>
    unique(country.states, ['website', 'shippingCountries', index, 'states'], (state) => state.code, 'state', 'code'),
  )
  unique(website.sizeOrder, ['website', 'sizeOrder'], (size) => size, 'size')
  unique(file.contentPages, ['contentPages'], (page) => page.slug, 'content page', 'slug')
  unique(file.brands, ['brands'], (brand) => brand.name, 'brand', 'name')
  unique(file.categories, ['categories'], (category) => category.slug, 'category', 'slug')
  unique(file.colors, ['colors'], (color) => color.name, 'colour', 'name')
  unique(file.decorationPartners, ['decorationPartners'], (partner) => partner.code, 'decoration partner', 'code')
  unique(file.logos, ['logos'], (logo) => logo.code, 'logo', 'code')
  unique(file.products, ['products'], (product) => product.slug, 'product', 'slug')
  unique(file.deliveryMethods, ['deliveryMethods'], (method) => method.name, 'delivery method', 'name')
  unique(file.paymentMethods, ['paymentMethods'], (method) => method.name, 'payment method', 'name')
  unique(file.promotions, ['promotions'], (promotion) => promotion.name, 'promotion', 'name')
  unique(file.accounts, ['accounts'], (account) => account.email.trim().toLowerCase(), 'account', 'email')
  unique(
    file.promotions.filter((promotion) => promotion.promoCode),
    ['promotions'],
    (promotion) => promotion.promoCode!.toUpperCase(),
    'promo code',
  )
  unique(file.customerGroups, ['customerGroups'], (group) => group.code.toLowerCase(), 'customer group', 'code')
  unique(file.allowancePrograms, ['allowancePrograms'], (program) => program.group.toLowerCase(), 'allowance program for the group')
  const groupCodes = new Set(file.customerGroups.map((group) => group.code.toLowerCase()))
  file.allowancePrograms.forEach((program, index) => {
    if (!groupCodes.has(program.group.toLowerCase())) report(['allowancePrograms', index, 'group'], `names the customer group "${program.group}", which customerGroups does not list`)
  })
  file.accounts.forEach((account, index) => {
    if (account.group !== undefined && !groupCodes.has(account.group.toLowerCase())) report(['accounts', index, 'group'], `names the customer group "${account.group}", which customerGroups does not list`)
  })
  unique(file.orderExtraFields, ['orderExtraFields'], (field) => field.name, 'order extra field', 'name')
  file.orderExtraFields.forEach((field, index) => {
    if (field.group !== undefined && !groupCodes.has(field.group.toLowerCase())) report(['orderExtraFields', index, 'group'], `names the customer group "${field.group}", which customerGroups does not list`)
  })
  unique(file.orderOptions, ['orderOptions'], (option) => option.name, 'order option', 'name')
  // A company store (budgets or approvers) bills the company only for signed-in partners, under
  // their budget and approval rules: a guest paying on invoice would bypass both.
  if (file.accounts.some((account) => account.budget !== undefined || account.canApproveOrders)) {
    file.paymentMethods.forEach((method, index) => {
      if (method.guests && COMPANY_BILLED_PROVIDERS.includes(method.provider)) {
        report(['paymentMethods', index, 'guests'], `must be false on a store with budgets or approvers: a guest paying with ${method.provider} would bypass them`)
      }
    })
  }
  if (file.tax) {
    unique(file.tax.rates, ['tax', 'rates'], (rate) => `${rate.country}/${rate.state}/${rate.zipPrefix}`, 'tax region')
  }

  const brands = new Set(file.brands.map((brand) => brand.name))
  const categories = new Set(file.categories.map((category) => category.slug))
  const colors = new Set(file.colors.map((color) => color.name))
  const sizes = new Set(website.sizeOrder)
  const partners = new Set(file.decorationPartners.map((partner) => partner.code))
  const logos = new Map(file.logos.map((logo) => [logo.code, logo]))
  const logoCodes = new Set(logos.keys())
  const products = new Set(file.products.map((product) => product.slug))
  const statesByCountry = new Map(website.shippingCountries.map((country) => [country.code, new Set(country.states.map((state) => state.code))]))

  function drawableLogo(code: string, at: (string | number)[]) {
    const logo = logos.get(code)
    if (!logo) return known(code, logoCodes, at, 'logo')
    if ('url' in logo.artwork) report(at, `logo "${code}" has https:// artwork; drawing it on an image needs a local file`)
  }

  function siteImage(image: StoreFile['website']['favicon'], at: (string | number)[]) {
    if (!image) return
    if ('file' in image) imageFile(image.file, [...at, 'file'])
    if ('generate' in image) drawableLogo(image.logo, [...at, 'logo'])
  }

  siteImage(website.favicon, ['website', 'favicon'])
  siteImage(website.socialImage, ['website', 'socialImage'])
  siteImage(website.logo, ['website', 'logo'])

  if (file.homePage) {
    siteImage(file.homePage.hero.image, ['homePage', 'hero', 'image'])
    file.homePage.sections.forEach((section, index) => siteImage(section.image, ['homePage', 'sections', index, 'image']))
    file.homePage.featuredProducts.forEach((slug, index) => known(slug, products, ['homePage', 'featuredProducts', index], 'product'))
  }

  file.logos.forEach((logo, index) => {
    known(logo.decorationPartner, partners, ['logos', index, 'decorationPartner'], 'decoration partner')
    if ('file' in logo.artwork) imageFile(logo.artwork.file, ['logos', index, 'artwork', 'file'])
    if (logo.artworkOnDark && 'file' in logo.artworkOnDark) imageFile(logo.artworkOnDark.file, ['logos', index, 'artworkOnDark', 'file'])
  })

  file.products.forEach((product, index) => {
    const at = ['products', index]
    if (product.brand !== undefined) known(product.brand, brands, [...at, 'brand'], 'brand')
    product.categories.forEach((slug, i) => known(slug, categories, [...at, 'categories', i], 'category'))
    product.colors.forEach((name, i) => known(name, colors, [...at, 'colors', i], 'colour'))
    product.sizes.forEach((name, i) => {
      if (!sizes.has(name)) report([...at, 'sizes', i], `unknown size "${name}": add it to website.sizeOrder${suggestion(name, sizes)}`)
    })
    product.logos.forEach((code, i) => known(code, logoCodes, [...at, 'logos', i], 'logo'))
    unique(product.colors, [...at, 'colors'], (name) => name, 'colour')
    unique(product.sizes, [...at, 'sizes'], (name) => name, 'size')
    unique(product.logos, [...at, 'logos'], (code) => code, 'logo')
    unique(product.categories, [...at, 'categories'], (slug) => slug, 'category')
    // Variant SKUs are built from the colour and size names (variantSku): they must stay distinct.
    const skuParts = new Map<string, string>()
    product.colors.forEach((name, i) => {
      const part = slugify(name).toUpperCase()
      const other = skuParts.get(part)
      if (other !== undefined && other !== name) report([...at, 'colors', i], `"${name}" and "${other}" would give the same variant SKU`)
      skuParts.set(part, name)
    })
    const productSizes = new Set(product.sizes)
    for (const size of Object.keys(product.sizeUpcharges)) {
      if (!productSizes.has(size)) report([...at, 'sizeUpcharges', size], `"${size}" is not one of this product's sizes`)
    }
    const productColors = new Set(product.colors)
    const productLogos = new Set(product.logos)
    product.images.forEach((image, i) => {
      const imageAt = [...at, 'images', i]
      if (image.color !== undefined && !productColors.has(image.color)) {
        report([...imageAt, 'color'], `"${image.color}" is not one of this product's colours`)
      }
      if ('file' in image) imageFile(image.file, [...imageAt, 'file'])
      if (!('mockup' in image) && image.logo !== undefined && !productLogos.has(image.logo)) {
        report([...imageAt, 'logo'], `"${image.logo}" is not one of this product's logos`)
      }
      if ('mockup' in image && image.mockup.logo !== undefined) {
        if (!productLogos.has(image.mockup.logo)) {
          report([...imageAt, 'mockup', 'logo'], `"${image.mockup.logo}" is not one of this product's logos`)
        } else {
          drawableLogo(image.mockup.logo, [...imageAt, 'mockup', 'logo'])
        }
      }
    })
  })

  file.promotions.forEach((promotion, index) => {
    promotion.products.forEach((slug, i) => known(slug, products, ['promotions', index, 'products', i], 'product'))
    if (promotion.rewardProduct) known(promotion.rewardProduct.slug, products, ['promotions', index, 'rewardProduct', 'slug'], 'product')
  })

  file.tax?.rates.forEach((rate, index) => {
    const states = statesByCountry.get(rate.country)
    if (!states) report(['tax', 'rates', index, 'country'], `"${rate.country}" is not in website.shippingCountries`)
    else if (!states.has(rate.state)) report(['tax', 'rates', index, 'state'], `"${rate.state}" is not a state of ${rate.country} in website.shippingCountries`)
  })

  issues.push(...checkDecorationReferences(file.decoration, file.products, file.logos))
  return issues
}

function formatIndex(at: (string | number)[], index: number): string {
  const list = at.filter((part) => typeof part === 'string').at(-1) ?? ''
  return `${list}[${index}]`
}

function suggestion(value: string, names: ReadonlySet<string>): string {
  const lower = value.toLowerCase()
  for (const name of names) if (name.toLowerCase() === lower) return ` (did you mean "${name}"?)`
  return ''
}
