import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { persistIn } from '../stores/persistence'

/**
 * Whether the session-ended notice (spec 8) is up. Kept in session storage so that the notice
 * survives the navigation to '/' that follows an automatic logout, even when that is a full load.
 */
export type SessionNoticeState = {
  sessionEnded: boolean
  showSessionEnded: () => void
  dismiss: () => void
}

export const useSessionNoticeStore = create<SessionNoticeState>()(
  persist(
    (set) => ({
      sessionEnded: false,
      showSessionEnded: () => set({ sessionEnded: true }),
      dismiss: () => set({ sessionEnded: false }),
    }),
    persistIn<SessionNoticeState, { sessionEnded: boolean }>('session', 'sessionNotice', (state) => ({
      sessionEnded: state.sessionEnded,
    })),
  ),
)
