import { describe, expect, test } from 'vitest'
import type { DecorationMethod, LogoDecoration, UploadedArtwork } from '@/isomorphic/decoration-types'
import { editorBlocker, editorEstimate, editorPageReducer, initialEditorPage } from './editor-page'

const embroidery: DecorationMethod = { code: 'embroidery', name: 'Embroidery', minWidth: 1, minHeight: 0.5, maxColors: null, fileTypes: ['png'], setupFee: 2000, pricePerLocation: 500 }

const logo = (method: LogoDecoration['method']): LogoDecoration => ({ kind: 'logo', logoId: 10, artworkId: null, printAreaId: 1, method, x: 0, y: 0, width: 2, height: 1 })

describe('the editor page around the design', () => {
  test('typing a quantity keeps it for its size and clears the message', () => {
    const state = editorPageReducer({ ...initialEditorPage, message: 'Choose a quantity.' }, { type: 'typed', size: 'M', text: '3' })
    expect(state).toMatchObject({ typed: { M: '3' }, message: null })
    expect(editorPageReducer(state, { type: 'typed', size: 'L', text: '2' }).typed).toEqual({ M: '3', L: '2' })
  })

  test('saving clears the message, and a failed save says why and lets the shopper try again', () => {
    const saving = editorPageReducer({ ...initialEditorPage, message: 'old' }, { type: 'saving' })
    expect(saving).toMatchObject({ saving: true, message: null })
    expect(editorPageReducer(saving, { type: 'save-failed', message: 'The design could not be saved.' })).toMatchObject({ saving: false, message: 'The design could not be saved.' })
  })

  test('uploaded artworks are kept in the order they came', () => {
    const artwork = (id: string) => ({ id }) as UploadedArtwork
    const state = [artwork('a'), artwork('b')].reduce((current, next) => editorPageReducer(current, { type: 'uploaded', artwork: next }), initialEditorPage)
    expect(state.artworks.map((entry) => entry.id)).toEqual(['a', 'b'])
  })
})

describe('whether the design can go to the cart', () => {
  test('not while nothing is on it', () => {
    expect(editorBlocker(0, 0)).toEqual({ key: 'addSomething' })
  })

  test('not while a placement needs fixing, saying how many', () => {
    expect(editorBlocker(2, 1)).toEqual({ key: 'fixProblems', count: 1 })
  })

  test('yes when something is on it and every placement is fine', () => {
    expect(editorBlocker(1, 0)).toBeNull()
  })
})

describe('the estimate beside the size grid', () => {
  test('adds the pieces and the garments per size, in cents', () => {
    const estimate = editorEstimate(
      [
        { price: 12.5, quantity: 2 },
        { price: 14, quantity: 1 },
      ],
      [],
      [embroidery],
    )
    expect(estimate).toMatchObject({ totalQuantity: 3, garmentCents: 3900 })
    expect(estimate.quote.total).toBe(0)
  })

  test('prices the decorations of a method the store offers, for the pieces ordered', () => {
    const estimate = editorEstimate([{ price: 10, quantity: 4 }], [logo('embroidery'), logo('dtg')], [embroidery])
    expect(estimate.quote).toMatchObject({ perUnit: 500, setup: 2000 })
  })
})
