'use client'

import { useEffect } from 'react'
import { auth, sessionWatcher } from '@/client/session/session'
import { SessionEndedNotice } from './session-ended-notice'
import { SessionExpiryModal } from './session-expiry-modal'

/**
 * The session's browser-wide parts (spec 4): on app load a session kept in storage is watched
 * again, and the expiry modal and session-ended notice show when their moment comes.
 */
export function SessionLayer() {
  useEffect(() => {
    auth.resumeSession()
    return () => sessionWatcher.stop()
  }, [])

  return (
    <>
      <SessionExpiryModal />
      <SessionEndedNotice />
    </>
  )
}
