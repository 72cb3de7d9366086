'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// A store's customer groups (issue 16): add, rename, change the code, delete an empty one.

type Failure = { message: string; conflict: EditConflictData | null }
const failureOf = (error: unknown): Failure =>
  error instanceof AdminApiError ? { message: error.message, conflict: isEditConflictData(error.data) ? error.data : null } : { message: 'Something went wrong. Please try again!', conflict: null }

function Problem({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}

function GroupForm({ websiteId, group, onDone }: { websiteId: number; group: CustomerGroupRow | null; onDone: () => void }) {
  const router = useRouter()
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    setFailure(null)
    try {
      await adminMutation('customerGroups.save', {
        websiteId,
        ...(group ? { id: group.id, version: group.version } : {}),
        name: String(data.get('name') ?? ''),
        code: String(data.get('code') ?? ''),
      })
      if (!group) form.reset()
      onDone()
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label={group ? `Edit the group ${group.name}` : 'New group'} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name">
          <TextInput name="name" required maxLength={100} defaultValue={group?.name ?? ''} />
        </Field>
        <Field label="Code" hint="What rosters and single sign-on name it by: letters, digits, - and _.">
          <TextInput name="code" required maxLength={60} pattern="[A-Za-z0-9][A-Za-z0-9_\-]*" defaultValue={group?.code ?? ''} />
        </Field>
      </div>
      <Problem failure={failure} />
      <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
        {busy ? 'Saving…' : group ? 'Save' : 'Add group'}
      </button>
    </form>
  )
}

export function CustomerGroupsManager({ websiteId, groups }: { websiteId: number; groups: CustomerGroupRow[] }) {
  const router = useRouter()
  const [editing, setEditing] = useState<number | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)

  async function remove(group: CustomerGroupRow) {
    if (!window.confirm(`Delete the group ${group.name}?`)) return
    setFailure(null)
    try {
      await adminMutation('customerGroups.delete', { groupId: group.id, version: group.version })
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  return (
    <div className="space-y-4">
      <section className="rounded-card border border-line bg-white p-4">
        <h2 className="mb-3 text-lg font-semibold">New group</h2>
        <GroupForm websiteId={websiteId} group={null} onDone={() => undefined} />
      </section>
      <Problem failure={failure} />
      {groups.length === 0 ? (
        <p className="rounded-card border border-line bg-white p-6 text-center text-sm text-muted">No groups yet. A roster that names groups creates them too.</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-white">
          {groups.map((group) => (
            <li key={`${group.id}-${group.version}`} className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{group.name}</p>
                  <p className="text-xs text-muted">
                    <code>{group.code}</code> · {group.members} {group.members === 1 ? 'customer' : 'customers'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <a href={`/admin/customers?store=${websiteId}&group=${group.id}`} className={SECONDARY_BUTTON_CLASS}>
                    Members
                  </a>
                  <button type="button" onClick={() => setEditing(editing === group.id ? null : group.id)} className={SECONDARY_BUTTON_CLASS} aria-expanded={editing === group.id}>
                    Edit
                  </button>
                  <button type="button" onClick={() => remove(group)} className={`${SECONDARY_BUTTON_CLASS} text-danger`}>
                    Delete
                  </button>
                </div>
              </div>
              {editing === group.id ? (
                <div className="mt-3">
                  <GroupForm websiteId={websiteId} group={group} onDone={() => setEditing(null)} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
