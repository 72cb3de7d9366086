'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { type ReactNode, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { type CheckoutSectionName, type CheckoutSections, type CheckoutSectionValues, KEPT_SECRET } from '@/isomorphic/contract/admin-checkout'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { BANK_TRANSFER_PROVIDER } from '@/isomorphic/bank-transfer'
import type { OrderExtraFieldInput, OrderOptionInput, PaymentMethodInput, TaxInput } from '@/isomorphic/contract/store-file-checkout'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// The checkout's settings (issue 16), three cards each saved on its own: payment methods, tax, and
// the order's extra fields and options. Each edits its store-file section whole; the server checks
// it with the store file's schema and writes it with the import's writer. A tax secret shows as
// stored; leaving it untouched sends KEPT_SECRET, which keeps it.

const PROVIDERS: { value: string; label: string }[] = [
  { value: 'stripe', label: 'Card (Stripe)' },
  { value: 'wire_transfer', label: 'Bank transfer' },
  { value: 'purchase_order', label: 'Purchase order (signed-in only)' },
  { value: 'invoice', label: 'Invoice (signed-in only)' },
]

const FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox', 'date'] as const

type Save = <K extends CheckoutSectionName>(name: K, value: CheckoutSectionValues[K]) => Promise<boolean>

function useSectionSave(websiteId: number, initial: CheckoutSections) {
  const router = useRouter()
  const [fingerprints, setFingerprints] = useState(() => ({ payments: initial.payments.fingerprint, tax: initial.tax.fingerprint, orderFields: initial.orderFields.fingerprint }))
  const [status, setStatus] = useState<Partial<Record<CheckoutSectionName, { error?: string; conflict?: { message: string; data: EditConflictData }; saved?: boolean; busy?: boolean }>>>({})
  const save: Save = async (name, value) => {
    setStatus((current) => ({ ...current, [name]: { busy: true } }))
    try {
      const answer = await adminMutation('checkout.saveSection', { websiteId, fingerprint: fingerprints[name], section: { name, value } as never })
      setFingerprints({ payments: answer.payments.fingerprint, tax: answer.tax.fingerprint, orderFields: answer.orderFields.fingerprint })
      setStatus((current) => ({ ...current, [name]: { saved: true } }))
      router.refresh()
      return true
    } catch (failure) {
      const problem =
        failure instanceof AdminApiError && failure.status === 409 && isEditConflictData(failure.data)
          ? { conflict: { message: failure.message, data: failure.data } }
          : { error: failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!' }
      setStatus((current) => ({ ...current, [name]: problem }))
      return false
    }
  }
  return { save, status }
}

function Card({ title, description, children, state, onSave, saveLabel }: { title: string; description: string; children: ReactNode; state?: ReturnType<typeof useSectionSave>['status'][CheckoutSectionName]; onSave: () => void; saveLabel: string }) {
  return (
    <section aria-label={title} className="mb-6 rounded-card border border-line bg-white p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 mb-4 text-sm text-muted">{description}</p>
      <div className="grid gap-3">
        {state?.conflict ? <EditConflictNotice message={state.conflict.message} conflict={state.conflict.data} /> : null}
        <FormError message={state?.error ?? null} />
        {children}
      </div>
      <div className="mt-4 flex items-center justify-end gap-3">
        {state?.saved ? (
          <span role="status" className="text-sm text-accent-strong">
            Saved.
          </span>
        ) : null}
        <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={state?.busy} onClick={onSave}>
          {state?.busy ? 'Saving…' : saveLabel}
        </button>
      </div>
    </section>
  )
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} className={`${SECONDARY_BUTTON_CLASS} self-end`} onClick={onClick}>
      Remove
    </button>
  )
}

function replaceAt<T>(list: T[], index: number, change: Partial<T>): T[] {
  return list.map((item, at) => (at === index ? { ...item, ...change } : item))
}

function PaymentMethods({ websiteId, initial, save, state, cardsConfigured }: { websiteId: number; initial: PaymentMethodInput[]; save: Save; state: ReturnType<typeof useSectionSave>['status']['payments']; cardsConfigured: boolean }) {
  const [methods, setMethods] = useState(initial)
  const cardsOfferedWithoutKeys = !cardsConfigured && methods.some((method) => method.provider === 'stripe' && (method.active ?? true))
  return (
    <Card
      title="Payment methods"
      description="In the checkout's order. Purchase order and invoice bill the company, so only signed-in shoppers may use them unless you allow guests."
      state={state}
      saveLabel="Save payment methods"
      onSave={() => void save('payments', { paymentMethods: methods.map((method, index) => ({ ...method, bankDetails: bankDetailsToSave(method), sequence: index + 1 })) })}
    >
      {cardsOfferedWithoutKeys ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Cards are marked as offered, but no Stripe keys are set for this store or the install, so the checkout does not show them. Add the store’s keys under{' '}
          <Link href={`/admin/settings?store=${websiteId}`} className="font-semibold underline">
            Store settings → Card payments
          </Link>
          .
        </p>
      ) : null}
      {methods.map((method, index) => (
        <div key={index} className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-[1fr_14rem_auto]">
          <Field label={`Name of payment method ${index + 1}`}>
            <TextInput value={method.name} maxLength={120} onChange={(event) => setMethods(replaceAt(methods, index, { name: event.target.value }))} />
          </Field>
          <Field label="Kind">
            <select value={method.provider} onChange={(event) => setMethods(replaceAt(methods, index, { provider: event.target.value }))} className={INPUT_CLASS}>
              {PROVIDERS.some((provider) => provider.value === method.provider) ? null : <option value={method.provider}>{method.provider}</option>}
              {PROVIDERS.map((provider) => (
                <option key={provider.value} value={provider.value}>
                  {provider.label}
                </option>
              ))}
            </select>
          </Field>
          <RemoveButton label={`Remove ${method.name || `payment method ${index + 1}`}`} onClick={() => setMethods(methods.filter((_, at) => at !== index))} />
          {method.provider === BANK_TRANSFER_PROVIDER ? <BankDetailsFields index={index} details={method.bankDetails} onChange={(bankDetails) => setMethods(replaceAt(methods, index, { bankDetails }))} /> : null}
          <div className="sm:col-span-3">
            <Field
              label="Instructions"
              hint={
                method.provider === BANK_TRANSFER_PROVIDER
                  ? 'Shown at checkout, and with the bank details on the confirmation, the order page, the mail and the PDF, e.g. how long a transfer takes.'
                  : 'Shown at checkout and in the confirmation.'
              }
            >
              <textarea rows={2} value={method.instructions ?? ''} maxLength={2000} onChange={(event) => setMethods(replaceAt(methods, index, { instructions: event.target.value }))} className={INPUT_CLASS} />
            </Field>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm sm:col-span-3">
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={method.active ?? true} onChange={(event) => setMethods(replaceAt(methods, index, { active: event.target.checked }))} />
              Offered at checkout
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={method.guests ?? !['purchase_order', 'invoice'].includes(method.provider)}
                onChange={(event) => setMethods(replaceAt(methods, index, { guests: event.target.checked }))}
              />
              Guests may use it
            </label>
          </div>
        </div>
      ))}
      <button type="button" className={`${SECONDARY_BUTTON_CLASS} justify-self-start`} onClick={() => setMethods([...methods, { name: '', provider: 'wire_transfer', instructions: '', active: true }])}>
        Add a payment method
      </button>
    </Card>
  )
}

type BankDetailsInput = NonNullable<PaymentMethodInput['bankDetails']>
const BANK_FIELDS: { key: keyof BankDetailsInput; label: string; hint: string; autoComplete: string }[] = [
  { key: 'accountHolder', label: 'Account holder', hint: 'The name the account is in, as the bank has it.', autoComplete: 'off' },
  { key: 'bankName', label: 'Bank', hint: 'The bank’s name (and city, for a wire from abroad).', autoComplete: 'off' },
  { key: 'accountNumber', label: 'IBAN or account number', hint: 'An IBAN is checked for typing mistakes.', autoComplete: 'off' },
  { key: 'routingCode', label: 'BIC / SWIFT or routing number', hint: 'A BIC for an IBAN; the ABA routing number for a US account.', autoComplete: 'off' },
]

/** A bank transfer's details, or none when every field is empty (the method then shows only the amount and the reference). */
function bankDetailsToSave(method: PaymentMethodInput): PaymentMethodInput['bankDetails'] {
  if (method.provider !== BANK_TRANSFER_PROVIDER || !method.bankDetails) return undefined
  return Object.values(method.bankDetails).some((value) => (value ?? '').trim() !== '') ? method.bankDetails : undefined
}

function BankDetailsFields({ index, details, onChange }: { index: number; details: PaymentMethodInput['bankDetails']; onChange: (details: BankDetailsInput) => void }) {
  const current: BankDetailsInput = details ?? { accountHolder: '', accountNumber: '' }
  return (
    <fieldset className="grid gap-3 rounded-md border border-line p-3 sm:col-span-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Bank details</legend>
      <p className="text-xs text-muted sm:col-span-2">
        After a bank-transfer order the shopper sees these with the amount and the order’s reference to quote, on the confirmation, the order page, the mail and the PDF, until you mark the order paid.
      </p>
      {BANK_FIELDS.map((field) => (
        <Field key={field.key} label={field.label} hint={field.hint}>
          <TextInput
            aria-label={`${field.label} of payment method ${index + 1}`}
            autoComplete={field.autoComplete}
            spellCheck={false}
            maxLength={field.key === 'accountNumber' ? 40 : 100}
            value={current[field.key] ?? ''}
            onChange={(event) => onChange({ ...current, [field.key]: event.target.value })}
          />
        </Field>
      ))}
    </fieldset>
  )
}

function Tax({ initial, save, state }: { initial: TaxInput | null; save: Save; state: ReturnType<typeof useSectionSave>['status']['tax'] }) {
  const [tax, setTax] = useState<TaxInput>(initial ?? { taxname: 'builtin', rates: [] })
  const rates = tax.rates ?? []
  const secret = (key: 'key' | 'token', label: string) => {
    const stored = initial?.[key] === KEPT_SECRET
    return (
      <Field label={label} hint={stored ? 'Stored. It is never shown; type a new one only to replace it.' : 'Not stored yet.'}>
        <TextInput
          type="password"
          autoComplete="new-password"
          placeholder={stored ? '•••••••• (stored)' : ''}
          value={tax[key] === KEPT_SECRET ? '' : (tax[key] ?? '')}
          onChange={(event) => setTax({ ...tax, [key]: event.target.value === '' && stored ? KEPT_SECRET : event.target.value || undefined })}
        />
      </Field>
    )
  }
  return (
    <Card
      title="Tax"
      description="The built-in table charges a rate per state (and ZIP prefix); Avalara and a custom service compute it per order."
      state={state}
      saveLabel="Save tax settings"
      onSave={() => void save('tax', { tax })}
    >
      <Field label="Tax service">
        <select value={tax.taxname} onChange={(event) => setTax({ ...tax, taxname: event.target.value as TaxInput['taxname'] })} className={INPUT_CLASS}>
          <option value="builtin">Built-in rate table</option>
          <option value="avatax">Avalara AvaTax</option>
          <option value="custom">Custom tax service</option>
        </select>
      </Field>
      {tax.taxname !== 'builtin' ? (
        <>
          <Field label="Service address" hint="https://…">
            <TextInput type="url" value={tax.url ?? ''} onChange={(event) => setTax({ ...tax, url: event.target.value || undefined })} />
          </Field>
          {secret('token', tax.taxname === 'avatax' ? 'License key or token' : 'Token')}
          {tax.taxname === 'avatax' ? secret('key', 'Account key') : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Company code">
              <TextInput value={tax.companycode ?? 'DEFAULT'} onChange={(event) => setTax({ ...tax, companycode: event.target.value })} />
            </Field>
            <Field label="Customer code" hint="Empty: each shopper's own.">
              <TextInput value={tax.customercode ?? ''} onChange={(event) => setTax({ ...tax, customercode: event.target.value || undefined })} />
            </Field>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-accent" checked={tax.documentrecording ?? false} onChange={(event) => setTax({ ...tax, documentrecording: event.target.checked })} />
            Record orders as documents at the tax service
          </label>
        </>
      ) : (
        <div className="grid gap-2">
          {rates.map((rate, index) => (
            <div key={index} className="grid grid-cols-2 gap-2 rounded-md border border-line p-3 sm:grid-cols-[5rem_5rem_7rem_7rem_1fr_auto] sm:items-end">
              <Field label="Country">
                <TextInput aria-label={`Rate ${index + 1} country`} maxLength={2} value={rate.country} onChange={(event) => setTax({ ...tax, rates: replaceAt(rates, index, { country: event.target.value.toUpperCase() }) })} />
              </Field>
              <Field label="State">
                <TextInput aria-label={`Rate ${index + 1} state`} maxLength={3} value={rate.state} onChange={(event) => setTax({ ...tax, rates: replaceAt(rates, index, { state: event.target.value.toUpperCase() }) })} />
              </Field>
              <Field label="ZIP prefix">
                <TextInput aria-label={`Rate ${index + 1} ZIP prefix`} maxLength={5} value={rate.zipPrefix ?? ''} onChange={(event) => setTax({ ...tax, rates: replaceAt(rates, index, { zipPrefix: event.target.value.toUpperCase() }) })} />
              </Field>
              <Field label="Rate (%)">
                <TextInput aria-label={`Rate ${index + 1} percent`} type="number" min={0} max={100} step="0.0001" value={rate.ratePercent} onChange={(event) => setTax({ ...tax, rates: replaceAt(rates, index, { ratePercent: Number(event.target.value) }) })} />
              </Field>
              <label className="flex items-center gap-2 self-end pb-2 text-sm">
                <input type="checkbox" className="size-4 accent-accent" checked={rate.shippingTaxable ?? false} onChange={(event) => setTax({ ...tax, rates: replaceAt(rates, index, { shippingTaxable: event.target.checked }) })} />
                Delivery taxed
              </label>
              <RemoveButton label={`Remove rate ${index + 1}`} onClick={() => setTax({ ...tax, rates: rates.filter((_, at) => at !== index) })} />
            </div>
          ))}
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} justify-self-start`} onClick={() => setTax({ ...tax, rates: [...rates, { country: 'US', state: '', zipPrefix: '', ratePercent: 0 }] })}>
            Add a rate
          </button>
        </div>
      )}
    </Card>
  )
}

/** Whom a field asks, as one select value: 'everyone', 'customers' or 'group:<code>'. */
const audienceValue = (field: OrderExtraFieldInput) => (field.askedOf === 'group' ? `group:${field.group ?? ''}` : (field.askedOf ?? 'everyone'))
function audienceChange(value: string): Pick<OrderExtraFieldInput, 'askedOf' | 'group'> {
  if (value.startsWith('group:')) return { askedOf: 'group', group: value.slice('group:'.length) }
  return { askedOf: value === 'customers' ? 'customers' : 'everyone', group: undefined }
}

function OrderFields({
  initial,
  currency,
  save,
  state,
  groups,
}: {
  initial: CheckoutSectionValues['orderFields']
  currency: string
  save: Save
  state: ReturnType<typeof useSectionSave>['status']['orderFields']
  groups: { code: string; name: string }[]
}) {
  const [fields, setFields] = useState<OrderExtraFieldInput[]>(initial.orderExtraFields)
  const [options, setOptions] = useState<OrderOptionInput[]>(initial.orderOptions)
  return (
    <Card
      title="Order fields and options"
      description="Extra questions the checkout asks (a cost center, a department), and options a shopper may add to the order (gift wrap, rush decoration)."
      state={state}
      saveLabel="Save order fields"
      onSave={() =>
        void save('orderFields', {
          orderExtraFields: fields.map((field, index) => ({ ...field, sequence: index + 1 })),
          orderOptions: options.map((option, index) => ({ ...option, sequence: index + 1 })),
        })
      }
    >
      <h3 className="text-sm font-semibold">Extra fields</h3>
      {fields.map((field, index) => (
        <div key={index} className="grid gap-2 rounded-md border border-line p-3 sm:grid-cols-[10rem_1fr_8rem_auto] sm:items-end">
          <Field label="Name" hint="Lowercase, e.g. cost_center">
            <TextInput aria-label={`Field ${index + 1} name`} value={field.name} onChange={(event) => setFields(replaceAt(fields, index, { name: event.target.value }))} />
          </Field>
          <Field label="Label">
            <TextInput aria-label={`Field ${index + 1} label`} value={field.label} onChange={(event) => setFields(replaceAt(fields, index, { label: event.target.value }))} />
          </Field>
          <Field label="Type">
            <select aria-label={`Field ${index + 1} type`} value={field.type} onChange={(event) => setFields(replaceAt(fields, index, { type: event.target.value as OrderExtraFieldInput['type'] }))} className={INPUT_CLASS}>
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
          <RemoveButton label={`Remove field ${field.label || index + 1}`} onClick={() => setFields(fields.filter((_, at) => at !== index))} />
          {field.type === 'select' ? (
            <div className="sm:col-span-4">
              <Field label="Choices" hint="One per line.">
                <textarea
                  aria-label={`Field ${index + 1} choices`}
                  rows={3}
                  value={(field.options ?? []).join('\n')}
                  onChange={(event) => setFields(replaceAt(fields, index, { options: event.target.value.split('\n').filter((line) => line.trim() !== '') }))}
                  className={INPUT_CLASS}
                />
              </Field>
            </div>
          ) : null}
          <div className="flex flex-wrap items-end gap-x-6 gap-y-2 sm:col-span-4">
            <Field label="Asked of" hint="A guest is never asked a field for customers: employees’ cost centers stay with employees.">
              <select aria-label={`Field ${index + 1} asked of`} value={audienceValue(field)} onChange={(event) => setFields(replaceAt(fields, index, audienceChange(event.target.value)))} className={INPUT_CLASS}>
                <option value="everyone">Everyone</option>
                <option value="customers">Signed-in customers</option>
                {groups.map((group) => (
                  <option key={group.code} value={`group:${group.code}`}>
                    Customers in {group.name}
                  </option>
                ))}
              </select>
            </Field>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input type="checkbox" className="size-4 accent-accent" checked={field.required ?? false} onChange={(event) => setFields(replaceAt(fields, index, { required: event.target.checked }))} />
              Required
            </label>
          </div>
        </div>
      ))}
      <button type="button" className={`${SECONDARY_BUTTON_CLASS} justify-self-start`} onClick={() => setFields([...fields, { name: '', label: '', type: 'text' }])}>
        Add a field
      </button>
      <h3 className="mt-2 text-sm font-semibold">Options</h3>
      {options.map((option, index) => (
        <div key={index} className="grid gap-2 rounded-md border border-line p-3 sm:grid-cols-[10rem_1fr_8rem_auto] sm:items-end">
          <Field label="Name">
            <TextInput aria-label={`Option ${index + 1} name`} value={option.name} onChange={(event) => setOptions(replaceAt(options, index, { name: event.target.value }))} />
          </Field>
          <Field label="Label">
            <TextInput aria-label={`Option ${index + 1} label`} value={option.label} onChange={(event) => setOptions(replaceAt(options, index, { label: event.target.value }))} />
          </Field>
          <Field label={`Price (${currency})`}>
            <TextInput aria-label={`Option ${index + 1} price`} type="number" min={0} step="0.01" value={option.price ?? 0} onChange={(event) => setOptions(replaceAt(options, index, { price: Number(event.target.value) }))} />
          </Field>
          <RemoveButton label={`Remove option ${option.label || index + 1}`} onClick={() => setOptions(options.filter((_, at) => at !== index))} />
        </div>
      ))}
      <button type="button" className={`${SECONDARY_BUTTON_CLASS} justify-self-start`} onClick={() => setOptions([...options, { name: '', label: '', price: 0 }])}>
        Add an option
      </button>
    </Card>
  )
}

export function CheckoutSettings({
  websiteId,
  currency,
  sections,
  groups,
  cardsConfigured,
}: {
  websiteId: number
  currency: string
  sections: CheckoutSections
  /** The store's customer groups, whom an order field may ask. */
  groups: { code: string; name: string }[]
  /** Stripe keys are set for the store or the install: cards can be taken. */
  cardsConfigured: boolean
}) {
  const { save, status } = useSectionSave(websiteId, sections)
  return (
    <>
      <PaymentMethods websiteId={websiteId} initial={sections.payments.value.paymentMethods} save={save} state={status.payments} cardsConfigured={cardsConfigured} />
      <Tax initial={sections.tax.value.tax} save={save} state={status.tax} />
      <OrderFields initial={sections.orderFields.value} currency={currency} save={save} state={status.orderFields} groups={groups} />
    </>
  )
}
