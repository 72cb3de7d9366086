'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { AllowanceGroupRow, AllowancePeriodName, AllowanceRolloverName, SsoMappingView } from '@/isomorphic/contract/admin-allowances'
import { formatPrice } from '@/isomorphic/format'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

// The allowances page's forms (issue 16): a group's program, "Run the reset now", a member's
// manual adjustment, and the single sign-on group mapping, each on the console's one form: the
// contract checks what was typed, a refusal shows at its field, a stale save's 409 shows what
// another member changed.

const amountOf = (value: string) => Number(value.trim())

const PERIODS: { value: AllowancePeriodName; label: string }[] = [
  { value: 'year', label: 'Every year' },
  { value: 'quarter', label: 'Every quarter' },
  { value: 'month', label: 'Every month' },
  { value: 'none', label: 'Once (never renews)' },
]

type ProgramFields = { amount: string; period: AllowancePeriodName; startsOn: string; prorate: boolean; rollover: AllowanceRolloverName; rolloverCap: string; isActive: boolean }

/** A group's program: create it or edit it (sending the version it was opened at). */
export function ProgramForm({ websiteId, group, onDone }: { websiteId: number; group: AllowanceGroupRow; onDone: () => void }) {
  const router = useRouter()
  const program = group.program
  const form = useConsoleForm({
    mutation: 'allowances.saveProgram',
    defaultValues: {
      amount: program ? program.amount.toFixed(2) : '',
      period: program?.period ?? 'year',
      startsOn: program?.startsOn ?? '',
      prorate: program?.prorate ?? false,
      rollover: program?.rollover ?? 'none',
      rolloverCap: program?.rolloverCap?.toFixed(2) ?? '',
      isActive: program?.isActive ?? true,
    } as ProgramFields,
    toValue: (fields: ProgramFields) => ({
      websiteId,
      groupId: group.id,
      ...(program ? { version: program.version } : {}),
      amount: amountOf(fields.amount),
      period: fields.period,
      startsOn: fields.startsOn,
      prorate: fields.prorate,
      rollover: fields.rollover,
      rolloverCap: fields.rollover === 'capped' ? amountOf(fields.rolloverCap) : null,
      isActive: fields.isActive,
    }),
    onSaved: () => {
      onDone()
      router.refresh()
    },
  })
  const { register } = form
  const rollover = form.watch('rollover')

  return (
    <ConsoleForm
      form={form}
      label={`Allowance program of ${group.name}`}
      className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form}>{program ? 'Save program' : 'Create program'}</SubmitButton>
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onDone}>
            Cancel
          </button>
        </div>
      }
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField form={form} name="amount" label="Amount per member ($)" hint="A member’s own allowance (roster) replaces it for them.">
          <TextInput {...register('amount')} inputMode="decimal" required placeholder="500.00" />
        </FormField>
        <FormField form={form} name="period" label="Renews">
          <Select {...register('period')}>
            {PERIODS.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField form={form} name="startsOn" label="First period starts" hint="Later periods start on the same day of the month (UTC).">
          <TextInput {...register('startsOn')} type="date" required />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField form={form} name="rollover" label="What is left at the period’s end">
          <Select {...register('rollover')}>
            <option value="none">Expires</option>
            <option value="all">Is kept (all of it)</option>
            <option value="capped">Is kept up to an amount</option>
          </Select>
        </FormField>
        {rollover === 'capped' ? (
          <FormField form={form} name="rolloverCap" label="Kept up to ($)">
            <TextInput {...register('rolloverCap')} inputMode="decimal" required placeholder="100.00" />
          </FormField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('prorate')} className="size-4 accent-accent" />
          Prorate for members who join partway through a period
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...register('isActive')} className="size-4 accent-accent" />
          Active (the reset grants it)
        </label>
      </div>
    </ConsoleForm>
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
  const form = useConsoleForm({
    mutation: 'allowances.runReset',
    defaultValues: { clock: '' },
    toValue: (fields: { clock: string }) => ({ websiteId, ...(fields.clock.trim() ? { now: fields.clock.trim() } : {}) }),
    savedMessage: (ran) =>
      `${ran.granted === 0 ? 'Nothing to do: every member has this period’s grant.' : `Granted ${ran.granted} member${ran.granted === 1 ? '' : 's'} ${formatPrice(ran.grantedAmount)}; ${formatPrice(ran.expiredAmount)} expired, ${formatPrice(ran.rolledOverAmount)} kept.`} ${ran.ledgerMismatches === 0 ? 'Every balance equals its ledger.' : `${ran.ledgerMismatches} balance(s) differ from their ledger: see the operations guide.`}`,
  })
  return (
    <ConsoleForm
      form={form}
      label="Run the reset now"
      className="grid gap-3 rounded-card border border-line bg-white p-4 sm:p-5"
      actions={
        <div>
          <SubmitButton form={form} busyLabel="Running…">
            Run the reset now
          </SubmitButton>
        </div>
      }
    >
      <div>
        <h2 className="text-lg font-semibold">Run the reset now</h2>
        <p className="mt-1 text-sm text-muted">The reset runs by itself every hour. Running it again never grants a member twice for one period.</p>
      </div>
      {testClock ? (
        <FormField form={form} name="clock" label="Clock (test install only)" hint="An ISO time such as 2027-01-01T00:00:00Z; empty: now.">
          <TextInput {...form.register('clock')} placeholder="2027-01-01T00:00:00Z" />
        </FormField>
      ) : null}
    </ConsoleForm>
  )
}

type AdjustFields = { amount: string; note: string }

/** A member's manual adjustment: a signed amount and why. */
export function AdjustAllowance({ websiteId, partnerId }: { websiteId: number; partnerId: number }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'allowances.adjust',
    defaultValues: { amount: '', note: '' } satisfies AdjustFields,
    toValue: (fields: AdjustFields) => ({ websiteId, partnerId, amount: amountOf(fields.amount), note: fields.note }),
    onSaved: () => {
      form.reset()
      router.refresh()
    },
  })
  return (
    <ConsoleForm
      form={form}
      label="Adjust the allowance"
      className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
      actions={<SubmitButton form={form}>Adjust</SubmitButton>}
    >
      <FormField form={form} name="amount" label="Amount ($)" hint="Negative takes away.">
        <TextInput {...form.register('amount')} inputMode="decimal" required placeholder="25.00" />
      </FormField>
      <FormField form={form} name="note" label="Why">
        <TextInput {...form.register('note')} required maxLength={500} placeholder="Welcome gift" />
      </FormField>
    </ConsoleForm>
  )
}

type MappingFields = { claim: string; mappings: { value: string; groupId: string }[] }

/** The single sign-on claim and its value → customer group rows (first mapped value wins). */
export function SsoMappingForm({ websiteId, view }: { websiteId: number; view: SsoMappingView }) {
  const firstGroup = String(view.groups[0]?.id ?? 0)
  const form = useConsoleForm({
    mutation: 'allowances.saveSsoMapping',
    defaultValues: {
      claim: view.claim,
      mappings: (view.mappings.length > 0 ? view.mappings : [{ value: '', groupId: Number(firstGroup) }]).map((row) => ({ value: row.value, groupId: String(row.groupId) })),
    } satisfies MappingFields,
    toValue: (fields: MappingFields) => ({
      websiteId,
      ...(view.version !== null ? { version: view.version } : {}),
      claim: fields.claim,
      mappings: fields.mappings.filter((row) => row.value.trim() !== '').map((row) => ({ value: row.value, groupId: Number(row.groupId) })),
    }),
    savedMessage: 'Mapping saved: it applies from each member’s next single sign-on.',
  })
  const rows = useFieldArray({ control: form.control, name: 'mappings' })

  if (view.groups.length === 0) return <p className="text-sm text-muted">This store has no customer groups yet: add them under Customers first.</p>
  return (
    <ConsoleForm form={form} label="Single sign-on group mapping" className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5" actions={<div><SubmitButton form={form}>Save mapping</SubmitButton></div>}>
      <FormField form={form} name="claim" label="Claim" hint="The ID token or userinfo claim listing the member’s directory groups.">
        <TextInput {...form.register('claim')} required className="sm:max-w-xs" />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Claim value → customer group (the first listed value the member has wins)</legend>
        {rows.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
            <TextInput aria-label={`Claim value ${index + 1}`} {...form.register(`mappings.${index}.value`)} placeholder="sales-team" className="mt-0" />
            <Select aria-label={`Customer group ${index + 1}`} {...form.register(`mappings.${index}.groupId`)} className="col-span-2 mt-0 row-start-2 sm:col-span-1 sm:row-start-auto">
              {view.groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </Select>
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} row-start-1 col-start-2 sm:col-start-auto sm:row-start-auto`} onClick={() => rows.remove(index)} aria-label={`Remove mapping ${index + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <div>
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={() => rows.append({ value: '', groupId: firstGroup })}>
            Add a mapping
          </button>
        </div>
      </fieldset>
    </ConsoleForm>
  )
}
