import type { DecorationMethodCode, DecorationView, Inches } from '@/isomorphic/decoration-types'
import { GARMENT_KINDS, type GarmentKind } from '../images/garment-shapes'
import { contentHash, slugify, storeImage } from '../images/image-store'
import { MOCKUP_RENDERER_VERSION, MOCKUP_SIZE, renderMockup } from '../images/mockup-renderer'

// The garment drawings as the decoration editor sees them: each 1000 × 1000 drawing
// (src/server/images/garment-shapes.ts) stands for a square of real inches, so a print area or a
// decoration given in inches lands where it would on the garment. The default print areas below
// are what a garment kind offers when the store file does not say otherwise (docs/store-file.md).

export const DECORATION_VIEWS = ['front', 'back'] as const satisfies readonly DecorationView[]

/** The side of the square each drawing stands for, in inches (a size L shirt is about 20 in across the chest). */
export const VIEW_INCHES: Record<GarmentKind, Inches> = {
  tee: 44,
  longsleeve: 44,
  polo: 44,
  hoodie: 44,
  'zip-hoodie': 44,
  crewneck: 44,
  'quarter-zip': 44,
  jacket: 44,
  vest: 44,
  'work-shirt': 44,
  'safety-vest': 44,
  cap: 14,
  'trucker-cap': 14,
  beanie: 14,
  tote: 30,
  backpack: 24,
  duffel: 36,
  tumbler: 12,
  bottle: 14,
  notebook: 14,
}

export function isGarmentKind(value: string | null | undefined): value is GarmentKind {
  return typeof value === 'string' && (GARMENT_KINDS as readonly string[]).includes(value)
}

export type PrintAreaSpec = {
  code: string
  name: string
  view: DecorationView
  x: Inches
  y: Inches
  width: Inches
  height: Inches
  methods: DecorationMethodCode[]
}

const CHEST: DecorationMethodCode[] = ['embroidery', 'screen_print', 'dtg', 'heat_transfer']
const LARGE: DecorationMethodCode[] = ['screen_print', 'dtg', 'heat_transfer']
const SMALL: DecorationMethodCode[] = ['embroidery', 'screen_print', 'heat_transfer']
const HEADWEAR: DecorationMethodCode[] = ['embroidery', 'heat_transfer']
const BAGS: DecorationMethodCode[] = ['embroidery', 'screen_print', 'heat_transfer']
const HARD_GOODS: DecorationMethodCode[] = ['engraving', 'screen_print']

const area = (code: string, name: string, view: DecorationView, x: Inches, y: Inches, width: Inches, height: Inches, methods: DecorationMethodCode[]): PrintAreaSpec => ({
  code,
  name,
  view,
  x,
  y,
  width,
  height,
  methods,
})

const leftChest = (x: Inches, y: Inches, width = 4, height = 4) => area('left-chest', 'Left chest', 'front', x, y, width, height, CHEST)
const fullFront = (x: Inches, y: Inches, width = 12, height = 14) => area('full-front', 'Full front', 'front', x, y, width, height, LARGE)
const fullBack = (x: Inches, y: Inches, width = 12, height = 16) => area('full-back', 'Full back', 'back', x, y, width, height, LARGE)
const nape = (y: Inches) => area('back-neck', 'Back neck', 'back', 20.5, y, 3, 1.5, SMALL)
// The wearer's left sleeve is on the right of a front view.
const shortSleeve = area('left-sleeve', 'Left sleeve', 'front', 32.75, 13, 3, 3, SMALL)
const longSleeve = area('left-sleeve', 'Left sleeve', 'front', 32.5, 15.5, 3, 3, SMALL)

/** Where each garment kind may be decorated unless the store file says otherwise. */
export const DEFAULT_PRINT_AREAS: Record<GarmentKind, PrintAreaSpec[]> = {
  tee: [leftChest(25.5, 13), fullFront(16, 12), shortSleeve, fullBack(16, 10), nape(9.25)],
  longsleeve: [leftChest(25.5, 13), fullFront(16, 12), longSleeve, fullBack(16, 10), nape(9.25)],
  polo: [leftChest(25.25, 14.5), shortSleeve, fullBack(16, 10)],
  hoodie: [leftChest(25, 16), fullFront(16.5, 15.75, 11, 9), longSleeve, fullBack(16, 15.5, 12, 14)],
  'zip-hoodie': [leftChest(25, 16), longSleeve, fullBack(16, 15.5, 12, 14)],
  crewneck: [leftChest(25.5, 13.5), fullFront(16, 12.5), longSleeve, fullBack(16, 10), nape(9.25)],
  'quarter-zip': [leftChest(25.5, 14), longSleeve, fullBack(16, 11)],
  jacket: [leftChest(25.25, 13), longSleeve, fullBack(16, 14, 12, 14)],
  vest: [leftChest(25, 13.5), fullBack(16.5, 10.5, 11, 12)],
  'work-shirt': [leftChest(25.25, 13.75, 3.5, 3), longSleeve, fullBack(16, 14, 12, 14)],
  'safety-vest': [leftChest(27.25, 19.5, 3, 3), fullBack(16, 14, 12, 8)],
  cap: [area('front', 'Front', 'front', 5, 5, 4, 2.25, HEADWEAR), area('back', 'Back', 'back', 5.5, 4.75, 3, 1.25, HEADWEAR)],
  'trucker-cap': [area('front', 'Front', 'front', 5, 5, 4, 2.25, HEADWEAR), area('back', 'Back', 'back', 5.5, 4.75, 3, 1.25, HEADWEAR)],
  beanie: [area('cuff', 'Cuff', 'front', 5.75, 8.5, 2.5, 1.5, ['embroidery'])],
  tote: [area('front', 'Front', 'front', 10, 14, 10, 10, BAGS), area('back', 'Back', 'back', 10, 14, 10, 10, BAGS)],
  backpack: [area('front', 'Front', 'front', 9.5, 8, 5, 4, BAGS)],
  duffel: [area('front', 'Front', 'front', 14, 19, 8, 6, BAGS)],
  tumbler: [area('front', 'Front', 'front', 5, 5.5, 2, 2.5, HARD_GOODS)],
  bottle: [area('front', 'Front', 'front', 5.75, 7, 2.5, 3, HARD_GOODS)],
  notebook: [area('cover', 'Cover', 'front', 5.75, 6, 3, 3, HARD_GOODS)],
}

/** Bump when the view images change, so they are drawn again. */
const VIEW_IMAGE_VERSION = 1

/**
 * The undecorated view of a garment kind in a colour, stored once in the image store (named by a
 * hash of what it shows); returns its image path.
 */
export async function storeGarmentView(kind: GarmentKind, view: DecorationView, colorCss: string, heather: boolean): Promise<string> {
  const spec = { garment: kind, colorCss, heather, side: view }
  const stored = await storeImage({
    folder: `garments/${kind}`,
    stem: `${kind}-${view}-${slugify(colorCss)}${heather ? '-heather' : ''}`,
    key: contentHash('garment-view', VIEW_IMAGE_VERSION, MOCKUP_RENDERER_VERSION, MOCKUP_SIZE, JSON.stringify(spec)),
    ext: 'png',
    produce: () => renderMockup(spec),
  })
  return stored.imagePath
}
