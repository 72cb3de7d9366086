// The demo store's file (data/demo-store.json) and its logo artwork (data/logos/), built from the
// sources beside this file. scripts/generate-demo-store.ts writes them; a unit test
// (tests/scripts/generated-demo-stores.test.ts) checks that the committed files are exactly these.
import { STORE_FILE_FORMAT } from '@/server/store-import/store-file-schema'
import { BRANDS, CATEGORIES, COLORS, DECORATION_PARTNERS, LOGOS, PRODUCTS, type DaySpan, type DemoProduct } from './demo-catalog'
import { CONTENT_PAGES } from './demo-content'
import { DECORATION, LOGO_METHODS } from './demo-decoration'
import { BRAND, demoLogos } from './demo-logos'
import { CANADA, UNITED_STATES } from './regions'

/** Spec section 9, with 2XLT to 7XLT written out. */
const SIZE_ORDER = [
  'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', '4XL', '5XL', '6XL', 'OSFA', 'OFSC', 'LGT', 'XLT',
  '2XLT', '3XLT', '4XLT', '5XLT', '6XLT', '7XLT', '2X', '3X', '4X', 'XXXL', 'S/M', 'L/XL', 'OSFM', 'Quantity',
]

const FEATURED = [
  'classic-pique-polo',
  'soft-shell-jacket',
  'midweight-pullover-hoodie',
  'structured-twill-cap',
  'insulated-tumbler-20oz',
  'class-2-safety-vest',
]

const METHOD_WORDS: Record<string, string> = {
  embroidery: 'embroidered',
  'screen print': 'screen printed',
  'laser engraving': 'laser engraved',
  debossed: 'debossed',
}

const days = (minDays: number, maxDays: number): DaySpan => ({ minDays, maxDays })

/** The product's size chart: its fit's measurements, a row for each of its sizes. */
function sizeChart(product: DemoProduct) {
  const fit = product.sizeChart!
  const rows = product.sizes.map((size) => {
    const values = fit.inches[size]
    if (!values) throw new Error(`${product.slug}: its fit (sizeChart) has no measurements for size ${size}`)
    return { size, values }
  })
  return { unit: 'in', measurements: fit.measurements, rows }
}

function description(product: DemoProduct): string {
  const logos = product.logos.map((code) => LOGOS.find((logo) => logo.code === code)!)
  const partners = [...new Set(logos.map((logo) => logo.partner))].map((code) => DECORATION_PARTNERS.find((partner) => partner.code === code)!)
  const choices = logos.map((logo) => `${logo.name} (${METHOD_WORDS[logo.method]})`).join(' or ')
  const by = partners.map((partner) => `${partner.name}, ${partner.address.city}, ${partner.address.state}`).join(' and ')
  return [
    product.blurb,
    product.features.map((feature) => `- ${feature}`).join('\n'),
    `**Decoration:** choose the ${choices}. Decorated to order by ${by}.`,
  ].join('\n\n')
}

/** The demo store's file (data/demo-store.json), as an object. */
export function demoStoreFile() {
  return {
    format: STORE_FILE_FORMAT,
    website: {
      code: 'granite-ridge',
      name: 'Granite Ridge Company Store',
      // The demo answers on these; the team store (generate-team-store.ts) on team.localhost.
      hosts: ['localhost', '127.0.0.1'],
      description: 'Official apparel and gear for Granite Ridge Engineering employees and field crews, decorated with our marks and charged to your cost center.',
      domain: 'store.graniteridge.example',
      favicon: { generate: 'favicon', logo: 'GR-MARK', background: BRAND.forest, accent: BRAND.amber },
      socialImage: { generate: 'social', logo: 'GR-MARK', background: BRAND.forest, accent: BRAND.amber },
      logo: { file: 'logos/granite-ridge-primary.svg', alt: 'Granite Ridge Engineering' },
      lockBrowsing: 'Disable',
      ssologin: null,
      currency: 'USD',
      contact: { email: 'store@graniteridge.example', phone: '(303) 555-0142' },
      // Guests may order, but only with the methods open to them (paymentMethods[].guests).
      guestCheckout: true,
      shippingCountries: [UNITED_STATES, CANADA],
      sizeOrder: SIZE_ORDER,
      // Production time unless a product says otherwise (demo-catalog.ts: jackets and engraved goods).
      leadTime: { minDays: 7, maxDays: 10 },
    },
    homePage: {
      hero: {
        title: 'Gear up for the field and the office',
        subtitle: 'Company apparel and gear for the Granite Ridge team, decorated with our marks by trusted partners and charged straight to your cost center.',
        image: { generate: 'hero', logo: 'GR-MARK', background: BRAND.forest, accent: BRAND.amber, alt: 'Granite Ridge hoodie, tee and cap' },
        ctaLabel: 'Shop the store',
        ctaHref: '/shop',
      },
      sections: [
        {
          title: 'Decorated to order',
          body: 'Every item is embroidered, printed or engraved for you by one of our three decoration partners, so the logo is always right and always ours.',
          href: '/about-us',
        },
        {
          title: 'Safety first on every site',
          body: 'ANSI Class 2 and Class 3 hi-vis vests, jackets and tees with the Field Crew badge, in safety yellow and safety orange.',
          href: '/shop',
        },
        {
          title: 'Outfitting a whole crew?',
          body: 'Order a full size run in one line, add rush decoration at checkout, or ask us about project and event orders.',
          href: '/contact',
        },
      ],
      featuredProducts: FEATURED,
    },
    contentPages: CONTENT_PAGES.map((page) => ({ ...page, showInFooter: true })),
    brands: BRANDS.map((name) => ({ name })),
    categories: CATEGORIES.map((category, index) => ({ ...category, sequence: (index + 1) * 10 })),
    colors: COLORS,
    decorationPartners: DECORATION_PARTNERS,
    logos: LOGOS.map((logo) => ({
      code: logo.code,
      name: logo.name,
      decorationPartner: logo.partner,
      decorationMethod: logo.method,
      artwork: { file: `logos/${logo.art}.svg` },
      ...(logo.method === 'laser engraving' || logo.method === 'debossed' ? {} : { artworkOnDark: { file: `logos/${logo.art}-reverse.svg` } }),
      methods: LOGO_METHODS[logo.code],
    })),
    products: PRODUCTS.map((product, index) => ({
      slug: product.slug,
      name: product.name,
      templateSkuCode: product.sku,
      description: description(product),
      brand: product.brand,
      categories: product.categories,
      weight: product.weight,
      taxCode: 'PC040100',
      websiteSequence: (index + 1) * 10,
      published: product.published ?? true,
      colors: product.colors,
      sizes: product.sizes,
      logos: product.logos,
      price: product.price,
      sizeUpcharges: product.upcharges ?? {},
      ...(product.priceBreaks ? { priceBreaks: product.priceBreaks } : {}),
      images: [{ mockup: { garment: product.garment, ...(product.placement ? { placement: product.placement } : {}) } }],
      ...(product.sizeChart ? { sizeChart: sizeChart(product) } : {}),
      ...(product.leadTime ? { leadTime: product.leadTime } : {}),
    })),
    deliveryMethods: [
      {
        name: 'Standard Ground',
        description: 'Free on orders of $150 or more.',
        deliveryType: 'fixed',
        price: 9.95,
        margin: 0,
        freeOverAmount: 150,
        transitDays: days(3, 5),
        sequence: 10,
      },
      {
        // Named for shoppers, not for how it is priced (docs/store-file.md, transitDays).
        name: 'Economy Ground',
        description: 'Priced by the weight of your order; the better value for large crew orders.',
        deliveryType: 'base_on_rule',
        margin: 0,
        priceRules: [
          { variable: 'weight', operator: '<=', maxValue: 2, listBasePrice: 7.5, listPrice: 0, variableFactor: 'weight' },
          { variable: 'weight', operator: '<=', maxValue: 5, listBasePrice: 11, listPrice: 0, variableFactor: 'weight' },
          { variable: 'weight', operator: '<=', maxValue: 10, listBasePrice: 16, listPrice: 0, variableFactor: 'weight' },
          { variable: 'weight', operator: '<=', maxValue: 25, listBasePrice: 24, listPrice: 0, variableFactor: 'weight' },
          { variable: 'weight', operator: '>', maxValue: 25, listBasePrice: 12, listPrice: 0.85, variableFactor: 'weight' },
        ],
        transitDays: days(4, 7),
        sequence: 20,
      },
      {
        name: 'Two-Day Express',
        description: 'For when the site visit is next week.',
        deliveryType: 'fixed',
        price: 24.95,
        margin: 0,
        transitDays: days(2, 2),
        sequence: 30,
      },
      {
        name: 'Pick up at the Denver office',
        description: '1600 Wynkoop St, Suite 400, Denver, CO. We email you when your order is at the front desk.',
        deliveryType: 'fixed',
        price: 0,
        // Taxed where the order is handed over, whatever address the shopper typed.
        pickupAddress: { street: '1600 Wynkoop St', street2: 'Suite 400', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
        transitDays: days(1, 2),
        sequence: 40,
      },
    ],
    paymentMethods: [
      {
        name: 'Purchase order',
        provider: 'purchase_order',
        instructions: 'Enter your department’s purchase order number. Finance matches it to the invoice.',
        // Billing the company is for signed-in employees, under their budget and approvals.
        guests: false,
        sequence: 10,
      },
      {
        name: 'Pay on invoice',
        provider: 'invoice',
        instructions: 'Your cost center is invoiced net 30 when the order ships.',
        guests: false,
        sequence: 20,
      },
      {
        // Offered only where Stripe keys are configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).
        name: 'Credit or debit card',
        provider: 'stripe',
        instructions: 'You pay on Stripe’s secure page; the card never reaches this store.',
        guests: true,
        sequence: 30,
      },
      {
        // Guests (family, contractors) pay up front; nothing is billed to the company.
        name: 'Bank transfer',
        provider: 'wire_transfer',
        instructions:
          'Pay before we decorate: our bank details and the reference to quote appear as soon as you place the order, and come in your confirmation email and the order PDF. Your order goes into production when the money arrives.',
        // Fake details (the routing number fails the ABA check digit, so it is no real bank's).
        bankDetails: { accountHolder: 'Granite Ridge Engineering, Inc.', bankName: 'Front Range Community Bank, Denver CO', accountNumber: '4402118799', routingCode: '107005048' },
        guests: true,
        sequence: 40,
      },
    ],
    tax: {
      taxname: 'builtin',
      documentrecording: false,
      companycode: 'DEFAULT',
      rates: [
        { country: 'US', state: 'CO', zipPrefix: '', ratePercent: 2.9, shippingTaxable: false },
        { country: 'US', state: 'CO', zipPrefix: '802', ratePercent: 8.81, shippingTaxable: false },
        { country: 'US', state: 'UT', zipPrefix: '', ratePercent: 6.1, shippingTaxable: true },
        { country: 'US', state: 'SC', zipPrefix: '', ratePercent: 6, shippingTaxable: false },
        { country: 'US', state: 'TX', zipPrefix: '', ratePercent: 6.25, shippingTaxable: true },
        { country: 'US', state: 'CA', zipPrefix: '', ratePercent: 7.25, shippingTaxable: false },
        { country: 'US', state: 'WA', zipPrefix: '', ratePercent: 6.5, shippingTaxable: true },
        { country: 'US', state: 'NY', zipPrefix: '', ratePercent: 4, shippingTaxable: true },
        { country: 'US', state: 'AZ', zipPrefix: '', ratePercent: 5.6, shippingTaxable: false },
      ],
    },
    promotions: [
      {
        name: 'Free pocket notebooks with orders of $75 or more',
        rewardType: 'product',
        promoApplicability: 'on_current_order',
        minimumAmount: 75,
        rewardProduct: { slug: 'pocket-notebook-3-pack', quantity: 1 },
      },
      {
        name: 'Welcome: 10% off your first order',
        rewardType: 'discount',
        promoApplicability: 'on_current_order',
        promoCode: 'WELCOME10',
        maximumUses: 500,
        firstOrderOnly: true,
        discount: { type: 'percentage', percentage: 10, applyOn: 'on_order' },
      },
      {
        name: 'Free shipping on crew orders of $300 or more',
        rewardType: 'free_shipping',
        promoApplicability: 'on_current_order',
        minimumAmount: 300,
      },
    ],
    // Cost center and department are asked of signed-in employees only: a guest bills no cost center.
    orderExtraFields: [
      { name: 'cost_center', label: 'Cost center', type: 'text', required: true, placeholder: 'e.g. 4100-220', sequence: 10, askedOf: 'customers' },
      {
        name: 'department',
        label: 'Department',
        type: 'select',
        required: true,
        options: ['Engineering', 'Field Services', 'Geotechnical Lab', 'Survey', 'Operations', 'Safety', 'Finance & Administration', 'Business Development'],
        sequence: 20,
        askedOf: 'customers',
      },
      { name: 'in_hands_date', label: 'In-hands date', type: 'date', required: false, sequence: 30 },
    ],
    orderOptions: [
      { name: 'rush_decoration', label: 'Rush decoration (5 business days)', price: 35, sequence: 10 },
      { name: 'bag_and_label', label: 'Bag and label each item with the wearer’s name', price: 15, sequence: 20 },
    ],
    // Employees' groups, each with a yearly clothing allowance (a field crew's unspent $50 carries over).
    customerGroups: [
      { code: 'field-crew', name: 'Field crews' },
      { code: 'office', name: 'Office staff' },
    ],
    allowancePrograms: [
      { group: 'field-crew', amount: 150, period: 'year', startsOn: '2026-01-01', prorate: false, rollover: 'capped', rolloverCap: 50 },
      { group: 'office', amount: 100, period: 'year', startsOn: '2026-01-01', prorate: false, rollover: 'none' },
    ],
    // A demo employee account so the store can be tried signed in without reading mail (README), a
    // manager who approves orders beyond an employee's budget and holds a resale certificate, and a
    // field-crew member who spends the crew's allowance.
    accounts: [
      { email: 'alex.morgan@graniteridge.example', name: 'Alex Morgan', password: 'granite-ridge-demo', budget: 250 },
      {
        email: 'jamie.reyes@graniteridge.example',
        name: 'Jamie Reyes',
        password: 'granite-ridge-approver',
        canApproveOrders: true,
        resaleCertificate: { number: 'SC-RESALE-20417', expiresAt: '2030-12-31' },
      },
      { email: 'sam.lee@graniteridge.example', name: 'Sam Lee', password: 'granite-ridge-crew', group: 'field-crew' },
    ],
    // Two demo gift cards to redeem under me/gift-cards and spend at checkout (docs/store-file.md). Real cards
    // are issued with unguessable numbers; these are public on purpose.
    giftCards: [
      { code: 'GRANITE-GIFT-0050', amount: 50 },
      { code: 'GRANITE-GIFT-0200', amount: 200 },
    ],
    // The decoration editor (/editor): methods, fonts, colours and uploads; built-in print areas.
    decoration: DECORATION,
  }
}

/** A file the generators write under data/: its path there and its exact text. */
export type GeneratedFile = { file: string; text: string }

/** How a generator writes a store file: two-space JSON and a final newline. */
export const storeFileText = (file: unknown): string => `${JSON.stringify(file, null, 2)}\n`

/** Everything generate-demo-store.ts writes: the logo artwork and data/demo-store.json. */
export function demoStoreFiles(): GeneratedFile[] {
  const logos = demoLogos().flatMap((logo) => [
    { file: logo.file, text: logo.svg },
    ...(logo.fileOnDark && logo.svgOnDark ? [{ file: logo.fileOnDark, text: logo.svgOnDark }] : []),
  ])
  return [...logos, { file: 'demo-store.json', text: storeFileText(demoStoreFile()) }]
}
