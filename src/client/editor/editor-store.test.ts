import { describe, expect, test } from 'vitest'
import type { LogoDecoration, TextDecoration } from '@/isomorphic/decoration-types'
import { createEditorStore, HISTORY_LIMIT } from './editor-store'

const crest: LogoDecoration = { kind: 'logo', logoId: 10, artworkId: null, printAreaId: 1, method: 'embroidery', x: 0.5, y: 0.5, width: 3, height: 1.5 }
const name: TextDecoration = {
  kind: 'text',
  text: 'SMITH',
  fontId: 'block',
  color: '#ffffff',
  printAreaId: 2,
  method: 'screen_print',
  x: 2,
  y: 1,
  width: 8,
  height: 2,
}

describe('editor store', () => {
  test('adding selects the new decoration and can switch to its view', () => {
    const store = createEditorStore()
    store.getState().add(crest)
    store.getState().add(name, 'back')
    expect(store.getState()).toMatchObject({ decorations: [crest, name], selected: 1, view: 'back' })
  })

  test('a saved design loads as the starting point: its decorations, nothing selected, nothing to undo', () => {
    const store = createEditorStore()
    store.getState().add(name)
    store.getState().load([crest, name])
    expect(store.getState()).toMatchObject({ decorations: [crest, name], selected: null, past: [], future: [] })
    store.getState().undo()
    expect(store.getState().decorations).toEqual([crest, name])
  })

  test('undo and redo walk the history both ways; a new change drops the redo steps', () => {
    const store = createEditorStore()
    const { add, change, undo, redo } = store.getState()
    add(crest)
    change(0, { ...crest, x: 0.6 })
    change(0, { ...crest, x: 0.7 })

    undo()
    expect(store.getState().decorations).toEqual([{ ...crest, x: 0.6 }])
    undo()
    undo()
    expect(store.getState().decorations).toEqual([])
    expect(store.getState().selected).toBeNull()
    undo()
    expect(store.getState().decorations).toEqual([])

    redo()
    redo()
    expect(store.getState().decorations).toEqual([{ ...crest, x: 0.6 }])
    change(0, { ...crest, y: 2 })
    expect(store.getState().future).toEqual([])
    redo()
    expect(store.getState().decorations).toEqual([{ ...crest, y: 2 }])
  })

  test('the changes of one drag are one undo step; a settled gesture starts a new one', () => {
    const store = createEditorStore({ decorations: [crest] })
    const { change, settle, undo } = store.getState()
    change(0, { ...crest, x: 0.6 }, 'drag-1')
    change(0, { ...crest, x: 0.8 }, 'drag-1')
    change(0, { ...crest, x: 1 }, 'drag-1')
    settle()
    change(0, { ...crest, x: 1.2 }, 'drag-1')

    undo()
    expect(store.getState().decorations[0]?.x).toBe(1)
    undo()
    expect(store.getState().decorations[0]?.x).toBe(0.5)
    expect(store.getState().past).toEqual([])
  })

  test(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    const store = createEditorStore({ decorations: [crest] })
    for (let step = 1; step <= HISTORY_LIMIT + 10; step += 1) store.getState().change(0, { ...crest, y: step / 10 })
    expect(store.getState().past).toHaveLength(HISTORY_LIMIT)

    // Steps 1…60 were made: undoing as far as possible reaches step 10, the oldest state kept.
    for (let step = 0; step < HISTORY_LIMIT + 10; step += 1) store.getState().undo()
    expect(store.getState().decorations[0]?.y).toBe(1)
    expect(store.getState().future).toHaveLength(HISTORY_LIMIT)
  })

  test('removing keeps the selection on the same decoration, and undo brings the removed one back', () => {
    const store = createEditorStore({ decorations: [crest, name, { ...crest, printAreaId: 3 }] })
    store.getState().select(2)
    store.getState().remove(0)
    expect(store.getState().selected).toBe(1)
    expect(store.getState().decorations[1]?.printAreaId).toBe(3)
    store.getState().remove(1)
    expect(store.getState().selected).toBeNull()

    store.getState().undo()
    store.getState().undo()
    expect(store.getState().decorations).toEqual([crest, name, { ...crest, printAreaId: 3 }])
  })

  test('changing or removing a decoration that is not there does nothing', () => {
    const store = createEditorStore({ decorations: [crest] })
    store.getState().change(4, name)
    store.getState().remove(4)
    store.getState().select(4)
    expect(store.getState()).toMatchObject({ decorations: [crest], past: [], selected: null })
  })
})
