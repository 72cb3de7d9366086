'use client'

import { useRouter } from 'next/navigation'
import type { ReactNode } from 'react'
import { useFieldArray } from 'react-hook-form'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { DeliveryMethodDetail, SecretCredential } from '@/isomorphic/contract/admin-delivery'
import { DELIVERY_VARIABLES, type DeliveryMethodInput } from '@/isomorphic/contract/store-file-delivery'
import { daySpanOf } from './day-span-fields'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { Field, SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

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

type RuleFields = { variable: Rule['variable']; operator: Rule['operator']; maxValue: string; listBasePrice: string; listPrice: string; variableFactor: Rule['variable'] }
type MethodFields = {
  name: string
  description: string
  kind: Kind
  transitMin: string
  transitMax: string
  price: string
  margin: string
  freeOver: boolean
  freeOverAmount: string
  rules: RuleFields[]
  url: string
  credentials: Record<string, string>
  pickup: boolean
  street: string
  street2: string
  city: string
  state: string
  zip: string
  country: string
  sequence: string
  active: boolean
}

const text = (value: number | undefined | null) => (value === undefined || value === null ? '' : String(value))

function fieldsOf(start: DeliveryMethodInput): MethodFields {
  const credentials = start.credentials ?? {}
  return {
    name: start.name,
    description: start.description ?? '',
    kind: start.deliveryType,
    transitMin: text(start.transitDays?.minDays),
    transitMax: text(start.transitDays?.maxDays),
    price: text(start.price ?? 0),
    margin: text(start.margin ?? 0),
    freeOver: start.freeOverAmount !== undefined,
    freeOverAmount: text(start.freeOverAmount),
    rules: (start.priceRules ?? []).map((rule) => ({ ...rule, maxValue: text(rule.maxValue), listBasePrice: text(rule.listBasePrice), listPrice: text(rule.listPrice ?? 0), variableFactor: rule.variableFactor ?? 'weight' })),
    url: start.url ?? '',
    // Secrets are never filled in: an empty field keeps the stored one.
    credentials: Object.fromEntries(Object.values(CARRIER_FIELDS).flat().map(({ field, secret }) => [field, secret ? '' : String(credentials[field] ?? '')])),
    pickup: start.pickupAddress !== undefined,
    street: start.pickupAddress?.street ?? '',
    street2: start.pickupAddress?.street2 ?? '',
    city: start.pickupAddress?.city ?? '',
    state: start.pickupAddress?.state ?? '',
    zip: start.pickupAddress?.zip ?? '',
    country: start.pickupAddress?.country ?? 'US',
    sequence: text(start.sequence ?? 0),
    active: start.active ?? true,
  }
}

/** The store file's shape of the method from what was typed. */
function methodOf(fields: MethodFields): DeliveryMethodInput {
  const carrier = CARRIER_FIELDS[fields.kind]
  const trimmed = (value: string) => value.trim()
  return {
    name: trimmed(fields.name),
    description: trimmed(fields.description),
    deliveryType: fields.kind,
    ...transitDaysOf(fields.transitMin.trim(), fields.transitMax.trim()),
    price: fields.kind === 'fixed' ? numberOr(fields.price, 0) : 0,
    margin: carrier ? numberOr(fields.margin, 0) : 0,
    ...(fields.freeOver ? { freeOverAmount: numberOr(fields.freeOverAmount, 0) } : {}),
    priceRules:
      fields.kind === 'base_on_rule'
        ? fields.rules.map((rule) => ({ ...rule, maxValue: numberOr(rule.maxValue, 0), listBasePrice: numberOr(rule.listBasePrice, 0), listPrice: numberOr(rule.listPrice, 0) }))
        : [],
    ...(carrier && trimmed(fields.url) ? { url: trimmed(fields.url) } : {}),
    credentials: carrier ? Object.fromEntries(carrier.map(({ field }) => [field, trimmed(fields.credentials[field] ?? '')])) : {},
    ...(fields.kind === 'fixed' && fields.pickup
      ? {
          pickupAddress: {
            street: trimmed(fields.street),
            street2: trimmed(fields.street2) || undefined,
            city: trimmed(fields.city),
            state: trimmed(fields.state).toUpperCase(),
            zip: trimmed(fields.zip),
            country: trimmed(fields.country).toUpperCase() || 'US',
          },
        }
      : {}),
    sequence: numberOr(fields.sequence, 0),
    active: fields.active,
  }
}

/** Contract paths (the store file's names) to this form's fields. */
const FIELD_OF: Readonly<Record<string, string>> = {
  'method.deliveryType': 'kind',
  'method.transitDays': 'transitMin',
  'method.priceRules': 'rules',
  'method.pickupAddress': 'street',
  'method.pickupAddress.street': 'street',
  'method.pickupAddress.street2': 'street2',
  'method.pickupAddress.city': 'city',
  'method.pickupAddress.state': 'state',
  'method.pickupAddress.zip': 'zip',
  'method.pickupAddress.country': 'country',
  ...Object.fromEntries(['name', 'description', 'price', 'margin', 'freeOverAmount', 'url', 'sequence', 'active'].map((field) => [`method.${field}`, field])),
  ...Object.fromEntries(Object.values(CARRIER_FIELDS).flat().map(({ field }) => [`method.credentials.${field}`, `credentials.${field}`])),
}

export function DeliveryMethodForm({ websiteId, currency, detail }: { websiteId: number; currency: string; detail: DeliveryMethodDetail | null }) {
  const router = useRouter()
  const start: DeliveryMethodInput = detail?.method ?? { name: '', deliveryType: 'fixed', price: 0 }
  const form = useConsoleForm({
    mutation: 'delivery.saveMethod',
    defaultValues: fieldsOf(start),
    toValue: (fields: MethodFields) => ({ websiteId, id: detail?.id ?? null, ...(detail ? { version: detail.version } : {}), method: methodOf(fields) }),
    fieldOf: FIELD_OF,
    savedMessage: 'Delivery method saved. The checkout offers it from its next quote.',
    onSaved: (answer) => {
      if (!detail) router.push(`/admin/delivery/${answer.id}?store=${websiteId}`)
      else router.refresh()
    },
  })
  const { register, control, watch } = form
  const rules = useFieldArray({ control, name: 'rules' })
  const [kind, freeOver, pickup] = watch(['kind', 'freeOver', 'pickup'])
  const carrier = CARRIER_FIELDS[kind]

  const secretHint = (field: SecretCredential) =>
    detail?.secretsSet[field] ? 'Stored. It is never shown; type a new one only to replace it.' : 'Not stored yet.'

  return (
    <ConsoleForm
      form={form}
      label={detail ? `Edit the delivery method ${start.name}` : 'Add a delivery method'}
      className="rounded-card border border-line bg-white px-5"
      actions={
        <div className="sticky bottom-0 -mx-5 flex items-center justify-end gap-3 border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
          <SubmitButton form={form}>{detail ? 'Save delivery method' : 'Add delivery method'}</SubmitButton>
        </div>
      }
    >
      <Section title="Method">
        <FormField form={form} name="name" label="Name" hint="What shoppers see at checkout, e.g. “Ground”.">
          <TextInput {...register('name')} required maxLength={120} />
        </FormField>
        <FormField form={form} name="description" label="Description">
          <TextInput {...register('description')} maxLength={500} />
        </FormField>
        <FormField form={form} name="kind" label="Kind">
          <Select {...register('kind')}>
            {KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="transitMin" label="In transit from (business days)" hint="Added to the production time for the arrival estimate. A carrier that answers with its own days overrides it.">
            <TextInput {...register('transitMin')} type="number" min={0} max={120} step={1} inputMode="numeric" />
          </FormField>
          <FormField form={form} name="transitMax" label="In transit to (business days)" hint="Leave both empty for no estimate.">
            <TextInput {...register('transitMax')} type="number" min={0} max={120} step={1} inputMode="numeric" />
          </FormField>
        </div>
      </Section>

      <Section title="Price">
        {kind === 'fixed' ? (
          <FormField form={form} name="price" label={`Price (${currency})`}>
            <TextInput {...register('price')} type="number" min={0} step="0.01" inputMode="decimal" />
          </FormField>
        ) : null}
        {carrier ? (
          <FormField form={form} name="margin" label="Margin (%)" hint="Added to the carrier's rate.">
            <TextInput {...register('margin')} type="number" min={0} step="0.01" inputMode="decimal" />
          </FormField>
        ) : null}
        {kind === 'base_on_rule' ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted">The first rule whose condition holds prices the order: its base price, plus its price per unit of the factor.</p>
            {form.formState.errors.rules?.message ? <p className="text-sm text-danger">{form.formState.errors.rules.message}</p> : null}
            {rules.fields.map((rule, index) => (
              <div key={rule.id} className="grid grid-cols-2 gap-2 rounded-md border border-line p-3 sm:grid-cols-[1fr_5rem_6rem_7rem_7rem_1fr_auto] sm:items-end">
                <Field label="When">
                  <Select aria-label={`Rule ${index + 1} variable`} {...register(`rules.${index}.variable`)}>
                    {DELIVERY_VARIABLES.map((variable) => (
                      <option key={variable} value={variable}>
                        {VARIABLE_LABELS[variable]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="is">
                  <Select aria-label={`Rule ${index + 1} operator`} {...register(`rules.${index}.operator`)}>
                    {OPERATORS.map((operator) => (
                      <option key={operator} value={operator}>
                        {operator}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label="Value">
                  <TextInput aria-label={`Rule ${index + 1} value`} type="number" min={0} step="any" {...register(`rules.${index}.maxValue`)} />
                </Field>
                <Field label="Base price">
                  <TextInput aria-label={`Rule ${index + 1} base price`} type="number" min={0} step="0.01" {...register(`rules.${index}.listBasePrice`)} />
                </Field>
                <Field label="Per unit">
                  <TextInput aria-label={`Rule ${index + 1} price per unit`} type="number" min={0} step="0.01" {...register(`rules.${index}.listPrice`)} />
                </Field>
                <Field label="of">
                  <Select aria-label={`Rule ${index + 1} factor`} {...register(`rules.${index}.variableFactor`)}>
                    {DELIVERY_VARIABLES.map((variable) => (
                      <option key={variable} value={variable}>
                        {VARIABLE_LABELS[variable]}
                      </option>
                    ))}
                  </Select>
                </Field>
                <button type="button" className={`${SECONDARY_BUTTON_CLASS} col-span-2 sm:col-span-1`} onClick={() => rules.remove(index)}>
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className={`${SECONDARY_BUTTON_CLASS} justify-self-start`}
              onClick={() => rules.append({ variable: 'weight', operator: '<=', maxValue: '0', listBasePrice: '0', listPrice: '0', variableFactor: 'weight' })}
            >
              Add a rule
            </button>
          </div>
        ) : null}
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" {...register('freeOver')} className="size-4 accent-accent" />
          Free from an order amount
        </label>
        {freeOver ? (
          <FormField form={form} name="freeOverAmount" label={`Free from (${currency})`}>
            <TextInput {...register('freeOverAmount')} type="number" min={0.01} step="0.01" inputMode="decimal" />
          </FormField>
        ) : null}
      </Section>

      {carrier ? (
        <Section title="Carrier account">
          <FormField form={form} name="url" label="API address" hint="The carrier's https:// address for rates.">
            <TextInput {...register('url')} type="url" />
          </FormField>
          {carrier.map(({ field, label, secret }) => (
            <FormField key={field} form={form} name={`credentials.${field}`} label={label} hint={secret ? secretHint(field as SecretCredential) : undefined}>
              <TextInput
                {...register(`credentials.${field}`)}
                type={secret ? 'password' : 'text'}
                autoComplete={secret ? 'new-password' : 'off'}
                placeholder={secret && detail?.secretsSet[field as SecretCredential] ? '•••••••• (stored)' : ''}
              />
            </FormField>
          ))}
        </Section>
      ) : null}

      {kind === 'fixed' ? (
        <Section title="Pickup">
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" {...register('pickup')} className="size-4 accent-accent" />
            Shoppers collect the order at an address (taxed there, not at the shopper&apos;s)
          </label>
          {pickup ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField form={form} name="street" label="Street">
                <TextInput {...register('street')} />
              </FormField>
              <FormField form={form} name="street2" label="Street (line 2)">
                <TextInput {...register('street2')} />
              </FormField>
              <FormField form={form} name="city" label="City">
                <TextInput {...register('city')} />
              </FormField>
              <FormField form={form} name="state" label="State code">
                <TextInput {...register('state')} maxLength={3} placeholder="CO" />
              </FormField>
              <FormField form={form} name="zip" label="ZIP">
                <TextInput {...register('zip')} />
              </FormField>
              <FormField form={form} name="country" label="Country code">
                <TextInput {...register('country')} maxLength={2} />
              </FormField>
            </div>
          ) : null}
        </Section>
      ) : null}

      <Section title="Availability">
        <FormField form={form} name="sequence" label="Position at checkout" hint="Lower numbers come first.">
          <TextInput {...register('sequence')} type="number" min={0} step={1} />
        </FormField>
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" {...register('active')} className="size-4 accent-accent" />
          Offered at checkout
        </label>
      </Section>
    </ConsoleForm>
  )
}

/** The transit days typed, or nothing (then the method has no estimate of its own). */
function transitDaysOf(min: string, max: string): { transitDays?: { minDays: number; maxDays: number } } {
  const span = daySpanOf(min, max)
  return span ? { transitDays: span } : {}
}
