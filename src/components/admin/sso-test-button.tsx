'use client'

import { useState } from 'react'
import { AdminApiError, adminSsoTestStart } from '@/client/admin/admin-api'
import { FormError, SECONDARY_BUTTON_CLASS } from './form-fields'

/**
 * "Test sign-in" (issue 16): runs the store's OpenID Connect flow with the saved settings
 * (src/server/accounts/sso-test.ts) and comes back to the console's result page. Nobody is signed
 * in to the store and no account is made.
 */
export function SsoTestButton({ websiteId, disabled = false, label = 'Test sign-in' }: { websiteId: number; disabled?: boolean; label?: string }) {
  const [error, setError] = useState<string | null>(null)
  const [starting, setStarting] = useState(false)

  async function start() {
    setStarting(true)
    setError(null)
    try {
      const { location } = await adminSsoTestStart(websiteId)
      window.location.assign(location)
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
      setStarting(false)
    }
  }

  return (
    <div className="grid gap-2">
      <FormError message={error} />
      <div>
        <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => void start()} disabled={disabled || starting}>
          {starting ? 'Starting the test…' : label}
        </button>
      </div>
    </div>
  )
}
