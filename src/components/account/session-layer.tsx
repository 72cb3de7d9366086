'use client'

import { useEffect } from 'react'
import { auth, sessionWatcher, startPartnerFreshness } from '@/client/session/session'
import { useSessionRestoreStore } from '@/client/session/session-restore-store'
import { readSessionHint } from '@/isomorphic/session-hint'
import { SessionEndedNotice } from './session-ended-notice'
import { SessionExpiryModal } from './session-expiry-modal'

/**
 * The session's browser-wide parts (spec 4): on app load a session kept in storage is watched
 * again, or — in a tab that starts without one while the session hint says the browser has a live
 * session — restored from the server (issue 17); the partner is read again when the tab is shown
 * or another tab changed an order (issue 24); the expiry modal and session-ended notice show when
 * their moment comes.
 */
export function SessionLayer() {
  useEffect(() => {
    void auth.startSession(readSessionHint(document.cookie)).finally(() => useSessionRestoreStore.setState({ restoring: false }))
    const stopFreshness = startPartnerFreshness()
    return () => {
      sessionWatcher.stop()
      stopFreshness()
    }
  }, [])

  return (
    <>
      <SessionExpiryModal />
      <SessionEndedNotice />
    </>
  )
}
