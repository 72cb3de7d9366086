import type { FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { AdminApiError } from './admin-api'

// What a console form shows when a save is refused (issue 26): one shape for every form and every
// button. A field's problem goes next to the field; what belongs to no field (a rule of the store, a
// lost connection) is one sentence above the buttons; a stale save (409) shows who changed what.
// The same mapping serves the contract's schema run in the browser before sending and the server's
// answer, so a rule reads the same wherever it is caught.

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again!'

export type FieldErrors = Record<string, string>

export type FormFailure = {
  /** The sentence above the buttons; null when every problem sits next to its field. */
  message: string | null
  /** The 409 of a save from an older version: who changed which fields since. */
  conflict: EditConflictData | null
  /** Problems by form field name. */
  fields: FieldErrors
}

/**
 * Where a problem at `path` (the contract value's path, dot-joined) is shown: the form field it
 * names in `fieldOf`, or the field named like the path or like its nearest parent, or null (the
 * form's own sentence). `fields` is the form's field names.
 */
export function fieldOfPath(path: string, fields: readonly string[], fieldOf: Readonly<Record<string, string>> = {}): string | null {
  const parts = path.split('.').filter((part) => part !== '')
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.')
    if (Object.hasOwn(fieldOf, candidate)) return fieldOf[candidate]!
    if (fields.includes(candidate)) return candidate
  }
  return null
}

type Issue = { path: string; message: string }

/** Issues spread over the fields; the ones no field takes become one sentence. First one per field wins. */
export function failureOfIssues(issues: readonly Issue[], fields: readonly string[], fieldOf: Readonly<Record<string, string>> = {}, labels: Readonly<Record<string, string>> = {}): FormFailure {
  const byField: FieldErrors = {}
  const loose: string[] = []
  for (const issue of issues) {
    const field = fieldOfPath(issue.path, fields, fieldOf)
    if (field === null) loose.push(issue.path ? `${labels[issue.path] ?? issue.path} ${issue.message}` : issue.message)
    else byField[field] ??= sentence(issue.message)
  }
  return { message: loose.length > 0 ? loose.join('; ') : null, conflict: null, fields: byField }
}

/** A zod message as a sentence of its own ("must be at most 200 characters" → "Must be at most 200 characters."). */
export function sentence(message: string): string {
  const trimmed = message.trim()
  if (trimmed === '') return trimmed
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(first) ? first : `${first}.`
}

/** Runs the contract's schema over the value a form is about to send; null when it passes. */
export function checkWithContract(schema: z.ZodType, value: unknown, fields: readonly string[], fieldOf: Readonly<Record<string, string>> = {}): FormFailure | null {
  const parsed = schema.safeParse(value)
  if (parsed.success) return null
  return failureOfIssues(
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    fields,
    fieldOf,
  )
}

/** What a refused call shows: the server's sentence (and its field issues, and a conflict's changes). */
export function failureOf(error: unknown, fields: readonly string[] = [], fieldOf: Readonly<Record<string, string>> = {}): FormFailure {
  if (!(error instanceof AdminApiError)) return { message: SOMETHING_WENT_WRONG, conflict: null, fields: {} }
  const conflict = isEditConflictData(error.data) ? error.data : null
  const fromIssues = failureOfIssues(error.issues, fields, fieldOf)
  // The server's sentence names every problem already; the fields repeat theirs in place.
  return { message: error.message, conflict, fields: fromIssues.fields }
}

/** The form field names of a record: its keys, and nested records' keys as 'a.b'. */
export function fieldNamesOf(values: FieldValues, prefix = ''): string[] {
  const names: string[] = []
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}.${key}` : key
    names.push(name)
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) names.push(...fieldNamesOf(value as FieldValues, name))
  }
  return names
}
