import type { Decoration, DecorationOptions, DesignSummary, PlacementSummary, SavedDesign } from './decoration-types'

// What a cart line, an order and its PDF say about a design, built from the design and the
// product's decoration options (names of areas, logos and methods), so every place words it alike.

type Names = Pick<DecorationOptions, 'printAreas' | 'logos' | 'methods'>

export function designSummary(design: Pick<SavedDesign, 'id' | 'mockupUrls' | 'decorations'>, names: Names): DesignSummary {
  const placements = design.decorations.map(
    (decoration): PlacementSummary => ({
      kind: decoration.kind,
      label:
        decoration.kind === 'text'
          ? decoration.text
          : (names.logos.find((logo) => logo.id === decoration.logoId)?.name ?? (decoration.logoId === null ? 'Own artwork' : `Logo ${decoration.logoId}`)),
      area: names.printAreas.find((area) => area.id === decoration.printAreaId)?.name ?? `Area ${decoration.printAreaId}`,
      method: names.methods.find((method) => method.code === decoration.method)?.name ?? decoration.method,
      width: decoration.width,
      height: decoration.height,
    }),
  )
  return { id: design.id, mockupUrls: { ...design.mockupUrls }, placements }
}

/**
 * The texts of a design still reading the placeholder the editor puts in new text ("YOUR NAME"),
 * trimmed and in any case (issue 27): ordered unchanged, a shirt would say YOUR NAME. The editor
 * asks once before adding such a design to the cart.
 */
export function placeholderTexts(decorations: readonly Decoration[], placeholder: string): string[] {
  const wanted = placeholder.trim().toLocaleLowerCase()
  return decorations.flatMap((decoration) => (decoration.kind === 'text' && decoration.text.trim().toLocaleLowerCase() === wanted ? [decoration.text] : []))
}
