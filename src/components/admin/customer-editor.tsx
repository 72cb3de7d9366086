'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { CustomerDetail } from '@/isomorphic/contract/admin-customers'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// A customer's editable fields (issue 16): name, group, approver flag, personal allowance and the
// resale certificate, saved together with the version the page opened (a stale save shows what
// changed), and deactivation / reactivation.

type Failure = { message: string; conflict: EditConflictData | null }

function failureOf(error: unknown): Failure {
  if (error instanceof AdminApiError) return { message: error.message, conflict: isEditConflictData(error.data) ? error.data : null }
  return { message: 'Something went wrong. Please try again!', conflict: null }
}

function Problem({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}

export function CustomerEditor({ customer }: { customer: CustomerDetail }) {
  const router = useRouter()
  const [failure, setFailure] = useState<Failure | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const allowance = text('allowanceAmount')
    const certificate = text('certificateNumber')
    setBusy(true)
    setFailure(null)
    setSaved(false)
    try {
      await adminMutation('customers.update', {
        customerId: customer.id,
        version: customer.version,
        name: text('name'),
        groupId: text('groupId') ? Number(text('groupId')) : null,
        canApproveOrders: data.get('canApproveOrders') === 'on',
        allowanceAmount: allowance === '' ? null : Number(allowance),
        resaleCertificate: certificate === '' ? null : { number: certificate, expiresOn: text('certificateExpiresOn') || null },
      })
      setSaved(true)
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  async function setActive(active: boolean) {
    if (!active && !window.confirm(`Deactivate ${customer.email}? They are signed out everywhere and cannot sign in until reactivated.`)) return
    setBusy(true)
    setFailure(null)
    setSaved(false)
    try {
      await adminMutation('customers.setActive', { customerId: customer.id, version: customer.version, active })
      router.refresh()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form key={customer.version} onSubmit={save} aria-label="Customer settings" className="space-y-4 rounded-card border border-line bg-white p-4">
      <h2 className="text-lg font-semibold">Settings</h2>
      <Field label="Name">
        <TextInput name="name" defaultValue={customer.name} required maxLength={200} />
      </Field>
      <Field label="Group" hint="The group’s allowance program applies to them.">
        <select name="groupId" defaultValue={customer.groupId ?? ''} className={INPUT_CLASS}>
          <option value="">No group</option>
          {customer.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="canApproveOrders" defaultChecked={customer.canApproveOrders} className="size-4 accent-accent" />
        May approve the store’s orders that wait for approval
      </label>
      <Field label={`Personal allowance per period (${customer.currency})`} hint="Empty: the group program’s amount.">
        <TextInput name="allowanceAmount" inputMode="decimal" pattern="\d+(\.\d{1,2})?" defaultValue={customer.allowanceAmount === null ? '' : customer.allowanceAmount.toFixed(2)} />
      </Field>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Resale certificate</legend>
        <Field label="Certificate number" hint="Empty: none on file (no tax-free orders for resale).">
          <TextInput name="certificateNumber" defaultValue={customer.resaleCertificate?.number ?? ''} maxLength={100} autoComplete="off" />
        </Field>
        <Field label="Expires on" hint="From this day it no longer counts. Empty: it does not expire.">
          <TextInput name="certificateExpiresOn" type="date" defaultValue={customer.resaleCertificate?.expiresOn ?? ''} />
        </Field>
      </fieldset>
      {customer.resaleCertificate?.expired ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">The certificate on file has expired: orders for resale are refused until a current one is entered.</p>
      ) : null}
      <Problem failure={failure} />
      {saved ? (
        <p role="status" className="text-sm">
          Saved.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        {customer.isActive ? (
          <button type="button" disabled={busy} onClick={() => setActive(false)} className={`${SECONDARY_BUTTON_CLASS} text-danger`}>
            Deactivate
          </button>
        ) : (
          <button type="button" disabled={busy} onClick={() => setActive(true)} className={SECONDARY_BUTTON_CLASS}>
            Reactivate
          </button>
        )}
      </div>
    </form>
  )
}
