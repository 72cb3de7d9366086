import Link from 'next/link'
import { describeAuditRow, type SentencePart } from '@/isomorphic/audit-sentences'
import type { AuditPage, AuditRow } from '@/isomorphic/contract/admin-staff'

// One row of the audit log (issue 26): the sentence (who did what to which record, the record a
// link to its console page), when and where, and the raw before/after behind "Details".

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1))

function Part({ part }: { part: SentencePart }) {
  if (typeof part === 'string') return part
  if (part.href === null) return <span className="font-medium">{part.text}</span>
  return (
    <Link href={part.href} className="font-medium text-accent underline underline-offset-2 hover:text-accent-strong">
      {part.text}
    </Link>
  )
}

export function AuditEntry({ row, page, storeName }: { row: AuditRow; page: AuditPage; storeName: string }) {
  const parts = describeAuditRow(row, {
    actor: row.staffId === null ? null : (page.labels[`staff:${row.staffId}`]?.name ?? null),
    currency: page.currencies[String(row.websiteId)] ?? 'USD',
    labelOf: (type, id) => page.labels[`${type}:${id}`] ?? null,
  })
  const [actor, ...rest] = parts
  return (
    <li className="rounded-card border border-line bg-white p-4 text-sm">
      <p className="[overflow-wrap:anywhere]">
        <span className="font-semibold">{typeof actor === 'string' ? actor : actor?.text}</span>
        {rest.map((part, index) => (
          <Part key={index} part={part} />
        ))}
      </p>
      <p className="mt-1 text-muted">
        <time dateTime={row.createdAt}>{new Date(row.createdAt).toISOString().replace('T', ' ').slice(0, 16)} UTC</time> · {storeName}
        {row.ip ? ` · ${row.ip}` : ''}
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-muted hover:text-ink">Details</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Action</dt>
          <dd className="font-mono break-all">{row.action}</dd>
          <dt className="text-muted">Record</dt>
          <dd className="font-mono break-all">
            {row.entityType} {row.entityId}
          </dd>
          <dt className="text-muted">By</dt>
          <dd className="break-all">
            {row.staffEmail} ({row.role.replaceAll('_', ' ')})
          </dd>
        </dl>
        {row.before !== null || row.after !== null ? (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <div>
              <p className="text-xs text-muted">Before</p>
              <pre className="overflow-x-auto rounded bg-soft p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{json(row.before)}</pre>
            </div>
            <div>
              <p className="text-xs text-muted">After</p>
              <pre className="overflow-x-auto rounded bg-soft p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{json(row.after)}</pre>
            </div>
          </div>
        ) : null}
      </details>
    </li>
  )
}
