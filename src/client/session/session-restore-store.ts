import { create } from 'zustand'
import { readSessionHint, SESSION_HINT } from '@/isomorphic/session-hint'
import { useUserStore } from '../stores/user-store'

// Whether this tab is still restoring a session from the server (issue 17): it started without the
// user state in its session storage, but the session hint cookie says the browser holds a live
// session. Until the restore settles the header shows the account entry (not 'Sign in') and the
// account pages wait instead of sending to /login. Transient: never stored.

export type SessionRestoreState = { restoring: boolean }

function startsRestoring(): boolean {
  if (typeof window === 'undefined') return false
  return !useUserStore.getState().isAuthenticated && readSessionHint(document.cookie) !== null
}

export const useSessionRestoreStore = create<SessionRestoreState>()(() => ({ restoring: startsRestoring() }))

/** Expires the hint in this browser (a restore the server refused: the session behind it is gone). */
export function forgetSessionHint(doc: { cookie: string }, { secure }: { secure: boolean }): void {
  doc.cookie = `${SESSION_HINT}=; Path=/; Max-Age=0; SameSite=Lax`
  if (secure) doc.cookie = `__Host-${SESSION_HINT}=; Path=/; Max-Age=0; SameSite=Lax; Secure`
}
