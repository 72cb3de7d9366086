'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { auth } from '@/client/session/session'
import { useAppStore } from '@/client/stores/app-store'
import { useUserStore } from '@/client/stores/user-store'
import { ModalDialog } from './modal-dialog'

/** m:ss until expiresAt (seconds), never below 0:00. */
export function timeLeft(expiresAtSeconds: number | null, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil(((expiresAtSeconds ?? 0) * 1000 - nowMs) / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * Spec 2's session expiry modal: 'Session Expiring Soon' with 'Extend session' and 'Logout', both
 * disabled and reading 'Loading...' while the app is busy. Shown while the app store's
 * showExpiryPopup is set (the watcher sets it with 5 minutes left).
 */
export function SessionExpiryModal() {
  const show = useAppStore((state) => state.showExpiryPopup)
  const signedIn = useUserStore((state) => state.isAuthenticated)
  return show && signedIn ? <ExpiryDialog /> : null
}

function ExpiryDialog() {
  const t = useTranslations('session')
  const busy = useAppStore((state) => state.isLoading)
  const expiresAt = useUserStore((state) => state.tokenExpiresAt)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])

  return (
    <ModalDialog titleId="session-expiring-title" descriptionId="session-expiring-body" busy={busy}>
      <h2 id="session-expiring-title" className="text-xl font-bold tracking-tight text-ink">
        {t('expiringTitle')}
      </h2>
      <p id="session-expiring-body" className="mt-3 text-muted">
        {t('expiringBody', { time: timeLeft(expiresAt, now) })}
      </p>
      {/* Extend comes first for focus and on phones; on wider screens it sits on the right. */}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="button" disabled={busy} onClick={() => void auth.extendSession()} className="btn btn-primary">
          {busy ? t('busy') : t('extend')}
        </button>
        <button type="button" disabled={busy} onClick={() => void auth.logout()} className="btn btn-secondary">
          {busy ? t('busy') : t('logout')}
        </button>
      </div>
    </ModalDialog>
  )
}
