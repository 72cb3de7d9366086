'use client'

import { useState } from 'react'
import { AdminApiError, adminSignOut, loadConsolePage } from '@/client/admin/admin-api'

/** Ends the console session on the server, then leaves for the sign-in page (a full load: nothing of the session stays in memory). */
export function SignOutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          setError(null)
          try {
            await adminSignOut()
            loadConsolePage('/admin/login')
          } catch (failure) {
            setError(failure instanceof AdminApiError ? failure.message : 'Signing out failed. Please try again.')
            setBusy(false)
          }
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
    </>
  )
}
