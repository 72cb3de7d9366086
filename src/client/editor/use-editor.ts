'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useMemo, useReducer, useState } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '@/client/api-client'
import { notify } from '@/client/notify'
import { type NewCartLine, useCartStore } from '@/client/stores/cart-store'
import { useRouter } from '@/i18n/navigation'
import { formatInches, isOnCenterLine, placementProblems } from '@/isomorphic/decoration-placement'
import { quoteDecorations } from '@/isomorphic/decoration-quote'
import type { Decoration, DecorationOptions, DecorationView, UploadedArtwork } from '@/isomorphic/decoration-types'
import { designSummary } from '@/isomorphic/design-summary'
import { fromCents, toCents } from '@/isomorphic/money'
import { loadDesign, saveDesign } from './design-api'
import { editorBlocker, editorPageReducer, initialEditorPage } from './editor-page'
import { createEditorStore } from './editor-store'
import { counted } from '@/isomorphic/format'

// The decoration editor's state and what it does (issue 7): the design store with its undo
// history and keyboard shortcuts, a saved design to start from, what a screen reader hears, the
// placement problems, and saving the design into a cart line. EditorView renders it.

/** A size the shopper ordered, as the cart line takes it. */
export type OrderedSize = { name: string; price: number; variantId: number; quantity: number }

/** The cart line's product facts, as the view chose them for the colour and the design's logo. */
export type DesignLineFacts = Pick<NewCartLine, 'productId' | 'name' | 'slug' | 'templateSkuCode' | 'image' | 'color' | 'logo'>

export function useEditor({ options, designId, productId, colorId }: { options: DecorationOptions; designId: string | null; productId: number; colorId: number | null }) {
  const t = useTranslations('editor')
  const router = useRouter()
  const [store] = useState(() => createEditorStore({ view: options.views[0]?.view ?? 'front' }))
  const decorations = useStore(store, (state) => state.decorations)
  const selected = useStore(store, (state) => state.selected)
  const viewName = useStore(store, (state) => state.view)
  const canUndo = useStore(store, (state) => state.past.length > 0)
  const canRedo = useStore(store, (state) => state.future.length > 0)
  const [announcement, setAnnouncement] = useState('')
  const [page, dispatch] = useReducer(editorPageReducer, initialEditorPage)

  useEffect(() => {
    if (!designId) return
    let current = true
    loadDesign(designId).then(
      (design) => {
        if (!current) return
        if (design.productId !== options.productId) return dispatch({ type: 'message', message: t('designOtherProduct') })
        store.getState().load(design.decorations)
        setAnnouncement(t('designLoaded'))
      },
      () => current && dispatch({ type: 'message', message: t('designNotFound') }),
    )
    return () => {
      current = false
    }
  }, [designId, options.productId, store, t])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const target = event.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
      const key = event.key.toLowerCase()
      const state = store.getState()
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault()
        if (state.past.length === 0) return
        state.undo()
        setAnnouncement(t('undone'))
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault()
        if (state.future.length === 0) return
        state.redo()
        setAnnouncement(t('redone'))
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store, t])

  const view = options.views.find((candidate) => candidate.view === viewName) ?? options.views[0]
  const problems = useMemo(() => placementProblems(decorations, options), [decorations, options])
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.index)), [problems])

  const nameOf = (decoration: Decoration) =>
    decoration.kind === 'text'
      ? t('textName', { text: decoration.text })
      : (options.logos.find((logo) => logo.id === decoration.logoId)?.name ?? t('artworkName'))

  const describe = (index: number) => {
    const decoration = store.getState().decorations[index]
    if (!decoration) return ''
    const area = options.printAreas.find((candidate) => candidate.id === decoration.printAreaId)
    const label = t('decorationLabel', {
      name: nameOf(decoration),
      area: area?.name ?? '',
      x: formatInches(decoration.x),
      y: formatInches(decoration.y),
      width: formatInches(decoration.width),
      height: formatInches(decoration.height),
    })
    const centered = area && isOnCenterLine(decoration, area) ? t('centeredSuffix') : ''
    const problem = placementProblems(store.getState().decorations, options).find((candidate) => candidate.index === index)
    return `${label}${centered}${problem ? t('problemSuffix', { message: problem.message }) : ''}`
  }

  // Announcing the same words twice in a row must still be heard: the region is cleared first.
  const announce = (words: string) => {
    setAnnouncement('')
    requestAnimationFrame(() => setAnnouncement(words))
  }

  const blocking = editorBlocker(decorations.length, problems.length)
  const blocker = blocking === null ? null : blocking.key === 'addSomething' ? t('addSomething') : t('fixProblems', counted(blocking.count))

  const addDecoration = (placed: { decoration: Decoration; view: DecorationView } | null) => {
    if (!placed) return
    store.getState().add(placed.decoration, placed.view)
    const area = options.printAreas.find((candidate) => candidate.id === placed.decoration.printAreaId)
    announce(t('added', { name: nameOf(placed.decoration), area: area?.name ?? '' }))
  }

  const undo = () => {
    store.getState().undo()
    announce(t('undone'))
  }

  const redo = () => {
    store.getState().redo()
    announce(t('redone'))
  }

  /** Saves the design and adds it to the cart with the sizes ordered, then opens the cart. */
  const addToCart = async (ordered: OrderedSize[], facts: DesignLineFacts) => {
    if (blocker || page.saving) return
    if (ordered.length === 0) {
      dispatch({ type: 'message', message: t('chooseQuantity') })
      return
    }
    dispatch({ type: 'saving' })
    try {
      const saved = await saveDesign({ productId, colorValueId: colorId, decorations })
      const perUnit = quoteDecorations(saved.decorations, options.methods, 1).perUnit
      useCartStore.getState().addLine({
        ...facts,
        quantity: Object.fromEntries(ordered.map((size) => [size.name, size.quantity])),
        unitPrices: Object.fromEntries(ordered.map((size) => [size.name, fromCents(toCents(size.price) + perUnit)])),
        variantIds: Object.fromEntries(ordered.map((size) => [size.name, size.variantId])),
        designId: saved.id,
        design: designSummary(saved, options),
      })
      notify.success(t('addedToCart'))
      router.push('/cart')
    } catch (error) {
      dispatch({ type: 'save-failed', message: error instanceof ApiError && error.statusMessage ? error.statusMessage : t('saveFailed') })
    }
  }

  return {
    store,
    decorations,
    selected,
    view,
    canUndo,
    canRedo,
    undo,
    redo,
    announcement,
    announce,
    problems,
    invalid,
    nameOf,
    describe,
    blocker,
    addDecoration,
    typed: page.typed,
    type: (size: string, text: string) => dispatch({ type: 'typed', size, text }),
    message: page.message,
    saving: page.saving,
    artworks: page.artworks,
    uploaded: (artwork: UploadedArtwork) => dispatch({ type: 'uploaded', artwork }),
    addToCart,
  }
}
