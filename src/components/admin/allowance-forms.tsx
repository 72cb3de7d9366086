'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { AllowanceGroupRow, AllowancePeriodName, AllowanceRolloverName, ResetRunAnswer, SsoMappingView } from '@/isomorphic/contract/admin-allowances'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { formatPrice } from '@/isomorphic/format'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// The allowances page's forms (issue 16): a group's program, "Run the reset now", a member's
// manual adjustment, and the single sign-on group mapping. Each save answers with the server's
// sentence on a refusal, and a stale save's 409 shows what another member changed.

type Failure = { message: string; conflict: EditConflictData | null }

function failureOf(error: unknown): Failure {
  if (error instanceof AdminApiError) return { message: error.message, conflict: isEditConflictData(error.data) ? error.data : null }
  return { message: 'Something went wrong. Please try again!', conflict: null }
}

function FailureNotice({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}

const amountOf = (value: FormDataEntryValue | null) => Number(String(value ?? '').trim())

const PERIODS: { value: AllowancePeriodName; label: string }[] = [
  { value: 'year', label: 'Every year' },
  { value: 'quarter', label: 'Every quarter' },
  { value: 'month', label: 'Every month' },
  { value: 'none', label: 'Once (never renews)' },
]

/** A group's program: create it or edit it (sending the version it was opened at). */
export function ProgramForm({ websiteId, group, onDone }: { websiteId: number; group: AllowanceGroupRow; onDone: () => void }) {
  const router = useRouter()
  const program = group.program
  const [rollover, setRollover] = useState<AllowanceRolloverName>(program?.rollover ?? 'none')
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setFailure(null)
    try {
      await adminMutation('allowances.saveProgram', {
        websiteId,
        groupId: group.id,
        ...(program ? { version: program.version } : {}),
        amount: amountOf(data.get('amount')),
        period: String(data.get('period')) as AllowancePeriodName,
        startsOn: String(data.get('startsOn') ?? ''),
        prorate: data.get('prorate') === 'on',
        rollover,
        rolloverCap: rollover === 'capped' ? amountOf(data.get('rolloverCap')) : null,
        isActive: data.get('isActive') === 'on',
      })
      onDone()
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5" aria-label={`Allowance program of ${group.name}`}>
      <FailureNotice failure={failure} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Amount per member ($)" hint="A member’s own allowance (roster) replaces it for them.">
          <TextInput name="amount" inputMode="decimal" required defaultValue={program ? program.amount.toFixed(2) : ''} placeholder="500.00" />
        </Field>
        <Field label="Renews">
          <select name="period" defaultValue={program?.period ?? 'year'} className={INPUT_CLASS}>
            {PERIODS.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="First period starts" hint="Later periods start on the same day of the month (UTC).">
          <TextInput name="startsOn" type="date" required defaultValue={program?.startsOn ?? ''} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="What is left at the period’s end">
          <select name="rollover" value={rollover} onChange={(event) => setRollover(event.currentTarget.value as AllowanceRolloverName)} className={INPUT_CLASS}>
            <option value="none">Expires</option>
            <option value="all">Is kept (all of it)</option>
            <option value="capped">Is kept up to an amount</option>
          </select>
        </Field>
        {rollover === 'capped' ? (
          <Field label="Kept up to ($)">
            <TextInput name="rolloverCap" inputMode="decimal" required defaultValue={program?.rolloverCap?.toFixed(2) ?? ''} placeholder="100.00" />
          </Field>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="prorate" defaultChecked={program?.prorate ?? false} className="size-4 accent-accent" />
          Prorate for members who join partway through a period
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked={program?.isActive ?? true} className="size-4 accent-accent" />
          Active (the reset grants it)
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : program ? 'Save program' : 'Create program'}
        </button>
        <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** The edit button beside a group, opening its form below it. */
export function ProgramEditor({ websiteId, group }: { websiteId: number; group: AllowanceGroupRow }) {
  const [open, setOpen] = useState(false)
  if (!open) {
    return (
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setOpen(true)} aria-label={`${group.program ? 'Edit' : 'Set up'} the allowance of ${group.name}`}>
        {group.program ? 'Edit' : 'Set up'}
      </button>
    )
  }
  return (
    <div className="mt-3 w-full">
      <ProgramForm websiteId={websiteId} group={group} onDone={() => setOpen(false)} />
    </div>
  )
}

/** "Run the reset now": grants every member whose period started and who has no grant for it yet. */
export function RunResetNow({ websiteId, testClock }: { websiteId: number; testClock: boolean }) {
  const router = useRouter()
  const [answer, setAnswer] = useState<ResetRunAnswer | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const clock = String(new FormData(event.currentTarget).get('clock') ?? '').trim()
    setBusy(true)
    setFailure(null)
    try {
      setAnswer(await adminMutation('allowances.runReset', { websiteId, ...(clock ? { now: clock } : {}) }))
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-card border border-line bg-white p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">Run the reset now</h2>
        <p className="mt-1 text-sm text-muted">The reset runs by itself every hour. Running it again never grants a member twice for one period.</p>
      </div>
      <FailureNotice failure={failure} />
      {testClock ? (
        <Field label="Clock (test install only)" hint="An ISO time such as 2027-01-01T00:00:00Z; empty: now.">
          <TextInput name="clock" placeholder="2027-01-01T00:00:00Z" />
        </Field>
      ) : null}
      <div>
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Running…' : 'Run the reset now'}
        </button>
      </div>
      {answer ? (
        <p role="status" className="text-sm" data-testid="reset-result">
          {answer.granted === 0 ? 'Nothing to do: every member has this period’s grant.' : `Granted ${answer.granted} member${answer.granted === 1 ? '' : 's'} ${formatPrice(answer.grantedAmount)}; ${formatPrice(answer.expiredAmount)} expired, ${formatPrice(answer.rolledOverAmount)} kept.`}{' '}
          {answer.ledgerMismatches === 0 ? 'Every balance equals its ledger.' : `${answer.ledgerMismatches} balance(s) differ from their ledger: see the operations guide.`}
        </p>
      ) : null}
    </form>
  )
}

/** A member's manual adjustment: a signed amount and why. */
export function AdjustAllowance({ websiteId, partnerId }: { websiteId: number; partnerId: number }) {
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
      await adminMutation('allowances.adjust', { websiteId, partnerId, amount: amountOf(data.get('amount')), note: String(data.get('note') ?? '') })
      form.reset()
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
      <div className="sm:col-span-3">
        <FailureNotice failure={failure} />
      </div>
      <Field label="Amount ($)" hint="Negative takes away.">
        <TextInput name="amount" inputMode="decimal" required placeholder="25.00" />
      </Field>
      <Field label="Why">
        <TextInput name="note" required maxLength={500} placeholder="Welcome gift" />
      </Field>
      <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
        {busy ? 'Saving…' : 'Adjust'}
      </button>
    </form>
  )
}

/** The single sign-on claim and its value → customer group rows (first mapped value wins). */
export function SsoMappingForm({ websiteId, view }: { websiteId: number; view: SsoMappingView }) {
  const router = useRouter()
  const [rows, setRows] = useState(view.mappings.length > 0 ? view.mappings : [{ value: '', groupId: view.groups[0]?.id ?? 0 }])
  const [failure, setFailure] = useState<Failure | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const claim = String(new FormData(event.currentTarget).get('claim') ?? '')
    setBusy(true)
    setFailure(null)
    setSaved(false)
    try {
      await adminMutation('allowances.saveSsoMapping', {
        websiteId,
        ...(view.version !== null ? { version: view.version } : {}),
        claim,
        mappings: rows.filter((row) => row.value.trim() !== ''),
      })
      setSaved(true)
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  if (view.groups.length === 0) return <p className="text-sm text-muted">This store has no customer groups yet: add them under Customers first.</p>
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5">
      <FailureNotice failure={failure} />
      {saved ? (
        <p role="status" className="text-sm text-accent">
          Mapping saved: it applies from each member’s next single sign-on.
        </p>
      ) : null}
      <Field label="Claim" hint="The ID token or userinfo claim listing the member’s directory groups.">
        <TextInput name="claim" required defaultValue={view.claim} className="sm:max-w-xs" />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Claim value → customer group (the first listed value the member has wins)</legend>
        {rows.map((row, index) => (
          <div key={index} className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
            <TextInput
              aria-label={`Claim value ${index + 1}`}
              value={row.value}
              onChange={(event) => {
                const value = event.currentTarget.value
                setRows((list) => list.map((entry, at) => (at === index ? { ...entry, value } : entry)))
              }}
              placeholder="sales-team"
              className="mt-0"
            />
            <select
              aria-label={`Customer group ${index + 1}`}
              value={row.groupId}
              onChange={(event) => {
                const groupId = Number(event.currentTarget.value)
                setRows((list) => list.map((entry, at) => (at === index ? { ...entry, groupId } : entry)))
              }}
              className={`${INPUT_CLASS} col-span-2 mt-0 row-start-2 sm:col-span-1 sm:row-start-auto`}
            >
              {view.groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </select>
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} row-start-1 col-start-2 sm:col-start-auto sm:row-start-auto`} onClick={() => setRows((list) => list.filter((_, at) => at !== index))} aria-label={`Remove mapping ${index + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <div>
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => setRows((list) => [...list, { value: '', groupId: view.groups[0]!.id }])}>
            Add a mapping
          </button>
        </div>
      </fieldset>
      <div>
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : 'Save mapping'}
        </button>
      </div>
    </form>
  )
}
