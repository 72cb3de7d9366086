import type { DecorationOptions, GarmentView } from '@/isomorphic/decoration-types'
import { imageUrl } from '@/isomorphic/image-address'
import { namedCache } from '../cache/named-cache'
import { getDb } from '../db/client'
import { loadDecorationRules } from './decoration-rules'
import { DECORATION_VIEWS, storeGarmentView, VIEW_INCHES } from './garment-views'

// getDecorationOptions (issue 7): everything the editor needs for one published product in one
// colour — the garment's views drawn in that colour, its print areas, the approved logos (those
// linked to the product's variants) with the methods each allows, the methods with their rules and
// prices, and the store's fonts, palette and upload settings. Kept in the Products cache, which
// every store import that changes the catalog or the decoration data invalidates.

/** The size the editor shows a view at (the image route scales the stored master). */
const VIEW_IMAGE_SIZE = 1024
const LOGO_IMAGE_SIZE = 512

export async function getDecorationOptions({ websiteId, productId, colorValueId }: { websiteId: number; productId: number; colorValueId: number | null }): Promise<DecorationOptions> {
  const rules = await loadDecorationRules(await getDb(), websiteId, productId, colorValueId)
  const kind = rules.product.garmentKind
  const css = rules.color?.css ?? '#f4f3ef'
  const heather = rules.color?.heather ?? false
  const shownViews = DECORATION_VIEWS.filter((view) => view === 'front' || rules.printAreas.some((area) => area.view === view))
  const views: GarmentView[] = await Promise.all(
    shownViews.map(async (view) => ({
      view,
      width: VIEW_INCHES[kind],
      height: VIEW_INCHES[kind],
      imageUrl: imageUrl(await storeGarmentView(kind, view, css, heather), VIEW_IMAGE_SIZE, VIEW_IMAGE_SIZE),
    })),
  )
  return {
    productId: rules.product.id,
    colorValueId: rules.color?.id ?? null,
    views,
    printAreas: rules.printAreas,
    logos: rules.logos.map(({ image, ...logo }) => ({ ...logo, imageUrl: imageUrl(image, LOGO_IMAGE_SIZE, LOGO_IMAGE_SIZE, 'png') })),
    methods: rules.methods,
    fonts: rules.settings.fonts,
    palette: rules.settings.palette,
    uploads: rules.settings.uploads,
  }
}

/** The same, from the Products cache (for pages; the query API caches its own answers). */
export function getDecorationOptionsCached(input: { websiteId: number; productId: number; colorValueId: number | null }): Promise<DecorationOptions> {
  return namedCache().getOrLoad('Products', `${input.websiteId}:decoration:${input.productId}:${input.colorValueId ?? 0}`, () => getDecorationOptions(input))
}
