'use client'

import { AdminApiError } from '@/client/admin/admin-api'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { EditConflictNotice } from './edit-conflict-notice'
import { FormError } from './form-fields'

/** What a failed console save says: the server's sentence and each field it named, or a stale edit's changes. */
export type SaveFailure = { message: string; conflict: EditConflictData | null }

export function saveFailure(failure: unknown): SaveFailure {
  if (!(failure instanceof AdminApiError)) return { message: 'Something went wrong. Please try again!', conflict: null }
  const conflict = isEditConflictData(failure.data) ? failure.data : null
  const issues = failure.issues.map((issue) => `${issue.path.replace(/^value\./, '')}: ${issue.message}`)
  const message = issues.length > 0 && !issues.some((issue) => failure.message.includes(issue)) ? `${failure.message} ${issues.join('; ')}` : failure.message
  return { message, conflict }
}

export function SaveFailureNotice({ failure }: { failure: SaveFailure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}
