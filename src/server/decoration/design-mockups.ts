import type { OverlayOptions } from 'sharp'
import type { Decoration, DecorationView, TextDecoration } from '@/isomorphic/decoration-types'
import { contentHash, readStoredImage, storeImage, storeUploadsFolder } from '../images/image-store'
import { MOCKUP_RENDERER_VERSION, MOCKUP_SIZE, mockupSvg, rasterizeArtwork, toneArtwork } from '../images/mockup-renderer'
import { boundedSharp, renderQueue } from '../images/render-queue'
import { strokeTextPath } from '../images/stroke-font'
import type { DecorationRules } from './decoration-rules'
import type { ArtworkFacts } from './design-validation'
import { DECORATION_VIEWS, VIEW_INCHES } from './garment-views'

// A saved design drawn as the shopper will get it: each decorated view of the garment in its
// colour, with every logo, uploaded artwork and line of text at its real position and size (the
// view's square stands for VIEW_INCHES of the garment). Text is set in the store's font through
// librsvg and the system's fonts; where no font can draw it, the built-in stroke font does.
// A design is drawn as one job of the render queue, with sharp's limits (images/render-queue.ts).

/** Bump when the drawing of designs changes, so mockups are drawn again. */
export const DESIGN_MOCKUP_VERSION = 1

type Box = { left: number; top: number; width: number; height: number }

async function imageFile(imagePath: string): Promise<Buffer> {
  const data = await readStoredImage(imagePath)
  if (!data) throw new Error(`image missing from the image store: ${imagePath}`)
  return data
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** One line of text in a font and colour, cropped to its ink; null when nothing was drawn. */
async function renderTextLine(text: string, cssFamily: string, color: string): Promise<Buffer | null> {
  const size = 160
  const width = Math.ceil(size * (0.8 * [...text].length + 2))
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${size * 2}">
<text x="${width / 2}" y="${size * 1.35}" text-anchor="middle" font-family="${escapeXml(cssFamily)}" font-size="${size}" fill="${color}">${escapeXml(text)}</text></svg>`
  return cropToInk(Buffer.from(svg))
}

/** The same line in the built-in stroke font (capitals, digits and a few marks). */
async function renderStrokeLine(text: string, color: string): Promise<Buffer | null> {
  const size = 100
  const d = strokeTextPath(text, { x: 40, y: 40, size })
  const width = Math.ceil(size * 1.1 * [...text].length + 80)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${size + 80}"><path d="${d}" fill="none" stroke="${color}" stroke-width="${size * 0.14}" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  return cropToInk(Buffer.from(svg))
}

async function cropToInk(svg: Buffer): Promise<Buffer | null> {
  const image = boundedSharp(svg).png()
  const { channels } = await image.clone().stats()
  if ((channels[3]?.max ?? 0) === 0) return null
  return image.trim({ threshold: 1 }).png().toBuffer()
}

async function textLayer(decoration: TextDecoration, rules: DecorationRules, box: Box): Promise<OverlayOptions | null> {
  const font = rules.settings.fonts.find((candidate) => candidate.id === decoration.fontId)
  const ink = (font ? await renderTextLine(decoration.text, font.cssFamily, decoration.color) : null) ?? (await renderStrokeLine(decoration.text, decoration.color))
  if (!ink) return null
  return centred(ink, box)
}

async function centred(png: Buffer, box: Box): Promise<OverlayOptions> {
  const fitted = await rasterizeArtwork(png, Math.max(1, box.width), Math.max(1, box.height))
  return { input: fitted.data, left: Math.round(box.left + (box.width - fitted.width) / 2), top: Math.round(box.top + (box.height - fitted.height) / 2) }
}

async function logoLayer(decoration: Decoration & { kind: 'logo' }, rules: DecorationRules, artworks: ReadonlyMap<string, ArtworkFacts>, box: Box, colorCss: string): Promise<OverlayOptions | null> {
  const imagePath = decoration.logoId !== null ? rules.logos.find((logo) => logo.id === decoration.logoId)?.image : decoration.artworkId ? artworks.get(decoration.artworkId)?.imagePath : undefined
  if (!imagePath) return null
  const fitted = await rasterizeArtwork(await imageFile(imagePath), Math.max(1, box.width), Math.max(1, box.height))
  // Engraving shows the artwork's shape in one tone of the product, as the catalog mockups do.
  const data = decoration.method === 'engraving' ? await toneArtwork(fitted.data, 'engraved', colorCss) : fitted.data
  return { input: data, left: Math.round(box.left + (box.width - fitted.width) / 2), top: Math.round(box.top + (box.height - fitted.height) / 2) }
}

/** PNGs of every view that carries a decoration, MOCKUP_SIZE pixels square. */
export async function renderDesignViews(rules: DecorationRules, decorations: readonly Decoration[], artworks: ReadonlyMap<string, ArtworkFacts>): Promise<Partial<Record<DecorationView, Buffer>>> {
  const kind = rules.product.garmentKind
  const pixelsPerInch = MOCKUP_SIZE / VIEW_INCHES[kind]
  const colorCss = rules.color?.css ?? '#f4f3ef'
  const result: Partial<Record<DecorationView, Buffer>> = {}
  for (const view of DECORATION_VIEWS) {
    const placed = decorations.flatMap((decoration) => {
      const area = rules.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
      return area && area.view === view ? [{ decoration, area }] : []
    })
    if (placed.length === 0) continue
    const { svg } = mockupSvg({ garment: kind, colorCss, heather: rules.color?.heather ?? false, side: view })
    const layers: OverlayOptions[] = []
    for (const { decoration, area } of placed) {
      const box: Box = {
        left: Math.round((area.x + decoration.x) * pixelsPerInch),
        top: Math.round((area.y + decoration.y) * pixelsPerInch),
        width: Math.round(decoration.width * pixelsPerInch),
        height: Math.round(decoration.height * pixelsPerInch),
      }
      const layer = decoration.kind === 'text' ? await textLayer(decoration, rules, box) : await logoLayer(decoration, rules, artworks, box, colorCss)
      if (layer) layers.push(layer)
    }
    result[view] = await boundedSharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 6 }).toBuffer()
  }
  return result
}

/**
 * Draws and stores the mockups of a design under its store's uploads (stores/{websiteId}/uploads/
 * designs/{id}/: they show the shopper's artwork); answers the image path per view.
 */
export async function storeDesignMockups(
  websiteId: number,
  designId: string,
  rules: DecorationRules,
  decorations: readonly Decoration[],
  artworks: ReadonlyMap<string, ArtworkFacts>,
): Promise<Partial<Record<DecorationView, string>>> {
  const rendered = await renderQueue().run(() => renderDesignViews(rules, decorations, artworks))
  const paths: Partial<Record<DecorationView, string>> = {}
  for (const [view, png] of Object.entries(rendered) as [DecorationView, Buffer][]) {
    const stored = await storeImage({
      folder: `${storeUploadsFolder(websiteId)}/designs/${designId}`,
      stem: view,
      key: contentHash('design', DESIGN_MOCKUP_VERSION, MOCKUP_RENDERER_VERSION, png),
      ext: 'png',
      produce: async () => png,
    })
    paths[view] = stored.imagePath
  }
  return paths
}
