import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { getDb } from '@/server/db/client'
import { decorationMethods, decorationSettings, printAreas, products } from '@/server/db/schema'
import { DEFAULT_PRINT_AREAS } from '@/server/decoration/garment-views'
import { imagesRoot } from '@/server/images/image-store'
import { createLogo, createProduct } from './catalog'
import { type CheckoutStore, createCheckoutStore } from './orders'
import { nextSequence } from './sequence'

// A checkout store (tests/factories/orders.ts) that decorates in the editor (issue 7): a navy hoodie
// drawn as a hoodie with the built-in hoodie print areas, an approved logo with artwork in the image
// store and one that is not linked to the hoodie, embroidery and screen print, two fonts, three
// colours, and uploads allowed up to 200 kB. Point IMAGES_DIR at a scratch folder first.

export const RIGHTS_STATEMENT = 'I own this artwork or may use it.'

/** A logo whose artwork (the demo's peak mark on a 4:3 transparent PNG) is in the image store. */
export async function createLogoWithArtwork(name: string, options: { colorCount?: number } = {}) {
  const n = nextSequence()
  const image = `logos/test-${n}.png`
  const png = await sharp(await readFile(path.resolve('data/logos/granite-ridge-mark.svg')), { density: 150 }).resize(400, 300, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer()
  await mkdir(path.join(imagesRoot(), 'logos'), { recursive: true })
  await writeFile(path.join(imagesRoot(), image), png)
  return createLogo({ name, image, decorationMethod: 'embroidery', colorCount: options.colorCount ?? 2 })
}

export type DecorationStore = CheckoutStore & Awaited<ReturnType<typeof addDecoration>>

export async function createDecorationStore(): Promise<DecorationStore> {
  const store = await createCheckoutStore()
  return { ...store, ...(await addDecoration(store)) }
}

async function addDecoration(store: CheckoutStore) {
  const db = await getDb()
  const { websiteId } = store
  const peak = await createLogoWithArtwork('Peak Mark')
  const stranger = await createLogoWithArtwork('Another Store Crest')
  const hoodie = await createProduct({
    websiteId,
    name: 'Midweight Hoodie',
    colors: [{ name: 'Hoodie Navy', htmlColor: '#1f2a44' }],
    sizes: ['S', 'M', 'L'],
    priceAmount: 4200,
    logos: [peak],
    categories: ['Hoodies'],
  })
  await db.update(products).set({ garmentKind: 'hoodie' }).where(eq(products.id, hoodie.id))
  // A product the other logo decorates, so it exists in the store but is not approved for the hoodie.
  await createProduct({ websiteId, name: 'Other Tee', colors: ['White'], sizes: ['M'], priceAmount: 1500, logos: [stranger] })
  const navyHoodieId = hoodie.variants[0]!.colorValueId!

  await db.insert(decorationMethods).values([
    { websiteId, code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 0.5, maxColors: 12, setupFeeAmount: 2500, pricePerLocationAmount: 450, sequence: 1 },
    { websiteId, code: 'screen_print', name: 'Screen print', minWidth: 1, minHeight: 1, maxColors: 6, setupFeeAmount: 2000, pricePerLocationAmount: 250, sequence: 2 },
  ])
  const areas = await db
    .insert(printAreas)
    .values(DEFAULT_PRINT_AREAS.hoodie.map((area, sequence) => ({ websiteId, garmentKind: 'hoodie', ...area, sequence })))
    .returning()
  const area = (code: string) => areas.find((row) => row.code === code)!
  await db.insert(decorationSettings).values({
    websiteId,
    fonts: [
      { id: 'block-sans', name: 'Block Sans', cssFamily: "'Liberation Sans', Arial, sans-serif" },
      { id: 'classic-serif', name: 'Classic Serif', cssFamily: "'Liberation Serif', serif" },
    ],
    palette: [
      { name: 'White', hex: '#ffffff' },
      { name: 'Amber Gold', hex: '#e0a526' },
      { name: 'Safety Red', hex: '#c8102e' },
    ],
    uploadsAllowed: true,
    uploadMaxBytes: 200_000,
    rightsStatement: RIGHTS_STATEMENT,
  })
  return { peak, stranger, hoodie, navyHoodieId, leftChest: area('left-chest'), fullBack: area('full-back'), fullFront: area('full-front') }
}

/** A hoodie design: the peak mark embroidered on the left chest and a name screen printed across the back. */
export function chestAndBackDesign(store: DecorationStore, name = 'ALEX 23') {
  return {
    productId: store.hoodie.id,
    colorValueId: store.navyHoodieId,
    decorations: [
      { kind: 'logo' as const, printAreaId: store.leftChest.id, method: 'embroidery' as const, x: 0.5, y: 0.5, width: 3, height: 2.25, logoId: store.peak.id, artworkId: null },
      { kind: 'text' as const, printAreaId: store.fullBack.id, method: 'screen_print' as const, x: 1, y: 1, width: 10, height: 2.5, text: name, fontId: 'block-sans', color: '#e0a526' },
    ],
  }
}
