'use client'

import Link from 'next/link'
import { type ChangeEvent, useState } from 'react'
import { AdminApiError, adminRosterImport } from '@/client/admin/admin-api'
import { ROSTER_MAX_BYTES, type RosterReport } from '@/isomorphic/contract/admin-customers'
import { FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The roster import (issue 16): a CSV chosen or pasted, a dry run that shows what would be created,
// changed (field by field) and deactivated and every row's problem by its line, then "Import N
// changes", which writes the same plan in one transaction (or nothing).

const EXAMPLE = 'email,name,group,allowance,approver,active\nana.ruiz@example.com,Ana Ruiz,Sales,150.00,no,yes\n'

function reportOf(error: unknown): RosterReport | null {
  if (!(error instanceof AdminApiError) || !error.data) return null
  const data = error.data as { kind?: unknown; report?: RosterReport }
  return data.kind === 'rosterReport' && data.report ? data.report : null
}

function Count({ label, value, tone = '' }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-md border border-line bg-white p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  )
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return null
  return (
    <div className="overflow-x-auto rounded-card border border-line bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left font-semibold">
          {caption} ({rows.length})
        </caption>
        <thead className="border-y border-line bg-soft text-muted">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-1.5 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row, index) => (
            <tr key={index} className="align-top">
              {row.map((cell, column) => (
                <td key={column} className="px-3 py-1.5 break-words">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function RosterImport({ websiteId, storeName }: { websiteId: number; storeName: string }) {
  const [csv, setCsv] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const [deactivateMissing, setDeactivateMissing] = useState(false)
  const [report, setReport] = useState<RosterReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    setReport(null)
    setError(null)
    if (!file) return
    if (file.size > ROSTER_MAX_BYTES) {
      setError(`The file is larger than ${ROSTER_MAX_BYTES / 1024 / 1024} MB: split the roster into smaller files.`)
      return
    }
    setFileName(file.name)
    setCsv(await file.text())
  }

  async function run(dryRun: boolean) {
    setBusy(true)
    setError(null)
    try {
      setReport(await adminRosterImport({ websiteId, csv, deactivateMissing, dryRun }))
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
      const refused = reportOf(failure)
      if (refused) setReport(refused)
    } finally {
      setBusy(false)
    }
  }

  const ready = report !== null && !report.applied && report.problems.length === 0 && report.changes > 0
  return (
    <div className="space-y-4">
      <section className="space-y-3 rounded-card border border-line bg-white p-4">
        <p className="text-sm text-muted">
          A CSV file with a header row; the columns are <code>email</code> (required), <code>name</code>, <code>group</code>, <code>allowance</code> (dollars per period; empty: the
          group’s), <code>approver</code> and <code>active</code> (yes/no, true/false, 1/0). A column left out is left as it is. At most 2 MB and 10,000 rows. Into: <strong>{storeName}</strong>.
        </p>
        <label className="block text-sm font-medium">
          Choose a file
          <input type="file" accept=".csv,text/csv" onChange={choose} className="mt-1 block w-full text-sm" />
        </label>
        <label className="block text-sm font-medium">
          …or paste the roster
          <textarea
            value={csv}
            onChange={(event) => {
              setCsv(event.target.value)
              setFileName(null)
              setReport(null)
            }}
            rows={8}
            placeholder={EXAMPLE}
            spellCheck={false}
            className={`${INPUT_CLASS} font-mono text-xs`}
          />
        </label>
        {fileName ? <p className="text-xs text-muted">Read from {fileName}.</p> : null}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={deactivateMissing}
            onChange={(event) => {
              setDeactivateMissing(event.target.checked)
              setReport(null)
            }}
            className="size-4 accent-accent"
          />
          Deactivate people not in the roster
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="button" disabled={busy || csv.trim() === ''} onClick={() => run(true)} className={SECONDARY_BUTTON_CLASS}>
            {busy && !ready ? 'Checking…' : 'Dry run'}
          </button>
          {ready ? (
            <button type="button" disabled={busy} onClick={() => run(false)} className={PRIMARY_BUTTON_CLASS}>
              {busy ? 'Importing…' : `Import ${report.changes} ${report.changes === 1 ? 'change' : 'changes'}`}
            </button>
          ) : null}
        </div>
        <FormError message={error} />
      </section>

      {report ? (
        <section aria-label="Roster report" className="space-y-3">
          <p role="status" className="font-semibold">
            {report.applied
              ? `Imported: ${report.changes} ${report.changes === 1 ? 'change' : 'changes'} written.`
              : report.problems.length > 0
                ? `Dry run: ${report.problems.length} ${report.problems.length === 1 ? 'problem' : 'problems'} to fix before anything can be imported.`
                : report.changes === 0
                  ? 'Dry run: nothing to change — the store already matches this roster.'
                  : `Dry run: ${report.changes} ${report.changes === 1 ? 'change' : 'changes'} ready. Nothing has been written yet.`}
          </p>
          {report.applied ? (
            <Link href={`/admin/customers?store=${websiteId}`} className="text-sm font-semibold text-accent underline">
              See the customers
            </Link>
          ) : null}
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-6">
            <Count label="Rows" value={report.rows} />
            <Count label="New" value={report.created.length} />
            <Count label="Changed" value={report.changed.length} />
            <Count label="Deactivated" value={report.deactivated.length} />
            <Count label="Unchanged" value={report.unchanged} />
            <Count label="Problems" value={report.problems.length} tone={report.problems.length > 0 ? 'text-danger' : ''} />
          </dl>
          {report.groupsCreated.length > 0 ? <p className="text-sm">New groups: {report.groupsCreated.join(', ')}</p> : null}
          <Table caption="Problems" head={['Line', 'Problem']} rows={report.problems.map((problem) => [problem.line, problem.message])} />
          <Table
            caption="New customers"
            head={['Line', 'Email', 'Name', 'Group', 'Allowance', 'Approver', 'Active']}
            rows={report.created.map((row) => [row.line, row.email, row.name, row.group ?? '—', row.allowance === null ? '—' : row.allowance.toFixed(2), row.approver ? 'yes' : 'no', row.active ? 'yes' : 'no'])}
          />
          <Table
            caption="Changed customers"
            head={['Line', 'Email', 'Changes']}
            rows={report.changed.map((row) => [row.line, row.email, row.changes.map((change) => `${change.field}: ${change.before || '—'} → ${change.after || '—'}`).join('; ')])}
          />
          <Table caption="Deactivated (not in the roster)" head={['Email', 'Name']} rows={report.deactivated.map((row) => [row.email, row.name])} />
        </section>
      ) : null}
    </div>
  )
}
