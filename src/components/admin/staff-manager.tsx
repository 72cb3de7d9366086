'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { ConsoleRole } from '@/isomorphic/contract/admin-session'
import type { StaffFormOptions, StaffMemberRow } from '@/isomorphic/contract/admin-staff'
import { ROLE_LABELS } from './console-nav'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
const ROLES = Object.keys(ROLE_LABELS) as ConsoleRole[]

type Assignment = { role: ConsoleRole; storeIds: number[]; decorationPartnerId: number | null }

/** The role, and by role the stores or the decoration partner. */
function AssignmentFields({ value, onChange, options }: { value: Assignment; onChange: (next: Assignment) => void; options: StaffFormOptions }) {
  return (
    <div className="space-y-3">
      <Field label="Role">
        <select className={INPUT_CLASS} value={value.role} onChange={(event) => onChange({ role: event.target.value as ConsoleRole, storeIds: [], decorationPartnerId: null })}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </Field>
      {value.role === 'store_manager' || value.role === 'fulfilment' ? (
        <fieldset>
          <legend className="text-sm font-medium">Stores</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {options.stores.map((store) => (
              <label key={store.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={value.storeIds.includes(store.id)}
                  onChange={(event) =>
                    onChange({ ...value, storeIds: event.target.checked ? [...value.storeIds, store.id] : value.storeIds.filter((id) => id !== store.id) })
                  }
                />
                {store.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {value.role === 'decoration_partner' ? (
        <Field label="Decoration partner">
          <select
            className={INPUT_CLASS}
            value={value.decorationPartnerId ?? ''}
            onChange={(event) => onChange({ ...value, decorationPartnerId: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">Choose…</option>
            {options.decorationPartners.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
    </div>
  )
}

function InviteForm({ options, onDone }: { options: StaffFormOptions; onDone: (message: string) => void }) {
  const [assignment, setAssignment] = useState<Assignment>({ role: 'fulfilment', storeIds: options.stores.length === 1 ? [options.stores[0]!.id] : [], decorationPartnerId: null })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    setError(null)
    try {
      const row = await adminMutation('inviteStaff', { email: String(data.get('email') ?? ''), name: String(data.get('name') ?? ''), ...assignment })
      form.reset()
      onDone(`Invitation sent to ${row.email}.`)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-card border border-line bg-white p-5" noValidate>
      <h2 className="text-lg font-semibold">Invite someone</h2>
      <FormError message={error} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Email">
          <TextInput name="email" type="email" required autoComplete="off" />
        </Field>
        <Field label="Name">
          <TextInput name="name" required autoComplete="off" />
        </Field>
      </div>
      <AssignmentFields value={assignment} onChange={setAssignment} options={options} />
      <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
        {busy ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  )
}

function MemberCard({ member, isMe, options, onDone }: { member: StaffMemberRow; isMe: boolean; options: StaffFormOptions; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false)
  const [assignment, setAssignment] = useState<Assignment>({ role: member.role, storeIds: member.storeIds, decorationPartnerId: member.decorationPartnerId })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const storeNames = member.storeIds.map((id) => options.stores.find((store) => store.id === id)?.name ?? `#${id}`)

  async function run(work: () => Promise<string>) {
    setBusy(true)
    setError(null)
    try {
      onDone(await work())
      setEditing(false)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

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
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => setEditing((value) => !value)} aria-expanded={editing}>
              {editing ? 'Cancel' : 'Change role'}
            </button>
            {member.invitePending && member.isActive ? (
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => run(async () => (await adminMutation('resendStaffInvite', { staffId: member.id }), `Invitation sent again to ${member.email}.`))}>
                Send invitation again
              </button>
            ) : null}
            {member.isActive ? (
              <button
                type="button"
                className={SECONDARY_BUTTON_CLASS}
                disabled={busy}
                onClick={() => {
                  if (window.confirm(`Deactivate ${member.name}? They are signed out at once.`)) void run(async () => (await adminMutation('deactivateStaff', { staffId: member.id }), `${member.name} is deactivated.`))
                }}
              >
                Deactivate
              </button>
            ) : (
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => run(async () => (await adminMutation('reactivateStaff', { staffId: member.id }), `${member.name} is active again.`))}>
                Reactivate
              </button>
            )}
          </div>
        )}
      </div>
      <div className="mt-2">
        <FormError message={error} />
      </div>
      {editing ? (
        <form
          className="mt-3 space-y-3 border-t border-line pt-3"
          onSubmit={(event) => {
            event.preventDefault()
            void run(async () => (await adminMutation('setStaffRole', { staffId: member.id, ...assignment }), `${member.name}'s role is saved.`))
          }}
        >
          <AssignmentFields value={assignment} onChange={setAssignment} options={options} />
          <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
            Save
          </button>
        </form>
      ) : null}
    </li>
  )
}

/** The owner's view of the staff: everyone, with their role and stores; invite, change, deactivate. */
export function StaffManager({ meId, members, options }: { meId: number; members: StaffMemberRow[]; options: StaffFormOptions }) {
  const router = useRouter()
  const [notice, setNotice] = useState<string | null>(null)
  const done = (message: string) => {
    setNotice(message)
    router.refresh()
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section aria-label="Members">
        {notice ? (
          <p role="status" className="mb-3 rounded-md bg-accent-soft px-3 py-2 text-sm text-accent-strong">
            {notice}
          </p>
        ) : null}
        <ul className="space-y-3">
          {members.map((member) => (
            <MemberCard key={`${member.id}:${member.role}:${member.storeIds.join(',')}:${member.isActive}`} member={member} isMe={member.id === meId} options={options} onDone={done} />
          ))}
        </ul>
      </section>
      <InviteForm options={options} onDone={done} />
    </div>
  )
}
