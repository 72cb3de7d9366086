import { measureStrokeText, strokeTextPath } from '@/server/images/stroke-font'
import { PRODUCTS } from './demo-catalog'
import { type GeneratedFile, storeFileText } from './demo-store-file'
import { UNITED_STATES } from './regions'

// The demo's second store (issue 25): Riverside FC's team store, on the same install at
// team.localhost, so a newcomer opens two stores at once. A club, not a company: a handful of the
// demo's garments (the same pictures are drawn, with the club's crest), its own name, crest and
// accent colour, guests who pay by card or bank transfer, and the same decoration partners.

export const CLUB = { navy: '#14213d', red: '#c8102e', white: '#ffffff', sky: '#8ecae6' } as const

const TEAM_PRODUCTS = ['essential-crew-tee', 'performance-tech-tee', 'midweight-pullover-hoodie', 'quarter-zip-pullover', 'structured-twill-cap', 'cuffed-knit-beanie']

function stroke(value: string, x: number, y: number, size: number, color: string, tracking = 0.08): string {
  const d = strokeTextPath(value, { x, y, size, tracking, align: 'middle' })
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${(size * 0.15).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`
}

/** The club's crest: a shield with a wave and the club's initials, in two colours. */
function crest(colors: { shield: string; rim: string; text: string; wave: string }): string {
  const width = Math.ceil(Math.max(220, measureStrokeText('RIVERSIDE', 22, 0.12) + 40))
  const cx = width / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="260" viewBox="0 0 ${width} 260">
<path d="M${cx} 8 L${cx + 94} 40 L${cx + 94} 128 C${cx + 94} 190 ${cx + 44} 230 ${cx} 250 C${cx - 44} 230 ${cx - 94} 190 ${cx - 94} 128 L${cx - 94} 40 Z" fill="${colors.shield}" stroke="${colors.rim}" stroke-width="8"/>
${stroke('RFC', cx, 70, 46, colors.text, 0.12)}
<path d="M${cx - 70} 156 C${cx - 40} 136 ${cx - 20} 176 ${cx} 156 C${cx + 20} 136 ${cx + 40} 176 ${cx + 70} 156" fill="none" stroke="${colors.wave}" stroke-width="9" stroke-linecap="round"/>
${stroke('RIVERSIDE', cx, 190, 16, colors.text, 0.12)}
</svg>
`
}

export function teamLogos(): { file: string; svg: string; fileOnDark: string; svgOnDark: string }[] {
  return [
    {
      file: 'logos/riverside-fc-crest.svg',
      svg: crest({ shield: CLUB.navy, rim: CLUB.red, text: CLUB.white, wave: CLUB.sky }),
      fileOnDark: 'logos/riverside-fc-crest-reverse.svg',
      svgOnDark: crest({ shield: CLUB.white, rim: CLUB.red, text: CLUB.navy, wave: CLUB.red }),
    },
  ]
}

/** What the team store takes from the demo's store file as it is (data/demo-store.json). */
export type DemoStoreFile = {
  website: { sizeOrder: string[] }
  colors: { name: string }[]
  brands: { name: string }[]
  decorationPartners: { code: string; name: string }[]
  decoration: unknown
}

/**
 * The team store's file. The records every store of the install shares — the size list, colours,
 * brands, the decoration partner — are the demo's exactly, so importing the second store changes
 * none of them (such a change is an owner's to make).
 */
export function teamStoreFile(format: string, demo: DemoStoreFile) {
  const products = TEAM_PRODUCTS.map((slug) => PRODUCTS.find((product) => product.slug === slug)!)
  const partner = demo.decorationPartners.find((candidate) => candidate.code === 'BLUE-HERON')!
  const brands = new Set(products.map((product) => product.brand))
  const categories = [
    { slug: 'training', name: 'Training' },
    { slug: 'supporters', name: 'Supporters' },
  ]
  return {
    format,
    website: {
      code: 'riverside-fc',
      name: 'Riverside FC Team Store',
      description: 'Training kit and supporters’ gear for Riverside FC players, families and fans, embroidered with the club crest.',
      hosts: ['team.localhost'],
      favicon: { generate: 'favicon', logo: 'RFC-CREST', background: CLUB.navy, accent: CLUB.red },
      socialImage: { generate: 'social', logo: 'RFC-CREST', background: CLUB.navy, accent: CLUB.red },
      logo: { file: 'logos/riverside-fc-crest.svg', alt: 'Riverside FC' },
      accentColor: CLUB.red,
      currency: 'USD',
      contact: { email: 'kit@riversidefc.example', phone: '(720) 555-0199' },
      guestCheckout: true,
      shippingCountries: [UNITED_STATES],
      sizeOrder: demo.website.sizeOrder,
    },
    homePage: {
      hero: {
        title: 'Kit for the new season',
        subtitle: 'Training tees, hoodies and caps with the Riverside FC crest, embroidered to order and ready for the first whistle.',
        image: { generate: 'hero', logo: 'RFC-CREST', background: CLUB.navy, accent: CLUB.red, alt: 'Riverside FC hoodie, tee and cap' },
        ctaLabel: 'Shop the kit',
        ctaHref: '/shop',
      },
      sections: [],
      featuredProducts: TEAM_PRODUCTS.slice(0, 4),
    },
    contentPages: [],
    brands: demo.brands.filter((brand) => brands.has(brand.name)),
    categories,
    // Every colour, in the demo's order: a colour's place in the list is shared by every store.
    colors: demo.colors,
    decorationPartners: [partner],
    logos: [{ code: 'RFC-CREST', name: 'Riverside FC Crest', decorationPartner: partner.code, decorationMethod: 'embroidery', artwork: { file: 'logos/riverside-fc-crest.svg' }, artworkOnDark: { file: 'logos/riverside-fc-crest-reverse.svg' }, methods: ['embroidery', 'heat_transfer'] }],
    products: products.map((product, index) => ({
      slug: product.slug,
      name: `Riverside ${product.name}`,
      templateSkuCode: `RFC-${product.sku}`,
      description: `${product.blurb}\n\n**Decoration:** the Riverside FC crest, embroidered to order by ${partner.name}.`,
      brand: product.brand,
      categories: [index < 4 ? 'training' : 'supporters'],
      weight: product.weight,
      taxCode: 'PC040100',
      websiteSequence: (index + 1) * 10,
      published: true,
      colors: product.colors,
      sizes: product.sizes,
      logos: ['RFC-CREST'],
      price: product.price + 4,
      sizeUpcharges: product.upcharges ?? {},
      images: [{ mockup: { garment: product.garment, ...(product.placement ? { placement: product.placement } : {}) } }],
    })),
    deliveryMethods: [
      { name: 'Pick up at the clubhouse', description: 'Collect your kit at Riverside Park clubhouse on training nights.', deliveryType: 'fixed', price: 0, pickupAddress: { street: '200 Riverside Dr', city: 'Denver', state: 'CO', zip: '80211', country: 'US' }, sequence: 10 },
      { name: 'Standard shipping', description: '5–7 business days after decoration.', deliveryType: 'fixed', price: 7.95, margin: 0, sequence: 20 },
    ],
    paymentMethods: [
      { name: 'Credit or debit card', provider: 'stripe', instructions: 'You pay on Stripe’s secure page; the card never reaches this store.', guests: true, sequence: 10 },
      {
        name: 'Bank transfer',
        provider: 'wire_transfer',
        instructions: 'Pay before we decorate: your order goes into production when the money arrives.',
        // Fake details (the routing number fails the ABA check digit, so it is no real bank's).
        bankDetails: { accountHolder: 'Riverside Football Club', bankName: 'Riverside Savings Bank', accountNumber: '7730046621', routingCode: '101000968' },
        guests: true,
        sequence: 20,
      },
    ],
    tax: { taxname: 'builtin', documentrecording: false, companycode: 'DEFAULT', rates: [{ country: 'US', state: 'CO', zipPrefix: '', ratePercent: 2.9, shippingTaxable: false }] },
    decoration: demo.decoration,
  }
}

/** Everything generate-team-store.ts writes: the club's crest and data/team-store.json. */
export function teamStoreFiles(format: string, demo: DemoStoreFile): GeneratedFile[] {
  const crests = teamLogos().flatMap((logo) => [
    { file: logo.file, text: logo.svg },
    { file: logo.fileOnDark, text: logo.svgOnDark },
  ])
  return [...crests, { file: 'team-store.json', text: storeFileText(teamStoreFile(format, demo)) }]
}
