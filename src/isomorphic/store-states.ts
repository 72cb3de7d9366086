import type { StoreState } from './contract/admin-stores'

// A store's life cycle (issue 25), declared once: which state each console action leads to, and from
// where. A draft is seen by console members only (through a preview link); open is public; closed
// still shows but takes no orders (the team-store window, next); archived is offline — its orders stay
// in the console and exports.

export type StoreAction = 'open' | 'close' | 'archive' | 'restore'

/**
 * What each state means for the store's addresses and its checkout: who sees it (everyone, a browser
 * holding its preview, nobody) and whether it takes orders.
 */
export const STORE_STATE_RULES: Readonly<Record<StoreState, { seenBy: 'everyone' | 'preview' | 'nobody'; takesOrders: boolean }>> = {
  draft: { seenBy: 'preview', takesOrders: true },
  open: { seenBy: 'everyone', takesOrders: true },
  closed: { seenBy: 'everyone', takesOrders: false },
  archived: { seenBy: 'nobody', takesOrders: false },
}

export const STORE_TRANSITIONS: Readonly<Record<StoreAction, { from: readonly StoreState[]; to: StoreState; label: string }>> = {
  open: { from: ['draft', 'closed'], to: 'open', label: 'Open to the public' },
  close: { from: ['open'], to: 'closed', label: 'Close' },
  archive: { from: ['draft', 'open', 'closed'], to: 'archived', label: 'Archive' },
  restore: { from: ['archived'], to: 'closed', label: 'Restore' },
}

/** The state an action leads to from `state`, or null when it does not apply there. */
export function nextStoreState(state: StoreState, action: StoreAction): StoreState | null {
  const transition = STORE_TRANSITIONS[action]
  return transition.from.includes(state) ? transition.to : null
}

/** The actions a store in `state` offers, in menu order. */
export function storeActions(state: StoreState): StoreAction[] {
  return (Object.keys(STORE_TRANSITIONS) as StoreAction[]).filter((action) => nextStoreState(state, action) !== null)
}
