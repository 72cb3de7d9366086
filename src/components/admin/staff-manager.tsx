'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { type ConsoleForm as ConsoleFormModel, useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { ConsoleRole } from '@/isomorphic/contract/admin-session'
import type { StaffFormOptions, StaffMemberRow } from '@/isomorphic/contract/admin-staff'
import { ROLE_LABELS } from './console-nav'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'
const ROLES = Object.keys(ROLE_LABELS) as ConsoleRole[]

type Assignment = { role: ConsoleRole; storeIds: string[]; decorationPartnerId: string }
type InviteFields = Assignment & { email: string; name: string }

const assignmentOf = (fields: Assignment) => ({
  role: fields.role,
  storeIds: fields.role === 'store_manager' || fields.role === 'fulfilment' ? fields.storeIds.map(Number) : [],
  decorationPartnerId: fields.role === 'decoration_partner' && fields.decorationPartnerId ? Number(fields.decorationPartnerId) : null,
})

/** The role, and by role the stores or the decoration partner, as fields of the form. */
function AssignmentFields<F extends Assignment>({ form, options }: { form: ConsoleFormModel<F>; options: StaffFormOptions }) {
  // The form's fields are the assignment's; the generic keeps each form's own extra fields.
  const assignment = form as unknown as ConsoleFormModel<Assignment>
  const role = assignment.watch('role')
  return (
    <div className="space-y-3">
      <FormField form={assignment} name="role" label="Role">
        <Select {...assignment.register('role')}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </Select>
      </FormField>
      {role === 'store_manager' || role === 'fulfilment' ? (
        <fieldset>
          <legend className="text-sm font-medium">Stores</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {options.stores.map((store) => (
              <label key={store.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-accent" value={String(store.id)} {...assignment.register('storeIds')} />
                {store.name}
              </label>
            ))}
          </div>
          {assignment.formState.errors.storeIds?.message ? <p className="mt-1 text-sm text-danger">{assignment.formState.errors.storeIds.message}</p> : null}
        </fieldset>
      ) : null}
      {role === 'decoration_partner' ? (
        <FormField form={assignment} name="decorationPartnerId" label="Decoration partner">
          <Select {...assignment.register('decorationPartnerId')}>
            <option value="">Choose…</option>
            {options.decorationPartners.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
    </div>
  )
}

function InviteForm({ options, onDone }: { options: StaffFormOptions; onDone: () => void }) {
  const form = useConsoleForm({
    mutation: 'inviteStaff',
    defaultValues: { email: '', name: '', role: 'fulfilment', storeIds: options.stores.length === 1 ? [String(options.stores[0]!.id)] : [], decorationPartnerId: '' } as InviteFields,
    toValue: (fields: InviteFields) => ({ email: fields.email, name: fields.name, ...assignmentOf(fields) }),
    savedMessage: (row) => `Invitation sent to ${row.email}.`,
    onSaved: () => {
      form.reset()
      onDone()
    },
  })
  return (
    <ConsoleForm form={form} label="Invite someone" className="space-y-3 rounded-card border border-line bg-white p-5" actions={<SubmitButton form={form} busyLabel="Sending…">Send invitation</SubmitButton>}>
      <h2 className="text-lg font-semibold">Invite someone</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name="email" label="Email">
          <TextInput {...form.register('email')} type="email" required autoComplete="off" />
        </FormField>
        <FormField form={form} name="name" label="Name">
          <TextInput {...form.register('name')} required autoComplete="off" />
        </FormField>
      </div>
      <AssignmentFields form={form} options={options} />
    </ConsoleForm>
  )
}

function RoleForm({ member, options, onDone }: { member: StaffMemberRow; options: StaffFormOptions; onDone: () => void }) {
  const form = useConsoleForm({
    mutation: 'setStaffRole',
    defaultValues: { role: member.role, storeIds: member.storeIds.map(String), decorationPartnerId: member.decorationPartnerId === null ? '' : String(member.decorationPartnerId) } as Assignment,
    toValue: (fields: Assignment) => ({ staffId: member.id, ...assignmentOf(fields) }),
    onSaved: onDone,
  })
  return (
    <ConsoleForm form={form} label={`Change the role of ${member.name}`} className="mt-3 space-y-3 border-t border-line pt-3">
      <AssignmentFields form={form} options={options} />
    </ConsoleForm>
  )
}

function MemberCard({ member, isMe, options, onRoleSaved }: { member: StaffMemberRow; isMe: boolean; options: StaffFormOptions; onRoleSaved: () => void }) {
  const [editing, setEditing] = useState(false)
  const action = useConsoleAction()
  const storeNames = member.storeIds.map((id) => options.stores.find((store) => store.id === id)?.name ?? `#${id}`)

  return (
    <li className="rounded-card border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">
            {member.name} {isMe ? <span className="text-sm font-normal text-muted">(you)</span> : null}
          </p>
          <p className="text-sm break-all text-muted">{member.email}</p>
          <p className="mt-1 text-sm">
            {ROLE_LABELS[member.role]}
            {storeNames.length > 0 ? ` · ${storeNames.join(', ')}` : ''}
            {member.decorationPartnerName ? ` · ${member.decorationPartnerName}` : ''}
          </p>
          <p className="mt-1 flex flex-wrap gap-2 text-xs">
            {!member.isActive ? <span className="rounded bg-red-50 px-1.5 py-0.5 text-danger">Deactivated</span> : null}
            {member.invitePending ? <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-900">Invitation pending</span> : null}
            {member.secondFactor ? <span className="rounded bg-accent-soft px-1.5 py-0.5 text-accent-strong">Two-factor on</span> : null}
            {member.lastSignInAt ? <span className="text-muted">Last sign-in {member.lastSignInAt.replace('T', ' ').slice(0, 16)} UTC</span> : null}
          </p>
        </div>
        {isMe ? null : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => setEditing((value) => !value)} aria-expanded={editing}>
              {editing ? 'Cancel' : 'Change role'}
            </button>
            {member.isActive ? (
              <button
                type="button"
                className={SECONDARY_BUTTON_CLASS}
                disabled={action.busy}
                onClick={() => void action.run(() => adminMutation('deactivateStaff', { staffId: member.id }), { confirm: `Deactivate ${member.name}? They are signed out at once.`, savedMessage: `${member.name} is deactivated.` })}
              >
                Deactivate
              </button>
            ) : (
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => void action.run(() => adminMutation('reactivateStaff', { staffId: member.id }), { savedMessage: `${member.name} is active again.` })}>
                Reactivate
              </button>
            )}
          </div>
        )}
      </div>
      <div className="mt-2">
        <SaveOutcome status={action.status} />
      </div>
      {editing ? (
        <RoleForm
          member={member}
          options={options}
          onDone={() => {
            setEditing(false)
            onRoleSaved()
          }}
        />
      ) : null}
    </li>
  )
}

/** The owner's view of the staff: everyone, with their role and stores; invite, change, deactivate. Pending invitations are sent again or withdrawn in their own list. */
export function StaffManager({ meId, members, options }: { meId: number; members: StaffMemberRow[]; options: StaffFormOptions }) {
  const router = useRouter()
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section aria-label="Members">
        <ul className="space-y-3">
          {members.map((member) => (
            <MemberCard key={member.id} member={member} isMe={member.id === meId} options={options} onRoleSaved={() => router.refresh()} />
          ))}
        </ul>
      </section>
      <InviteForm options={options} onDone={() => router.refresh()} />
    </div>
  )
}
