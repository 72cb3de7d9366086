import { allowedMethods, fitIntoArea, initialBox, textAspectRatio } from '@/isomorphic/decoration-placement'
import type {
  ApprovedLogo,
  Decoration,
  DecorationOptions,
  DecorationView,
  LogoDecoration,
  PrintArea,
  TextDecoration,
  UploadedArtwork,
} from '@/isomorphic/decoration-types'

// What the editor's controls do to a design, as pure functions of the product's decoration options:
// where a new logo or line of text lands, moving a decoration to another area, retyping a text.

type Options = Pick<DecorationOptions, 'printAreas' | 'logos' | 'methods'>

const surface = (area: PrintArea) => area.width * area.height

function minimumOf(options: Options, method: string) {
  return options.methods.find((candidate) => candidate.code === method)
}

/** The areas a logo (or, with null, text) can go to: those with a method both allow. */
export function areasFor(options: Options, logo: ApprovedLogo | null): PrintArea[] {
  return options.printAreas.filter((area) => allowedMethods(area, logo).some((code) => options.methods.some((method) => method.code === code)))
}

function firstMethod(options: Options, area: PrintArea, logo: ApprovedLogo | null) {
  return allowedMethods(area, logo).find((code) => options.methods.some((method) => method.code === code)) ?? null
}

function placeImage(
  options: Options,
  logo: ApprovedLogo | null,
  aspectRatio: number,
  source: Pick<LogoDecoration, 'logoId' | 'artworkId'>,
  view: DecorationView,
): { decoration: LogoDecoration; view: DecorationView } | null {
  const candidates = areasFor(options, logo)
  const area = candidates.find((candidate) => candidate.view === view) ?? candidates[0]
  if (!area) return null
  const method = firstMethod(options, area, logo)!
  const box = initialBox(area, aspectRatio, minimumOf(options, method))
  return { decoration: { kind: 'logo', ...source, printAreaId: area.id, method, ...box }, view: area.view }
}

/** A logo placed centred near the top of the first area of `view` that takes it (else of any view), or null when none does. */
export function placeLogo(options: Options, logo: ApprovedLogo, view: DecorationView) {
  return placeImage(options, logo, logo.aspectRatio, { logoId: logo.id, artworkId: null }, view)
}

/** The shopper's uploaded artwork, placed like a logo in any area that has a method. */
export function placeArtwork(options: Options, artwork: Pick<UploadedArtwork, 'id' | 'aspectRatio'>, view: DecorationView) {
  return placeImage(options, null, artwork.aspectRatio > 0 ? artwork.aspectRatio : 1, { logoId: null, artworkId: artwork.id }, view)
}

/** A line of text placed on the largest area of `view` (a name across the back), or null when no area takes text. */
export function placeText(
  options: Options,
  fields: Pick<TextDecoration, 'text' | 'fontId' | 'color'>,
  view: DecorationView,
): { decoration: TextDecoration; view: DecorationView } | null {
  const candidates = areasFor(options, null)
  const onView = candidates.filter((candidate) => candidate.view === view)
  const area = (onView.length > 0 ? onView : candidates).reduce<PrintArea | null>(
    (largest, candidate) => (largest === null || surface(candidate) > surface(largest) ? candidate : largest),
    null,
  )
  if (!area) return null
  const method = firstMethod(options, area, null)!
  const box = initialBox(area, textAspectRatio(fields.text), minimumOf(options, method))
  return { decoration: { kind: 'text', ...fields, printAreaId: area.id, method, ...box }, view: area.view }
}

/** The decoration in another area: fitted inside it in its proportions, its method kept when the area allows it. */
export function moveToArea<D extends Decoration>(decoration: D, area: PrintArea, options: Options): D {
  const logo = decoration.kind === 'logo' ? (options.logos.find((candidate) => candidate.id === decoration.logoId) ?? null) : null
  const allowed = allowedMethods(area, logo)
  const method = allowed.includes(decoration.method) ? decoration.method : (firstMethod(options, area, logo) ?? decoration.method)
  const ratio = logo?.aspectRatio ?? decoration.width / decoration.height
  return { ...decoration, ...fitIntoArea(decoration, area, ratio), printAreaId: area.id, method }
}

/** Retyped text keeps its height and takes the width the new text needs, within its area. */
export function withText(decoration: TextDecoration, text: string, area: PrintArea | undefined): TextDecoration {
  const ratio = textAspectRatio(text)
  const resized = { ...decoration, text, width: decoration.height * ratio }
  return area ? { ...resized, ...fitIntoArea(resized, area, ratio) } : resized
}
