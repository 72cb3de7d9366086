import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

// Store files for tests: a small valid store (two products, one logo drawn from a local SVG) that a
// test changes to taste, written to a temporary folder with its artwork beside it.

export type StoreFileObject = Record<string, unknown> & {
  website: Record<string, unknown>
  products: Record<string, unknown>[]
  [key: string]: unknown
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120"><path d="M10 110 L70 20 L100 60 L130 30 L190 110 Z" fill="#1f4d3a"/></svg>`

export function buildStoreFile(overrides: Partial<StoreFileObject> = {}): StoreFileObject {
  return {
    format: 'webstore-store/1',
    website: {
      code: 'test-store',
      name: 'Test Company Store',
      description: 'A store for tests.',
      favicon: { generate: 'favicon', logo: 'TEST-MARK' },
      lockBrowsing: 'Disable',
      contact: { email: 'store@example.com' },
      shippingCountries: [{ code: 'US', name: 'United States', states: [{ code: 'CO', name: 'Colorado' }, { code: 'UT', name: 'Utah' }] }],
      sizeOrder: ['S', 'M', 'L', 'XL', '2XL', 'OSFA'],
    },
    homePage: { hero: { title: 'Welcome' }, featuredProducts: ['field-tee'] },
    contentPages: [{ slug: 'about-us', title: 'About us', body: '# About\n\nWe make things.' }],
    brands: [{ name: 'Test Brand' }],
    categories: [
      { slug: 'tees', name: 'T-Shirts' },
      { slug: 'headwear', name: 'Headwear' },
    ],
    colors: [
      { name: 'Navy', css: '#1f2a44' },
      { name: 'White', css: '#ffffff' },
    ],
    decorationPartners: [
      { code: 'PRINTER', name: 'Test Printer', address: { street: '1 Main St', city: 'Denver', state: 'CO', zip: '80202' } },
    ],
    logos: [{ code: 'TEST-MARK', name: 'Test Mark', decorationPartner: 'PRINTER', decorationMethod: 'screen print', artwork: { file: 'logo.svg' } }],
    products: [
      {
        slug: 'field-tee',
        name: 'Field Tee',
        templateSkuCode: 'FT100',
        brand: 'Test Brand',
        categories: ['tees'],
        weight: 0.4,
        colors: ['Navy', 'White'],
        sizes: ['S', 'M', 'L', 'XL', '2XL'],
        logos: ['TEST-MARK'],
        price: 12.5,
        sizeUpcharges: { '2XL': 2 },
        images: [{ mockup: { garment: 'tee', logo: 'TEST-MARK' } }],
      },
      {
        slug: 'field-cap',
        name: 'Field Cap',
        templateSkuCode: 'FC200',
        categories: ['headwear'],
        weight: 0.2,
        colors: ['Navy'],
        sizes: ['OSFA'],
        logos: ['TEST-MARK'],
        price: 18,
        images: [{ url: 'https://cdn.example.com/caps/field-cap.jpg', alt: 'Field Cap' }],
      },
    ],
    deliveryMethods: [{ name: 'Ground', deliveryType: 'fixed', price: 9.95, freeOverAmount: 150 }],
    paymentMethods: [{ name: 'Purchase order', provider: 'purchase_order' }],
    tax: { taxname: 'builtin', rates: [{ country: 'US', state: 'CO', ratePercent: 2.9 }] },
    promotions: [{ name: 'Ten off', rewardType: 'discount', promoCode: 'TEN', discount: { type: 'percentage', percentage: 10 } }],
    orderExtraFields: [{ name: 'cost_center', label: 'Cost center', type: 'text', required: true }],
    orderOptions: [{ name: 'rush', label: 'Rush', price: 25 }],
    ...overrides,
  }
}

/**
 * Writes the store (pretty JSON, so lines are predictable) and its logo into a new temporary folder.
 * `withFolders` links folders of artwork in beside it (e.g. the demo store's data/logos).
 */
export async function writeStoreFile(
  store: unknown,
  options: { dir?: string; name?: string; withFolders?: Record<string, string> } = {},
): Promise<{ filePath: string; text: string; dir: string }> {
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'store-file-')))
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'logo.svg'), LOGO_SVG)
  for (const [name, target] of Object.entries(options.withFolders ?? {})) await symlink(path.resolve(target), path.join(dir, name))
  const text = typeof store === 'string' ? store : `${JSON.stringify(store, null, 2)}\n`
  const filePath = path.join(dir, options.name ?? 'store.json')
  await writeFile(filePath, text)
  return { filePath, text, dir }
}

/** The 1-based line of the first line of `text` that contains `fragment`. */
export function lineContaining(text: string, fragment: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(fragment))
  if (index === -1) throw new Error(`"${fragment}" is not in the text`)
  return index + 1
}
