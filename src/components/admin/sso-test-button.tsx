'use client'

import { adminSsoTestStart } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'
import { SaveOutcome } from './console-form'
import { SECONDARY_BUTTON_CLASS } from './form-fields'

/**
 * "Test sign-in" (issue 16): runs the store's OpenID Connect flow with the saved settings
 * (src/server/accounts/sso-test.ts) and comes back to the console's result page. Nobody is signed
 * in to the store and no account is made. A refusal reads as on every console button (issue 26).
 */
export function SsoTestButton({ websiteId, disabled = false, label = 'Test sign-in' }: { websiteId: number; disabled?: boolean; label?: string }) {
  const action = useConsoleAction()

  async function start() {
    const outcome = await action.run(() => adminSsoTestStart(websiteId), { savedMessage: 'Opening the sign-in…', refresh: false })
    if (outcome.ok) window.location.assign(outcome.answer.location)
  }

  return (
    <div className="grid gap-2">
      <SaveOutcome status={action.status} />
      <div>
        <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => void start()} disabled={disabled || action.busy || action.status.saved !== null}>
          {action.busy || action.status.saved !== null ? 'Starting the test…' : label}
        </button>
      </div>
    </div>
  )
}
