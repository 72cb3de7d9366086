import { quoteDecorations } from '@/isomorphic/decoration-quote'
import type { Decoration, DecorationOptions, UploadedArtwork } from '@/isomorphic/decoration-types'
import { sumCents, toCents } from '@/isomorphic/money'

// The decoration editor's page around the design (issue 7), as pure transitions: the quantities
// typed per size, the message under the button, saving the design to the cart, and the artworks
// uploaded this visit. The design itself (decorations, selection, undo) is the editor store's.

export type EditorPageState = {
  /** What the shopper typed per size. */
  typed: Record<string, string>
  message: string | null
  saving: boolean
  artworks: UploadedArtwork[]
}

export type EditorPageEvent =
  | { type: 'typed'; size: string; text: string }
  | { type: 'message'; message: string }
  | { type: 'saving' }
  | { type: 'save-failed'; message: string }
  | { type: 'uploaded'; artwork: UploadedArtwork }

export const initialEditorPage: EditorPageState = { typed: {}, message: null, saving: false, artworks: [] }

export function editorPageReducer(state: EditorPageState, event: EditorPageEvent): EditorPageState {
  switch (event.type) {
    case 'typed':
      return { ...state, typed: { ...state.typed, [event.size]: event.text }, message: null }
    case 'message':
      return { ...state, message: event.message }
    case 'saving':
      return { ...state, saving: true, message: null }
    case 'save-failed':
      return { ...state, saving: false, message: event.message }
    case 'uploaded':
      return { ...state, artworks: [...state.artworks, event.artwork] }
  }
}

/** Why the design cannot go to the cart yet: nothing on it, or placements to fix; null when it can. */
export function editorBlocker(decorations: number, problems: number): { key: 'addSomething' } | { key: 'fixProblems'; count: number } | null {
  if (decorations === 0) return { key: 'addSomething' }
  return problems > 0 ? { key: 'fixProblems', count: problems } : null
}

export type SizeQuantity = { price: number; quantity: number }

/** The estimate beside the size grid: pieces, garments (cents) and the decoration's price for those pieces. */
export function editorEstimate(quantities: readonly SizeQuantity[], decorations: readonly Decoration[], methods: DecorationOptions['methods']) {
  const totalQuantity = quantities.reduce((sum, size) => sum + size.quantity, 0)
  const garmentCents = sumCents(quantities.map((size) => size.quantity * toCents(size.price)))
  // Only decorations of a method the store offers are priced.
  const priced = decorations.filter((decoration) => methods.some((method) => method.code === decoration.method))
  return { totalQuantity, garmentCents, quote: quoteDecorations(priced, methods, totalQuantity) }
}
