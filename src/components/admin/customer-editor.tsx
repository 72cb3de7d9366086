'use client'

import { useConsoleForm } from '@/client/admin/use-console-form'
import { adminMutation } from '@/client/admin/admin-api'
import type { CustomerDetail } from '@/isomorphic/contract/admin-customers'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

// A customer's editable fields (issue 16): name, group, approver flag, personal allowance and the
// resale certificate, saved together with the version the page opened (a stale save shows what
// changed), and deactivation / reactivation — on the console's one form path (issue 26).

type Fields = {
  name: string
  groupId: string
  canApproveOrders: boolean
  allowanceAmount: string
  certificateNumber: string
  certificateExpiresOn: string
}

const fieldsOf = (customer: CustomerDetail): Fields => ({
  name: customer.name,
  groupId: customer.groupId === null ? '' : String(customer.groupId),
  canApproveOrders: customer.canApproveOrders,
  allowanceAmount: customer.allowanceAmount === null ? '' : customer.allowanceAmount.toFixed(2),
  certificateNumber: customer.resaleCertificate?.number ?? '',
  certificateExpiresOn: customer.resaleCertificate?.expiresOn ?? '',
})

/** An empty box is "none"; anything else is sent as typed (the contract names what is wrong with it). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text))

export function CustomerEditor({ customer }: { customer: CustomerDetail }) {
  return <CustomerSettings key={customer.version} customer={customer} />
}

function CustomerSettings({ customer }: { customer: CustomerDetail }) {
  const form = useConsoleForm({
    mutation: 'customers.update',
    defaultValues: fieldsOf(customer),
    toValue: (fields) => ({
      customerId: customer.id,
      version: customer.version,
      name: fields.name.trim(),
      groupId: numberOrNull(fields.groupId),
      canApproveOrders: fields.canApproveOrders,
      allowanceAmount: numberOrNull(fields.allowanceAmount),
      resaleCertificate: fields.certificateNumber.trim() === '' ? null : { number: fields.certificateNumber.trim(), expiresOn: fields.certificateExpiresOn || null },
    }),
    fieldOf: { 'resaleCertificate.number': 'certificateNumber', 'resaleCertificate.expiresOn': 'certificateExpiresOn' },
  })
  const { register } = form

  const setActive = (active: boolean) =>
    form.run(() => adminMutation('customers.setActive', { customerId: customer.id, version: customer.version, active }), {
      confirm: active ? undefined : `Deactivate ${customer.email}? They are signed out everywhere and cannot sign in until reactivated.`,
      savedMessage: active ? 'Reactivated.' : 'Deactivated.',
    })

  return (
    <ConsoleForm
      form={form}
      label="Customer settings"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form} />
          {customer.isActive ? (
            <button type="button" disabled={form.busy} onClick={() => setActive(false)} className={`${SECONDARY_BUTTON_CLASS} text-danger`}>
              Deactivate
            </button>
          ) : (
            <button type="button" disabled={form.busy} onClick={() => setActive(true)} className={SECONDARY_BUTTON_CLASS}>
              Reactivate
            </button>
          )}
        </div>
      }
    >
      <h2 className="text-lg font-semibold">Settings</h2>
      <FormField form={form} name="name" label="Name">
        <TextInput {...register('name')} required maxLength={200} />
      </FormField>
      <FormField form={form} name="groupId" label="Group" hint="The group’s allowance program applies to them.">
        <Select {...register('groupId')}>
          <option value="">No group</option>
          {customer.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Select>
      </FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...register('canApproveOrders')} className="size-4 accent-accent" />
        May approve the store’s orders that wait for approval
      </label>
      <FormField form={form} name="allowanceAmount" label={`Personal allowance per period (${customer.currency})`} hint="Empty: the group program’s amount.">
        <TextInput {...register('allowanceAmount')} inputMode="decimal" pattern="\d+(\.\d{1,2})?" />
      </FormField>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Resale certificate</legend>
        <FormField form={form} name="certificateNumber" label="Certificate number" hint="Empty: none on file (no tax-free orders for resale).">
          <TextInput {...register('certificateNumber')} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField form={form} name="certificateExpiresOn" label="Expires on" hint="From this day it no longer counts. Empty: it does not expire.">
          <TextInput {...register('certificateExpiresOn')} type="date" />
        </FormField>
      </fieldset>
      {customer.resaleCertificate?.expired ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">The certificate on file has expired: orders for resale are refused until a current one is entered.</p>
      ) : null}
    </ConsoleForm>
  )
}
