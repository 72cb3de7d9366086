'use client'

import { adminSignOut, loadConsolePage } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'

/** Ends the console session on the server, then leaves for the sign-in page (a full load: nothing of the session stays in memory). */
export function SignOutButton({ className }: { className?: string }) {
  const action = useConsoleAction()
  const failure = action.status.failure?.message
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={action.busy}
        onClick={() =>
          void action.run(() => adminSignOut(), { refresh: false }).then((outcome) => {
            if (outcome.ok) loadConsolePage('/admin/login')
          })
        }
      >
        {action.busy ? 'Signing out…' : 'Sign out'}
      </button>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-200">
          {failure}
        </p>
      ) : null}
    </>
  )
}
