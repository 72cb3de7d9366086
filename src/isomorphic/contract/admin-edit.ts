import { z } from './zod'

// Editing a record in the console (issue 16): every editable record is read with its `version`,
// and every save sends the version it opened. A save from an older version is refused with a 409
// whose `data` is an EditConflictData: who changed which fields since, so the page can show it
// and the member can reload and make their change again. One shape for every kind of record.

/** The version a save was opened from: a positive whole number from the record's read. */
export const EditVersionSchema = z.number({ error: 'must be the version of the record you opened' }).int().positive()

/** One field another member changed since the version that was opened. */
export type EditConflictChange = { field: string; before: unknown; after: unknown; by: string; at: string }

/** The `data` of a stale save's 409. */
export type EditConflictData = { kind: 'editConflict'; currentVersion: number; changes: EditConflictChange[] }

export function isEditConflictData(data: unknown): data is EditConflictData {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'editConflict'
}
