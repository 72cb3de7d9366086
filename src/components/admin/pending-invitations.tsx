'use client'

import { adminMutation } from '@/client/admin/admin-api'
import { type ConsoleAction, useConsoleAction } from '@/client/admin/use-console-form'
import type { PendingInvitation, StaffFormOptions } from '@/isomorphic/contract/admin-staff'
import { formatDate } from '@/isomorphic/format'
import { SaveOutcome } from './console-form'
import { ROLE_LABELS } from './console-nav'
import { SECONDARY_BUTTON_CLASS } from './console-styles'

// The Staff page's invitations not accepted yet (issue 26): who was invited as what, by whom and
// when, when the link stops working; send it again or withdraw it.

function InvitationRow({ invitation, options, action }: { invitation: PendingInvitation; options: StaffFormOptions; action: ConsoleAction }) {
  const stores = invitation.storeIds.map((id) => options.stores.find((store) => store.id === id)?.name ?? 'a store')
  const where = [...stores, ...(invitation.decorationPartnerName ? [invitation.decorationPartnerName] : [])]
  return (
    <li className="rounded-card border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{invitation.name}</p>
          <p className="text-sm break-all text-muted">{invitation.email}</p>
          <p className="mt-1 text-sm">
            {ROLE_LABELS[invitation.role]}
            {where.length > 0 ? ` · ${where.join(', ')}` : ''}
          </p>
          <p className="mt-1 text-sm text-muted">
            Invited {formatDate(invitation.invitedAt)}
            {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} ·{' '}
            {invitation.expired ? (
              <span className="rounded bg-red-50 px-1.5 py-0.5 text-danger">Link expired {formatDate(invitation.expiresAt)}</span>
            ) : (
              <>Link works until {formatDate(invitation.expiresAt)}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={SECONDARY_BUTTON_CLASS}
            disabled={action.busy}
            onClick={() => action.run(() => adminMutation('resendStaffInvite', { staffId: invitation.staffId }), { savedMessage: `A new link was sent to ${invitation.email}.` })}
          >
            Send again
          </button>
          <button
            type="button"
            className={SECONDARY_BUTTON_CLASS}
            disabled={action.busy}
            onClick={() =>
              action.run(() => adminMutation('revokeStaffInvite', { staffId: invitation.staffId }), {
                confirm: `Withdraw the invitation of ${invitation.name}? Their link stops working.`,
                savedMessage: `The invitation of ${invitation.email} is withdrawn.`,
              })
            }
          >
            Withdraw
          </button>
        </div>
      </div>
    </li>
  )
}

export function PendingInvitations({ invitations, options }: { invitations: PendingInvitation[]; options: StaffFormOptions }) {
  // One action for the list: what it said stays after a withdrawn invitation leaves the list.
  const action = useConsoleAction()
  return (
    <section aria-labelledby="invitations-heading" aria-busy={action.busy || undefined} className="mb-8">
      <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
        Pending invitations
      </h2>
      <div className="mb-3">
        <SaveOutcome status={action.status} />
      </div>
      {invitations.length === 0 ? (
        <p className="text-sm text-muted">Everyone invited has accepted.</p>
      ) : (
        <ul className="space-y-3">
          {invitations.map((invitation) => (
            <InvitationRow key={`${invitation.staffId}:${invitation.invitedAt}`} invitation={invitation} options={options} action={action} />
          ))}
        </ul>
      )}
    </section>
  )
}
