// The JSON shapes of the spec's query API (section 3 and 7), shared by the server that produces
// them and the browser that reads them. Amounts are decimals in dollars.

export type AttributeName = 'Color' | 'Size' | 'Logo'

export type ProductAttributeValue = {
  id: number
  name: string
  attribute: { name: AttributeName }
  /** CSS colour of a Color value, for swatches. */
  htmlColor?: string | null
}

export type DecoratorPartnerAddress = {
  id: number
  name: string
  zip: string
  street: string
  city: string
  state: string
  country: string
}

export type ProductLogo = {
  id: number
  name: string
  /** The logo artwork's image path (logoInitialPro). */
  logoInitialPro: string | null
  decorationMethod: string
}

export type ProductImage = {
  /** Folder under the image store, or a full https:// address used as is. */
  path: string
  name: string
  alt: string
  colorValueId: number | null
  /** The logo the picture shows; null: none in particular. */
  logoId: number | null
}

/** A list item's variant: just enough for the Logo filter (the product page has full logos). */
export type ProductVariantSummary = {
  id: number
  logoIds: Pick<ProductLogo, 'id' | 'name'>[]
}

/** One product in products.products of getProductList / getFeaturedProducts. */
export type ProductListItem = {
  id: number
  name: string
  slug: string
  templateSkuCode: string
  price: number
  maxPrice: number
  attributeValues: ProductAttributeValue[]
  categories: { id: number; name: string }[]
  drBrandId: { id: number; name: string } | null
  /** Variants collapsed to their distinct logo sets: enough for the Logo filter. */
  productVariants: ProductVariantSummary[]
  image: ProductImage | null
  /** Each colour's first picture, for a card shown in the colour the shopper filtered by. */
  colorImages: ColorImage[]
  websiteSequence: number
}

/**
 * What a product card shows: its name, SKU, price, picture and colours. The shop's first screen
 * sends only this (its cards' sizes, logos, categories and brand come with the whole catalog,
 * fetched at the shopper's first action), so the page carries less to parse as it loads (P5).
 */
export type ProductCardData = Pick<ProductListItem, 'id' | 'name' | 'slug' | 'templateSkuCode' | 'price' | 'maxPrice' | 'attributeValues' | 'image'> &
  Partial<Pick<ProductListItem, 'colorImages'>>

/** A product's card: its colours only among its attribute values. */
export function productCardOf(product: ProductListItem): ProductCardData {
  const { id, name, slug, templateSkuCode, price, maxPrice, image } = product
  return { id, name, slug, templateSkuCode, price, maxPrice, image, attributeValues: product.attributeValues.filter((value) => value.attribute.name === 'Color') }
}

export type ColorImage = { colorValueId: number; path: string; name: string }

export type ProductVariant = {
  id: number
  sku: string
  colorValueId: number | null
  sizeValueId: number | null
  price: number
  logoIds: (ProductLogo & { decoratorPartnerId: DecoratorPartnerAddress })[]
}

/** The product page's product. */
export type ProductDetails = Omit<ProductListItem, 'productVariants' | 'image' | 'colorImages'> & {
  description: string
  weight: number
  taxCode: string
  images: ProductImage[]
  productVariants: ProductVariant[]
  /** The product's base price (before a size's upcharge): what the quantity breaks replace. */
  basePrice: number
  /** Quantity price breaks, lowest first: from `minQuantity` pieces the base price is `price` (src/isomorphic/price-breaks.ts). */
  priceBreaks: { minQuantity: number; price: number }[]
  /** Production time in business days (the product's, else the store's); null: not stated. */
  leadTime: { minDays: number; maxDays: number } | null
  /** Measurements per size (issue 17); null: none. */
  sizeChart: { unit: 'in' | 'cm'; measurements: string[]; rows: { size: string; values: number[] }[] } | null
}

export type WebsiteState = { id: number; code: string; name: string }
export type WebsiteCountry = { id: number; code: string; name: string; states: WebsiteState[] }

export type Website = {
  id: number
  name: string
  description: string
  /** The store's public host name (store.example.com): the base of absolute links in page metadata. */
  domain: string | null
  faviconImage: string | null
  socialImage: string | null
  logoImage: string | null
  /** The reCAPTCHA v3 site key the sign-in, sign-up and reset forms use: the store's own, else the install's; null: reCAPTCHA is off. */
  recaptchaSiteKey: string | null
  lockBrowsing: string
  ssologin: string | null
  currency: string
  contactEmail: string | null
  contactPhone: string | null
  /** False: only signed-in customers may place orders (the checkout asks guests to sign in). */
  guestCheckout: boolean
  /** The store's accent colour (its storefront's buttons and links); null: the theme's. */
  accentColor: string | null
  /** The store's Google Analytics 4 measurement id; null: the install's (NEXT_PUBLIC_GA_ID) or none. */
  analyticsId: string | null
  shippingCountry: WebsiteCountry[]
  contentPages: { slug: string; title: string }[]
}

export type HomeSection = { title: string; body: string; href?: string; image?: string }

export type HomeContent = {
  heroTitle: string
  heroSubtitle: string
  heroImage: string | null
  heroCtaLabel: string
  heroCtaHref: string
  sections: HomeSection[]
}

export type HomePageData = { home: HomeContent | null; featuredProducts: ProductListItem[] }

export type ContentPage = { slug: string; title: string; body: string; metaDescription: string }
