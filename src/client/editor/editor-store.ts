import { createStore } from 'zustand/vanilla'
import type { Decoration, DecorationView } from '@/isomorphic/decoration-types'

// The decoration editor's working state (issue 7): the design's decorations with an undo/redo
// history, the selected decoration and the view on screen. One store per open editor (the page
// creates it), so two editors never share a history; nothing is persisted.

/** Steps kept for undo; older ones are forgotten. */
export const HISTORY_LIMIT = 50

export type EditorData = {
  decorations: Decoration[]
  /** Index into decorations, or null. */
  selected: number | null
  view: DecorationView
  past: Decoration[][]
  future: Decoration[][]
  /**
   * The gesture the last change belonged to (one drag, one typing run); further changes of the
   * same gesture replace that step instead of adding one, so one drag is one undo.
   */
  gesture: string | null
}

export type EditorActions = {
  add: (decoration: Decoration, view?: DecorationView) => void
  /** Replaces decoration `index`; `gesture` groups consecutive changes into one undo step. */
  change: (index: number, decoration: Decoration, gesture?: string) => void
  remove: (index: number) => void
  select: (index: number | null) => void
  setView: (view: DecorationView) => void
  /** Ends the current gesture: the next change starts a new undo step even with the same name. */
  settle: () => void
  undo: () => void
  redo: () => void
  /** Starts from a saved design: its decorations, with a fresh history. */
  load: (decorations: Decoration[]) => void
}

export type EditorState = EditorData & EditorActions

function remember(past: Decoration[][], decorations: Decoration[]): Decoration[][] {
  const next = [...past, decorations]
  return next.length > HISTORY_LIMIT ? next.slice(next.length - HISTORY_LIMIT) : next
}

function keepSelection(selected: number | null, decorations: Decoration[]): number | null {
  if (selected === null || decorations.length === 0) return null
  return Math.min(selected, decorations.length - 1)
}

export function createEditorStore(initial: Partial<Pick<EditorData, 'decorations' | 'view'>> = {}) {
  return createStore<EditorState>()((set) => {
    /** A new step of history: the current decorations go to `past` unless the same gesture continues. */
    const commit = (state: EditorState, decorations: Decoration[], gesture: string | null, extra: Partial<EditorData> = {}) => {
      const continues = gesture !== null && gesture === state.gesture
      return {
        decorations,
        past: continues ? state.past : remember(state.past, state.decorations),
        future: [],
        gesture,
        ...extra,
      }
    }

    return {
      decorations: initial.decorations ?? [],
      selected: null,
      view: initial.view ?? 'front',
      past: [],
      future: [],
      gesture: null,

      add: (decoration, view) =>
        set((state) => {
          const decorations = [...state.decorations, decoration]
          return commit(state, decorations, null, { selected: decorations.length - 1, ...(view ? { view } : {}) })
        }),

      change: (index, decoration, gesture) =>
        set((state) => {
          if (!state.decorations[index]) return state
          const decorations = state.decorations.map((current, at) => (at === index ? decoration : current))
          return commit(state, decorations, gesture ?? null, { selected: index })
        }),

      remove: (index) =>
        set((state) => {
          if (!state.decorations[index]) return state
          const decorations = state.decorations.filter((_, at) => at !== index)
          const selected = state.selected === null || state.selected < index ? state.selected : state.selected === index ? null : state.selected - 1
          return commit(state, decorations, null, { selected })
        }),

      select: (index) => set((state) => ({ selected: index !== null && state.decorations[index] ? index : null, gesture: null })),

      setView: (view) => set({ view, gesture: null }),

      settle: () => set({ gesture: null }),

      load: (decorations) => set({ decorations, selected: null, past: [], future: [], gesture: null }),

      undo: () =>
        set((state) => {
          const previous = state.past.at(-1)
          if (!previous) return state
          return {
            decorations: previous,
            past: state.past.slice(0, -1),
            future: [state.decorations, ...state.future],
            gesture: null,
            selected: keepSelection(state.selected, previous),
          }
        }),

      redo: () =>
        set((state) => {
          const next = state.future[0]
          if (!next) return state
          return {
            decorations: next,
            past: remember(state.past, state.decorations),
            future: state.future.slice(1),
            gesture: null,
            selected: keepSelection(state.selected, next),
          }
        }),
    }
  })
}

export type EditorStore = ReturnType<typeof createEditorStore>
