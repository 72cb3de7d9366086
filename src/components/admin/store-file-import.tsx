'use client'

import { useRouter } from 'next/navigation'
import { type ChangeEvent, useState } from 'react'
import { AdminApiError } from '@/client/admin/admin-api'
import { uploadStoreFile } from '@/client/admin/store-file-api'
import { STORE_FILE_MAX_UPLOAD_BYTES, type StoreFileEntityReport, type StoreFileImportReport, type StoreFileRefusalData } from '@/isomorphic/contract/admin-store-file'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The store file's import (issue 16): choose a .zip or store.json, check it (a dry run: the whole
// import in a transaction that is rolled back), read what it would add, change and remove, then
// apply it. Applying sends the same file again and runs the real import.

/** The importer's kinds of record, as an operator calls them, in the order the report lists them. */
const ENTITY_LABELS: Record<string, string> = {
  websites: 'Store settings',
  products: 'Products',
  variants: 'Variants (colour × size)',
  productImages: 'Product images',
  productCategories: 'Product categories',
  productAttributeValues: 'Product colours and sizes',
  variantLogos: 'Variant logos',
  categories: 'Categories',
  brands: 'Brands',
  colors: 'Colours',
  sizes: 'Sizes',
  sizeValues: 'Size list',
  logos: 'Logos',
  logoMethods: 'Logo decoration methods',
  decorationPartners: 'Decoration partners',
  homePage: 'Home page',
  contentPages: 'Content pages',
  deliveryMethods: 'Delivery methods',
  priceRules: 'Delivery price rules',
  paymentMethods: 'Payment methods',
  taxCredentials: 'Tax settings',
  taxRates: 'Tax rates',
  promotions: 'Promotions',
  orderExtraFields: 'Checkout fields',
  orderOptions: 'Order options',
  countries: 'Countries',
  states: 'States',
  shippingCountries: 'Shipping countries',
  decorationMethods: 'Decoration methods',
  printAreas: 'Print areas',
  decorationSettings: 'Decoration editor settings',
  accounts: 'Accounts',
  giftCards: 'Gift cards',
}

const ORDER = Object.keys(ENTITY_LABELS)
const labelOf = (entity: string) => ENTITY_LABELS[entity] ?? entity
const sorted = (rows: StoreFileEntityReport[]) => [...rows].sort((a, b) => (ORDER.indexOf(a.entity) + 1 || 999) - (ORDER.indexOf(b.entity) + 1 || 999))
const changes = (row: StoreFileEntityReport) => row.created + row.updated + row.removed

function Details({ row }: { row: StoreFileEntityReport }) {
  const { created, updated, removed } = row.details
  const more = (shown: number, total: number) => (total > shown ? <li className="text-muted">… and {total - shown} more</li> : null)
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-accent">Which records</summary>
      <div className="mt-2 grid gap-2 text-xs sm:grid-cols-3">
        {created.length > 0 ? (
          <div>
            <p className="font-semibold">Added</p>
            <ul className="break-words">
              {created.map((key) => (
                <li key={key}>{key}</li>
              ))}
              {more(created.length, row.created)}
            </ul>
          </div>
        ) : null}
        {updated.length > 0 ? (
          <div>
            <p className="font-semibold">Changed</p>
            <ul className="break-words">
              {updated.map((entry) => (
                <li key={entry.key}>
                  {entry.key} <span className="text-muted">({entry.fields.join(', ')})</span>
                </li>
              ))}
              {more(updated.length, row.updated)}
            </ul>
          </div>
        ) : null}
        {removed.length > 0 ? (
          <div>
            <p className="font-semibold">Removed or switched off</p>
            <ul className="break-words">
              {removed.map((key) => (
                <li key={key}>{key}</li>
              ))}
              {more(removed.length, row.removed)}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  )
}

function ReportTable({ report }: { report: StoreFileImportReport }) {
  const rows = sorted(report.entities).filter((row) => changes(row) > 0)
  const unchanged = report.entities.filter((row) => changes(row) === 0).length
  if (rows.length === 0) return <p className="mt-3 text-sm">Nothing would change: the store already holds what this file says.</p>
  return (
    <>
      <table className="mt-3 w-full text-left text-sm" aria-label="Changes by kind of record">
        <thead className="hidden border-b border-line text-muted md:table-header-group">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Records
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Added
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Changed
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Removed
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.entity} data-entity={row.entity} className="block border-b border-line py-2 md:table-row md:py-0">
              <th scope="row" className="block pr-3 font-medium md:table-cell md:py-2 md:align-top">
                {labelOf(row.entity)}
                <Details row={row} />
              </th>
              <td className="inline-block pr-4 tabular-nums md:table-cell md:px-3 md:py-2 md:text-right md:align-top">
                <span className="md:hidden">Added </span>
                {row.created}
              </td>
              <td className="inline-block pr-4 tabular-nums md:table-cell md:px-3 md:py-2 md:text-right md:align-top" data-testid={`changed-${row.entity}`}>
                <span className="md:hidden">Changed </span>
                {row.updated}
              </td>
              <td className="inline-block tabular-nums md:table-cell md:px-3 md:py-2 md:text-right md:align-top">
                <span className="md:hidden">Removed </span>
                {row.removed}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {unchanged > 0 ? <p className="mt-2 text-xs text-muted">{unchanged} other kinds of record stay as they are.</p> : null}
    </>
  )
}

function Problems({ refusal }: { refusal: StoreFileRefusalData }) {
  return (
    <ul className="mt-2 max-h-96 overflow-y-auto rounded-md border border-danger/30 bg-red-50 p-3 font-mono text-xs text-danger" aria-label="Problems in the file">
      {refusal.issues.map((issue, index) => (
        <li key={index} className="break-words">
          {refusal.fileLabel}
          {issue.line !== null ? ` line ${issue.line}` : ''}: {issue.path ? `${issue.path}: ` : ''}
          {issue.message}
        </li>
      ))}
    </ul>
  )
}

export function StoreFileImport({ websiteId, storeName }: { websiteId: number; storeName: string }) {
  const router = useRouter()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<StoreFileRefusalData | null>(null)
  const [report, setReport] = useState<StoreFileImportReport | null>(null)

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null
    setReport(null)
    setRefusal(null)
    setError(null)
    if (chosen && chosen.size > STORE_FILE_MAX_UPLOAD_BYTES) {
      setError(`This file is ${Math.round(chosen.size / 1_000_000)} MB; the console takes up to ${STORE_FILE_MAX_UPLOAD_BYTES / 1_000_000} MB. Import a store this big with npm run store:import on the server.`)
      setFile(null)
      return
    }
    setFile(chosen)
  }

  async function run(dryRun: boolean) {
    if (!file) {
      setError('Choose a store file (.zip or .json) first.')
      return
    }
    setBusy(dryRun ? 'check' : 'apply')
    setError(null)
    setRefusal(null)
    try {
      const answer = await uploadStoreFile(websiteId, file, dryRun)
      setReport(answer)
      if (!dryRun) router.refresh()
    } catch (failure) {
      setReport(null)
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
      const data = failure instanceof AdminApiError ? (failure.data as StoreFileRefusalData | null) : null
      if (data && Array.isArray(data.issues)) setRefusal(data)
    } finally {
      setBusy(null)
    }
  }

  const pending = report?.dryRun === true
  return (
    <section aria-labelledby="import-heading" className="rounded-card border border-line bg-white p-5">
      <h2 id="import-heading" className="text-lg font-semibold">
        Import a store file
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">
        Upload the .zip exported above (or its store.json alone, edited: the images it names are taken from this store). First check it: the whole import runs and is undone, and you see what it
        would add, change and remove in {storeName}. Nothing changes until you apply it. Up to {STORE_FILE_MAX_UPLOAD_BYTES / 1_000_000} MB.
      </p>
      <div className="mt-4 grid max-w-xl gap-3">
        <Field label="File to import">
          <input type="file" name="storeFile" accept=".zip,.json,application/zip,application/json" onChange={choose} className={INPUT_CLASS} />
        </Field>
        <FormError message={error} />
        {refusal ? <Problems refusal={refusal} /> : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={!file || busy !== null} onClick={() => run(true)}>
            {busy === 'check' ? 'Checking…' : 'Check the file (dry run)'}
          </button>
        </div>
      </div>
      {report ? (
        <div role="status" className="mt-6 border-t border-line pt-4" aria-live="polite">
          <h3 className="font-semibold">{report.dryRun ? `What importing ${report.fileName} would do` : `${report.fileName} was imported`}</h3>
          <ReportTable report={report} />
          {!report.dryRun ? <p className="mt-3 text-sm">The shop shows the changes now.</p> : null}
          {pending && report.entities.some((row) => changes(row) > 0) ? (
            <button type="button" className={`${PRIMARY_BUTTON_CLASS} mt-4`} disabled={busy !== null} onClick={() => run(false)}>
              {busy === 'apply' ? 'Importing…' : 'Apply this import'}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
