'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { adminMutation, adminQuery } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { RedirectRow, RedirectTestResult } from '@/isomorphic/contract/admin-content'
import { PERMANENT_STATUSES, type RedirectStatus } from '@/isomorphic/redirect-rules'
import { type SaveFailure, SaveFailureNotice, saveFailure } from './admin-errors'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { Field, SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

const STATUS_LABELS: Record<RedirectStatus, string> = {
  301: '301 Permanent',
  308: '308 Permanent (keeps the method)',
  302: '302 Temporary',
  307: '307 Temporary (keeps the method)',
}

type RuleFields = { from: string; to: string; status: string }

function RuleForm({ websiteId, rule, onDone }: { websiteId: number; rule: RedirectRow | null; onDone: () => void }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'redirects.save',
    defaultValues: { from: rule?.fromPath ?? '', to: rule?.target ?? '', status: String(rule?.status ?? 301) } satisfies RuleFields,
    toValue: (fields: RuleFields) => ({ websiteId, ...(rule ? { id: rule.id, version: rule.version } : {}), from: fields.from, to: fields.to, status: Number(fields.status) as RedirectStatus }),
    savedMessage: rule ? 'Saved.' : 'The redirect was added.',
    onSaved: () => {
      if (!rule) form.reset()
      onDone()
      router.refresh()
    },
  })
  const { register } = form

  return (
    <ConsoleForm
      form={form}
      label={rule ? `Edit the redirect from ${rule.fromPath}` : 'Add a redirect'}
      className="grid gap-4 rounded-card border border-line bg-white p-5"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form}>{rule ? 'Save' : 'Add redirect'}</SubmitButton>
          {rule ? (
            <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onDone}>
              Cancel
            </button>
          ) : null}
        </div>
      }
    >
      <h2 className="text-lg font-semibold">{rule ? 'Edit redirect' : 'Add a redirect'}</h2>
      <div className="grid gap-4 md:grid-cols-[1fr_1fr_auto]">
        <FormField form={form} name="from" label="From path" hint="A path of this store, e.g. /old-tees. Not under /admin, /api or /_next.">
          <TextInput {...register('from')} required placeholder="/old-tees" maxLength={1000} />
        </FormField>
        <FormField form={form} name="to" label="To" hint="A path (/shop) or a full address (https://…). The visitor’s query is kept.">
          <TextInput {...register('to')} required placeholder="/shop" maxLength={2000} />
        </FormField>
        <FormField form={form} name="status" label="Kind">
          <Select {...register('status')}>
            {([301, 308, 302, 307] as const).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </ConsoleForm>
  )
}

function PathTester({ websiteId }: { websiteId: number }) {
  const [result, setResult] = useState<RedirectTestResult | null>(null)
  const [failure, setFailure] = useState<SaveFailure | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const path = String(new FormData(event.currentTarget).get('path') ?? '')
    setFailure(null)
    try {
      setResult(await adminQuery('redirects.test', { websiteId, path }))
    } catch (error) {
      setFailure(saveFailure(error))
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-card border border-line bg-white p-5" aria-label="Test a path">
      <h2 className="text-lg font-semibold">Test a path</h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Path a visitor opens">
            <TextInput name="path" placeholder="/old-tees?size=L" maxLength={2000} />
          </Field>
        </div>
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          Test
        </button>
      </div>
      <SaveFailureNotice failure={failure} />
      {result ? (
        <p role="status" className="text-sm break-words">
          {result.outcome}
        </p>
      ) : null}
    </form>
  )
}

/** A store's redirects: the list (a table on a wide screen, stacked rows on a phone), add, edit, delete, and a path tester. */
export function RedirectManager({ websiteId, rules }: { websiteId: number; rules: RedirectRow[] }) {
  const [editing, setEditing] = useState<number | null>(null)
  const action = useConsoleAction()
  const editingRule = rules.find((rule) => rule.id === editing) ?? null

  const remove = (rule: RedirectRow) =>
    action.run(() => adminMutation('redirects.delete', { websiteId, id: rule.id, version: rule.version }), { confirm: `Delete the redirect from ${rule.fromPath}?`, savedMessage: 'The redirect was deleted.' })

  const kind = (status: RedirectStatus) => `${status} ${PERMANENT_STATUSES.includes(status) ? 'permanent' : 'temporary'}`
  const actions = (rule: RedirectRow) => (
    <div className="flex gap-2">
      <button type="button" className="text-sm font-semibold text-accent underline" onClick={() => setEditing(rule.id)}>
        Edit<span className="sr-only"> the redirect from {rule.fromPath}</span>
      </button>
      <button type="button" className="text-sm font-semibold text-danger underline" onClick={() => remove(rule)}>
        Delete<span className="sr-only"> the redirect from {rule.fromPath}</span>
      </button>
    </div>
  )

  return (
    <div className="grid gap-6">
      <SaveOutcome status={action.status} />
      {editingRule ? <RuleForm key={`edit-${editingRule.id}-${editingRule.version}`} websiteId={websiteId} rule={editingRule} onDone={() => setEditing(null)} /> : <RuleForm key="new" websiteId={websiteId} rule={null} onDone={() => undefined} />}
      {rules.length === 0 ? (
        <p className="text-sm text-muted">No redirects yet.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card border border-line bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-line bg-soft text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    From
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    To
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rules.map((rule) => (
                  <tr key={rule.id} className="border-b border-line last:border-0">
                    <td className="px-3 py-2 font-mono break-all">{rule.fromPath}</td>
                    <td className="px-3 py-2 font-mono break-all">{rule.target}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{kind(rule.status)}</td>
                    <td className="px-3 py-2">{actions(rule)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 md:hidden">
            {rules.map((rule) => (
              <li key={rule.id} className="rounded-card border border-line bg-white p-4 text-sm">
                <p className="font-mono break-all">{rule.fromPath}</p>
                <p className="font-mono break-all text-muted">→ {rule.target}</p>
                <p className="mt-1 text-xs text-muted">{kind(rule.status)}</p>
                <div className="mt-2">{actions(rule)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      <PathTester websiteId={websiteId} />
    </div>
  )
}
