'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// A store's customer groups (issue 16): add, rename, change the code, delete an empty one — on the
// console's one form path (issue 26).

type Fields = { name: string; code: string }

function GroupForm({ websiteId, group, onDone }: { websiteId: number; group: CustomerGroupRow | null; onDone: () => void }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'customerGroups.save',
    defaultValues: { name: group?.name ?? '', code: group?.code ?? '' } satisfies Fields,
    toValue: (fields: Fields) => ({ websiteId, ...(group ? { id: group.id, version: group.version } : {}), name: fields.name, code: fields.code }),
    savedMessage: group ? 'Saved.' : 'The group was added.',
    onSaved: () => {
      if (!group) form.reset()
      onDone()
      router.refresh()
    },
  })
  const { register } = form

  return (
    <ConsoleForm form={form} label={group ? `Edit the group ${group.name}` : 'New group'} className="space-y-3" actions={<SubmitButton form={form}>{group ? 'Save' : 'Add group'}</SubmitButton>}>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name="name" label="Name">
          <TextInput {...register('name')} required maxLength={100} />
        </FormField>
        <FormField form={form} name="code" label="Code" hint="What rosters and single sign-on name it by: letters, digits, - and _.">
          <TextInput {...register('code')} required maxLength={60} pattern="[A-Za-z0-9][A-Za-z0-9_\-]*" />
        </FormField>
      </div>
    </ConsoleForm>
  )
}

export function CustomerGroupsManager({ websiteId, groups }: { websiteId: number; groups: CustomerGroupRow[] }) {
  const [editing, setEditing] = useState<number | null>(null)
  const action = useConsoleAction()

  const remove = (group: CustomerGroupRow) =>
    action.run(() => adminMutation('customerGroups.delete', { groupId: group.id, version: group.version }), { confirm: `Delete the group ${group.name}?`, savedMessage: `The group ${group.name} was deleted.` })

  return (
    <div className="space-y-4">
      <section className="rounded-card border border-line bg-white p-4">
        <h2 className="mb-3 text-lg font-semibold">New group</h2>
        <GroupForm websiteId={websiteId} group={null} onDone={() => undefined} />
      </section>
      <SaveOutcome status={action.status} />
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
                  <button type="button" disabled={action.busy} onClick={() => remove(group)} className={`${SECONDARY_BUTTON_CLASS} text-danger`}>
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
