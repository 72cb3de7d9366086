'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, type ReactNode, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { DeliveryMethodDetail, SecretCredential } from '@/isomorphic/contract/admin-delivery'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { DELIVERY_VARIABLES, type DeliveryMethodInput } from '@/isomorphic/contract/store-file-delivery'
import { daySpanOf } from './day-span-fields'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// One delivery method (issue 16), in the store file's shape: the fields follow its kind (a price for
// a fixed method, a rule table for rules, the carrier's address and credentials for USPS, UPS and
// FedEx). Secret credentials are never filled in: their field says whether one is stored, and an
// empty field keeps it.

type Kind = DeliveryMethodInput['deliveryType']
type Rule = NonNullable<DeliveryMethodInput['priceRules']>[number]
type Credentials = NonNullable<DeliveryMethodInput['credentials']>

const KINDS: { value: Kind; label: string }[] = [
  { value: 'fixed', label: 'Fixed price (or pickup)' },
  { value: 'base_on_rule', label: 'By rules (weight, price, quantity…)' },
  { value: 'usps', label: 'USPS rates' },
  { value: 'ups_rubikx', label: 'UPS rates' },
  { value: 'fedex_rubikx', label: 'FedEx rates' },
]

const CARRIER_FIELDS: Record<string, { field: keyof Credentials; label: string; secret: boolean }[]> = {
  usps: [{ field: 'uspsUsername', label: 'USPS user id', secret: true }],
  ups_rubikx: [
    { field: 'upsClientId', label: 'Client id', secret: false },
    { field: 'upsClientSecret', label: 'Client secret', secret: true },
    { field: 'upsAccountNumber', label: 'Account number', secret: false },
  ],
  fedex_rubikx: [
    { field: 'fedexClientid', label: 'Client id', secret: false },
    { field: 'fedexClientsecret', label: 'Client secret', secret: true },
    { field: 'fedexAccountNumber', label: 'Account number', secret: false },
  ],
}

const VARIABLE_LABELS: Record<(typeof DELIVERY_VARIABLES)[number], string> = { weight: 'Weight (lb)', volume: 'Volume', wv: 'Weight × volume', price: 'Order amount', quantity: 'Quantity' }
const OPERATORS = ['<=', '<', '==', '>=', '>'] as const

const numberOr = (value: string, fallback: number) => (value.trim() === '' || !Number.isFinite(Number(value)) ? fallback : Number(value))

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-b border-line py-5 last:border-b-0">
      <legend className="sr-only">{title}</legend>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </fieldset>
  )
}

export function DeliveryMethodForm({ websiteId, currency, detail }: { websiteId: number; currency: string; detail: DeliveryMethodDetail | null }) {
  const router = useRouter()
  const start: DeliveryMethodInput = detail?.method ?? { name: '', deliveryType: 'fixed', price: 0 }
  const [kind, setKind] = useState<Kind>(start.deliveryType)
  const [rules, setRules] = useState<Rule[]>(start.priceRules ?? [])
  const [freeOver, setFreeOver] = useState(start.freeOverAmount !== undefined)
  const [pickup, setPickup] = useState(start.pickupAddress !== undefined)
  const [error, setError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<{ message: string; data: EditConflictData } | null>(null)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)
  const carrier = CARRIER_FIELDS[kind]
  // The version this page's next save is based on: the one read, then each save's own.
  const [version, setVersion] = useState(detail?.version)

  const setRule = (index: number, change: Partial<Rule>) => setRules((current) => current.map((rule, at) => (at === index ? { ...rule, ...change } : rule)))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    const method: DeliveryMethodInput = {
      name: text('name'),
      description: text('description'),
      deliveryType: kind,
      ...transitDaysOf(text('transitMin'), text('transitMax')),
      price: kind === 'fixed' ? numberOr(text('price'), 0) : 0,
      margin: carrier ? numberOr(text('margin'), 0) : 0,
      ...(freeOver ? { freeOverAmount: numberOr(text('freeOverAmount'), 0) } : {}),
      priceRules: kind === 'base_on_rule' ? rules : [],
      ...(carrier && text('url') ? { url: text('url') } : {}),
      credentials: carrier ? Object.fromEntries(carrier.map(({ field }) => [field, text(field)])) : {},
      ...(kind === 'fixed' && pickup
        ? { pickupAddress: { street: text('street'), street2: text('street2') || undefined, city: text('city'), state: text('state').toUpperCase(), zip: text('zip'), country: text('country').toUpperCase() || 'US' } }
        : {}),
      sequence: numberOr(text('sequence'), 0),
      active: data.get('active') === 'on',
    }
    setBusy(true)
    setError(null)
    setConflict(null)
    setSaved(false)
    try {
      const answer = await adminMutation('delivery.saveMethod', { websiteId, id: detail?.id ?? null, ...(version !== undefined ? { version } : {}), method })
      setVersion(answer.version)
      setSaved(true)
      if (!detail) router.push(`/admin/delivery/${answer.id}?store=${websiteId}`)
      else router.refresh()
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.status === 409 && isEditConflictData(failure.data)) setConflict({ message: failure.message, data: failure.data })
      else setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
    } finally {
      setBusy(false)
    }
  }

  const secretHint = (field: SecretCredential) =>
    detail?.secretsSet[field] ? 'Stored. It is never shown; type a new one only to replace it.' : 'Not stored yet.'

  return (
    <form onSubmit={submit} noValidate className="rounded-card border border-line bg-white px-5">
      <div className="grid gap-3 pt-5">
        {conflict ? <EditConflictNotice message={conflict.message} conflict={conflict.data} /> : null}
        <FormError message={error} />
        {saved ? (
          <p role="status" className="rounded-md border border-accent/40 bg-soft px-3 py-2 text-sm">
            Delivery method saved. The checkout offers it from its next quote.
          </p>
        ) : null}
      </div>

      <Section title="Method">
        <Field label="Name" hint="What shoppers see at checkout, e.g. “Ground”.">
          <TextInput name="name" required maxLength={120} defaultValue={start.name} />
        </Field>
        <Field label="Description">
          <TextInput name="description" maxLength={500} defaultValue={start.description ?? ''} />
        </Field>
        <Field label="Kind">
          <select value={kind} onChange={(event) => setKind(event.target.value as Kind)} className={INPUT_CLASS}>
            {KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="In transit from (business days)" hint="Added to the production time for the arrival estimate. A carrier that answers with its own days overrides it.">
            <TextInput name="transitMin" type="number" min={0} max={120} step={1} inputMode="numeric" defaultValue={start.transitDays?.minDays ?? ''} />
          </Field>
          <Field label="In transit to (business days)" hint="Leave both empty for no estimate.">
            <TextInput name="transitMax" type="number" min={0} max={120} step={1} inputMode="numeric" defaultValue={start.transitDays?.maxDays ?? ''} />
          </Field>
        </div>
      </Section>

      <Section title="Price">
        {kind === 'fixed' ? (
          <Field label={`Price (${currency})`}>
            <TextInput name="price" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={start.price ?? 0} />
          </Field>
        ) : null}
        {carrier ? (
          <Field label="Margin (%)" hint="Added to the carrier's rate.">
            <TextInput name="margin" type="number" min={0} step="0.01" inputMode="decimal" defaultValue={start.margin ?? 0} />
          </Field>
        ) : null}
        {kind === 'base_on_rule' ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted">The first rule whose condition holds prices the order: its base price, plus its price per unit of the factor.</p>
            {rules.map((rule, index) => (
              <div key={index} className="grid grid-cols-2 gap-2 rounded-md border border-line p-3 sm:grid-cols-[1fr_5rem_6rem_7rem_7rem_1fr_auto] sm:items-end">
                <Field label="When">
                  <select aria-label={`Rule ${index + 1} variable`} value={rule.variable} onChange={(event) => setRule(index, { variable: event.target.value as Rule['variable'] })} className={INPUT_CLASS}>
                    {DELIVERY_VARIABLES.map((variable) => (
                      <option key={variable} value={variable}>
                        {VARIABLE_LABELS[variable]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="is">
                  <select aria-label={`Rule ${index + 1} operator`} value={rule.operator} onChange={(event) => setRule(index, { operator: event.target.value as Rule['operator'] })} className={INPUT_CLASS}>
                    {OPERATORS.map((operator) => (
                      <option key={operator} value={operator}>
                        {operator}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="Value">
                  <TextInput aria-label={`Rule ${index + 1} value`} type="number" min={0} step="any" value={rule.maxValue} onChange={(event) => setRule(index, { maxValue: numberOr(event.target.value, 0) })} />
                </Field>
                <Field label="Base price">
                  <TextInput aria-label={`Rule ${index + 1} base price`} type="number" min={0} step="0.01" value={rule.listBasePrice} onChange={(event) => setRule(index, { listBasePrice: numberOr(event.target.value, 0) })} />
                </Field>
                <Field label="Per unit">
                  <TextInput aria-label={`Rule ${index + 1} price per unit`} type="number" min={0} step="0.01" value={rule.listPrice ?? 0} onChange={(event) => setRule(index, { listPrice: numberOr(event.target.value, 0) })} />
                </Field>
                <Field label="of">
                  <select aria-label={`Rule ${index + 1} factor`} value={rule.variableFactor ?? 'weight'} onChange={(event) => setRule(index, { variableFactor: event.target.value as Rule['variable'] })} className={INPUT_CLASS}>
                    {DELIVERY_VARIABLES.map((variable) => (
                      <option key={variable} value={variable}>
                        {VARIABLE_LABELS[variable]}
                      </option>
                    ))}
                  </select>
                </Field>
                <button type="button" className={`${SECONDARY_BUTTON_CLASS} col-span-2 sm:col-span-1`} onClick={() => setRules((current) => current.filter((_, at) => at !== index))}>
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className={`${SECONDARY_BUTTON_CLASS} justify-self-start`}
              onClick={() => setRules((current) => [...current, { variable: 'weight', operator: '<=', maxValue: 0, listBasePrice: 0, listPrice: 0, variableFactor: 'weight' }])}
            >
              Add a rule
            </button>
          </div>
        ) : null}
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" checked={freeOver} onChange={(event) => setFreeOver(event.target.checked)} className="size-4 accent-accent" />
          Free from an order amount
        </label>
        {freeOver ? (
          <Field label={`Free from (${currency})`}>
            <TextInput name="freeOverAmount" type="number" min={0.01} step="0.01" inputMode="decimal" defaultValue={start.freeOverAmount ?? ''} />
          </Field>
        ) : null}
      </Section>

      {carrier ? (
        <Section title="Carrier account">
          <Field label="API address" hint="The carrier's https:// address for rates.">
            <TextInput name="url" type="url" defaultValue={start.url ?? ''} />
          </Field>
          {carrier.map(({ field, label, secret }) => (
            <Field key={field} label={label} hint={secret ? secretHint(field as SecretCredential) : undefined}>
              <TextInput
                name={field}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                defaultValue={secret ? '' : (start.credentials?.[field] ?? '')}
                placeholder={secret && detail?.secretsSet[field as SecretCredential] ? '•••••••• (stored)' : ''}
              />
            </Field>
          ))}
        </Section>
      ) : null}

      {kind === 'fixed' ? (
        <Section title="Pickup">
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" checked={pickup} onChange={(event) => setPickup(event.target.checked)} className="size-4 accent-accent" />
            Shoppers collect the order at an address (taxed there, not at the shopper&apos;s)
          </label>
          {pickup ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Street">
                <TextInput name="street" defaultValue={start.pickupAddress?.street ?? ''} />
              </Field>
              <Field label="Street (line 2)">
                <TextInput name="street2" defaultValue={start.pickupAddress?.street2 ?? ''} />
              </Field>
              <Field label="City">
                <TextInput name="city" defaultValue={start.pickupAddress?.city ?? ''} />
              </Field>
              <Field label="State code">
                <TextInput name="state" maxLength={3} defaultValue={start.pickupAddress?.state ?? ''} placeholder="CO" />
              </Field>
              <Field label="ZIP">
                <TextInput name="zip" defaultValue={start.pickupAddress?.zip ?? ''} />
              </Field>
              <Field label="Country code">
                <TextInput name="country" maxLength={2} defaultValue={start.pickupAddress?.country ?? 'US'} />
              </Field>
            </div>
          ) : null}
        </Section>
      ) : null}

      <Section title="Availability">
        <Field label="Position at checkout" hint="Lower numbers come first.">
          <TextInput name="sequence" type="number" min={0} step={1} defaultValue={start.sequence ?? 0} />
        </Field>
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" name="active" defaultChecked={start.active ?? true} className="size-4 accent-accent" />
          Offered at checkout
        </label>
      </Section>

      <div className="sticky bottom-0 -mx-5 flex justify-end gap-3 border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : detail ? 'Save delivery method' : 'Add delivery method'}
        </button>
      </div>
    </form>
  )
}

/** The transit days typed, or nothing (then the method has no estimate of its own). */
function transitDaysOf(min: string, max: string): { transitDays?: { minDays: number; maxDays: number } } {
  const span = daySpanOf(min, max)
  return span ? { transitDays: span } : {}
}
