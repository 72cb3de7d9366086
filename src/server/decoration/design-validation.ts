import { and, eq, inArray } from 'drizzle-orm'
import { placementProblems } from '@/isomorphic/decoration-placement'
import type { Decoration, DesignInput, PlacementProblem } from '@/isomorphic/decoration-types'
import type { Executor } from '../db/client'
import { uploadedArtworks } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { type DecorationRules, loadDecorationRules } from './decoration-rules'

// The server's check of a design (issue 7): the editor's own placement rules
// (src/isomorphic/decoration-placement.ts: inside the area, above the method's minimum, a method the
// area and the logo allow, colours, text), then what only the server knows — the logo is approved
// for this product in this colour, the font and colour are the store's, the uploaded artwork exists,
// belongs to the caller and suits the method. Every refusal is a 400 naming the decoration and rule.

export type ArtworkFacts = typeof uploadedArtworks.$inferSelect

/** A problem the placement rules cannot see; same shape, so the editor shows them alike. */
export type DesignProblem = { index: number; code: PlacementProblem['code'] | 'unknown_font' | 'unknown_color' | 'unknown_artwork' | 'file_type_not_allowed' | 'uploads_disabled'; message: string }

export type CheckedDesign = { rules: DecorationRules; artworks: Map<string, ArtworkFacts> }

export const DESIGN_REFUSED = 'This design cannot be made as it is.'

/** Problems of a design against rules already loaded; empty when it can be made. */
export function designProblems(decorations: readonly Decoration[], rules: DecorationRules, artworks: ReadonlyMap<string, ArtworkFacts>, caller: { partnerId: number | null }): DesignProblem[] {
  const problems: DesignProblem[] = [...placementProblems(decorations, rules)]
  const report = (index: number, code: DesignProblem['code'], message: string) => problems.push({ index, code, message })
  decorations.forEach((decoration, index) => {
    if (decoration.kind === 'text') {
      if (!rules.settings.fonts.some((font) => font.id === decoration.fontId)) report(index, 'unknown_font', 'Choose one of the store’s fonts for the text.')
      if (!rules.settings.palette.some((color) => color.hex.toLowerCase() === decoration.color.toLowerCase())) {
        report(index, 'unknown_color', 'Choose one of the store’s colours for the text.')
      }
      return
    }
    if (decoration.artworkId === null) return
    const artwork = artworks.get(decoration.artworkId)
    // Someone else's artwork answers exactly as missing artwork does.
    if (!artwork || (artwork.partnerId !== null && artwork.partnerId !== caller.partnerId)) {
      report(index, 'unknown_artwork', 'The uploaded artwork was not found. Upload it again.')
      return
    }
    if (!rules.settings.uploads.allowed) report(index, 'uploads_disabled', 'This store no longer accepts uploaded artwork. Choose one of its logos.')
    const method = rules.methods.find((candidate) => candidate.code === decoration.method)
    if (!method) return
    if (!method.fileTypes.includes(artwork.fileType)) {
      report(index, 'file_type_not_allowed', `${method.name} does not take ${artwork.fileType.toUpperCase()} artwork; upload ${method.fileTypes.map((type) => type.toUpperCase()).join(' or ')} or choose another method.`)
    }
    if (method.maxColors !== null && artwork.colorCount > method.maxColors) {
      report(index, 'too_many_colors', `${method.name} prints at most ${method.maxColors} colors; this artwork has about ${artwork.colorCount}.`)
    }
  })
  return problems.sort((a, b) => a.index - b.index)
}

export async function loadArtworks(db: Executor, websiteId: number, decorations: readonly Decoration[]): Promise<Map<string, ArtworkFacts>> {
  const ids = [...new Set(decorations.flatMap((decoration) => (decoration.kind === 'logo' && decoration.artworkId ? [decoration.artworkId] : [])))]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select()
    .from(uploadedArtworks)
    .where(and(eq(uploadedArtworks.websiteId, websiteId), inArray(uploadedArtworks.id, ids)))
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Loads the rules for the design's product and colour and checks it. Throws DomainError invalid
 * (400) with the first problem's message, prefixed by the decoration it concerns, and every
 * problem in `data.problems`.
 */
export async function checkDesign(db: Executor, websiteId: number, design: DesignInput, caller: { partnerId: number | null }): Promise<CheckedDesign> {
  const rules = await loadDecorationRules(db, websiteId, design.productId, design.colorValueId)
  if (rules.methods.length === 0) throw new DomainError('invalid', `website ${websiteId} has no decoration methods`, 'This store does not offer decoration in the editor.')
  const artworks = await loadArtworks(db, websiteId, design.decorations)
  const problems = designProblems(design.decorations, rules, artworks, caller)
  if (problems.length > 0) {
    const first = problems[0]!
    const what = design.decorations.length > 1 ? `Decoration ${first.index + 1}: ` : ''
    throw new DomainError('invalid', `design refused: ${problems.map((problem) => `${problem.index}:${problem.code}`).join(', ')}`, `${what}${first.message}`, { problems })
  }
  return { rules, artworks }
}
