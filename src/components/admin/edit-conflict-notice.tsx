'use client'

import type { EditConflictData } from '@/isomorphic/contract/admin-edit'

// What a stale save (409) shows (issue 16): the server's sentence, then each field another member
// changed since this page was opened, with its old and new value, and a way to load the record
// again. The member's own typing stays in the form until they reload.

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

export function EditConflictNotice({ message, conflict }: { message: string; conflict: EditConflictData }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-ink">
      <p className="font-semibold">{message}</p>
      {conflict.changes.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {conflict.changes.map((change, index) => (
            <li key={`${change.field}-${index}`} className="break-words">
              <span className="font-medium">{change.field}</span>: <s className="text-muted">{show(change.before)}</s> → {show(change.after)}{' '}
              <span className="text-xs text-muted">
                ({change.by}, {new Date(change.at).toLocaleString()})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="mt-2 text-sm font-semibold text-accent underline" onClick={() => window.location.reload()}>
        Reload the latest version
      </button>
    </div>
  )
}
