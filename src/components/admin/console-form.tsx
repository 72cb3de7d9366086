'use client'

import type { ReactNode } from 'react'
import { type FieldValues, type Path, get } from 'react-hook-form'
import type { ConsoleForm as ConsoleFormModel, SaveStatus } from '@/client/admin/use-console-form'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError } from './form-fields'
import { PRIMARY_BUTTON_CLASS } from './console-styles'

// The console's form frame (issue 26), drawn the same for every form: the fields, then what the
// last save said (a conflict, a sentence, or "Saved."), then the buttons. The model is
// `useConsoleForm`; buttons outside a form show their outcome with `SaveOutcome` alone.

/** What the last save or action said: who changed what (409), the sentence of a refusal, or the saved sentence. */
export function SaveOutcome({ status }: { status: SaveStatus }) {
  const { failure, saved } = status
  if (failure?.conflict) return <EditConflictNotice message={failure.message ?? 'This record was changed by someone else.'} conflict={failure.conflict} />
  if (failure?.message) return <FormError message={failure.message} />
  if (saved)
    return (
      <p role="status" className="text-sm text-muted">
        {saved}
      </p>
    )
  return null
}

export function ConsoleForm<F extends FieldValues>({
  form,
  label,
  children,
  actions,
  className = 'space-y-4 rounded-card border border-line bg-white p-4',
}: {
  form: ConsoleFormModel<F>
  label: string
  children: ReactNode
  /** The buttons under the outcome; a plain Save button when absent. */
  actions?: ReactNode
  className?: string
}) {
  return (
    <form onSubmit={form.submit} aria-label={label} aria-busy={form.busy || undefined} className={className}>
      {children}
      <SaveOutcome status={form.status} />
      {actions ?? <SubmitButton form={form} />}
    </form>
  )
}

export function SubmitButton<F extends FieldValues>({ form, children = 'Save', busyLabel = 'Saving…' }: { form: ConsoleFormModel<F>; children?: ReactNode; busyLabel?: string }) {
  return (
    <button type="submit" disabled={form.busy} className={PRIMARY_BUTTON_CLASS}>
      {form.busy ? busyLabel : children}
    </button>
  )
}

/** A Field showing the problem the form holds for `name` (from the contract's check or the server). */
export function FormField<F extends FieldValues>({ form, name, label, hint, children }: { form: ConsoleFormModel<F>; name: Path<F>; label: string; hint?: ReactNode; children: ReactNode }) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined
  return (
    <Field label={label} hint={hint} error={error?.message ?? null}>
      {children}
    </Field>
  )
}
