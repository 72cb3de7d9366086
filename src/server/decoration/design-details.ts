import type { Decoration, DecorationDetail, DecorationView, OrderLineDesign, PlacementSummary, SavedDesign } from '@/isomorphic/decoration-types'
import { imageUrl } from '@/isomorphic/image-address'
import type { designs, OrderLineDesignSnapshot } from '../db/schema'
import type { DecorationRules } from './decoration-rules'
import type { ArtworkFacts } from './design-validation'

// A design worded for people and the decoration partner (areas, methods, logos, fonts and colours
// by name), and a saved design as the API answers it.

/** The size mockups are shown at (the image route scales the stored master). */
export const MOCKUP_URL_SIZE = 800

export function mockupUrls(paths: Partial<Record<DecorationView, string>>): Partial<Record<DecorationView, string>> {
  const urls: Partial<Record<DecorationView, string>> = {}
  for (const [view, path] of Object.entries(paths) as [DecorationView, string][]) urls[view] = imageUrl(path, MOCKUP_URL_SIZE, MOCKUP_URL_SIZE)
  return urls
}

export function decorationDetails(decorations: readonly Decoration[], rules: DecorationRules, artworks: ReadonlyMap<string, ArtworkFacts>): DecorationDetail[] {
  return decorations.map((decoration) => {
    const area = rules.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
    const method = rules.methods.find((candidate) => candidate.code === decoration.method)
    const base = {
      kind: decoration.kind,
      view: area?.view ?? 'front',
      printArea: { code: area?.code ?? String(decoration.printAreaId), name: area?.name ?? `Area ${decoration.printAreaId}` },
      method: { code: decoration.method, name: method?.name ?? decoration.method },
      x: decoration.x,
      y: decoration.y,
      width: decoration.width,
      height: decoration.height,
    }
    if (decoration.kind === 'text') {
      const font = rules.settings.fonts.find((candidate) => candidate.id === decoration.fontId)
      const color = rules.settings.palette.find((candidate) => candidate.hex.toLowerCase() === decoration.color.toLowerCase())
      return {
        ...base,
        logo: null,
        artworkId: null,
        text: decoration.text,
        font: { id: decoration.fontId, name: font?.name ?? decoration.fontId },
        color: { name: color?.name ?? decoration.color, hex: decoration.color.toLowerCase() },
      }
    }
    const logo = decoration.logoId === null ? null : rules.logos.find((candidate) => candidate.id === decoration.logoId)
    const artwork = decoration.artworkId ? artworks.get(decoration.artworkId) : undefined
    return {
      ...base,
      logo: decoration.logoId !== null ? { id: decoration.logoId, name: logo?.name ?? `Logo ${decoration.logoId}` } : { id: null, name: artwork ? `Own artwork (${artwork.fileType.toUpperCase()})` : 'Own artwork' },
      artworkId: decoration.artworkId,
      text: null,
      font: null,
      color: null,
    }
  })
}

export type DesignRow = typeof designs.$inferSelect

export function toSavedDesign(row: DesignRow): SavedDesign {
  return {
    id: row.id,
    productId: row.productId,
    colorValueId: row.colorValueId,
    decorations: row.decorations,
    mockupUrls: mockupUrls(row.mockups),
    unitPrice: row.unitPriceAmount,
    createdAt: row.createdAt.toISOString(),
  }
}

/** One decoration in a line: "Peak Mark · Left chest · Embroidery · 3 × 3 in". */
export function placementOf(detail: DecorationDetail): PlacementSummary {
  return {
    kind: detail.kind,
    label: detail.kind === 'text' ? (detail.text ?? '') : (detail.logo?.name ?? 'Logo'),
    area: detail.printArea.name,
    method: detail.method.name,
    width: detail.width,
    height: detail.height,
  }
}

/** An order line's design as the API answers it, from the line's snapshot. */
export function orderLineDesign(designId: string | null, snapshot: OrderLineDesignSnapshot): OrderLineDesign {
  return { id: designId, mockupUrls: mockupUrls(snapshot.mockups), placements: snapshot.decorations.map(placementOf), decorations: snapshot.decorations }
}
