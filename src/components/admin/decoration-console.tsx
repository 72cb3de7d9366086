'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, Fragment, type ReactNode, useId, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { METHOD_LABELS, methodFacts, methodFieldsOf, methodValueOf } from '@/client/admin/decoration-rows'
import { uploadLogoArtwork } from '@/client/admin/logo-artwork-upload'
import { useConsoleForm } from '@/client/admin/use-console-form'
import {
  type DecorationMethodAdminEntry,
  type DecorationPartnerAdminEntry,
  type DecorationSettingsAdminData,
  LOGO_ARTWORK_ACCEPT,
  LOGO_DECORATION_METHODS,
  type LogoAdminEntry,
  type LogosAdminData,
  type PrintAreaAdminEntry,
} from '@/isomorphic/contract/admin-decoration'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { HEX_COLOR_PATTERN } from '@/isomorphic/contract/decoration-fields'
import type { DecorationMethodCode } from '@/isomorphic/decoration-types'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { EditConflictNotice } from './edit-conflict-notice'
import { FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// /admin/decoration (issue 16): the install's logos (artwork, partner, methods) and decoration
// partners, and this store's decoration settings — methods with their prices, print areas with a
// preview on the garment, and the editor's fonts, palette and uploads. Each record is its own small
// form saved with the version it was opened at; a stale save shows what changed (409).

type Failure = { message: string; conflict: EditConflictData | null }
const failureOf = (error: unknown): Failure =>
  error instanceof AdminApiError
    ? { message: error.message, conflict: isEditConflictData(error.data) ? error.data : null }
    : { message: 'Something went wrong. Please try again!', conflict: null }

function Problem({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  return failure.conflict ? <EditConflictNotice message={failure.message} conflict={failure.conflict} /> : <FormError message={failure.message} />
}


/** Runs a save, shows its refusal, refreshes the page's data after it. */
function useSave() {
  const router = useRouter()
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true)
    setFailure(null)
    try {
      await action()
      router.refresh()
      return true
    } catch (error) {
      setFailure(failureOf(error))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { failure, busy, run }
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim()
const number = (data: FormData, name: string) => Number(text(data, name))

function Input({ label, name, defaultValue, type = 'text', step, required = true, className = '', ...rest }: { label: string; name: string; defaultValue?: string | number; type?: string; step?: string; required?: boolean; className?: string; placeholder?: string; pattern?: string; maxLength?: number }) {
  const id = useId()
  return (
    <label htmlFor={id} className={`block min-w-0 text-sm font-medium text-ink ${className}`}>
      {label}
      <input id={id} name={name} type={type} step={step} required={required} defaultValue={defaultValue} className={INPUT_CLASS} {...rest} />
    </label>
  )
}

function MethodChecks({ name, offered, chosen, legend }: { name: string; offered: readonly { code: DecorationMethodCode; name: string }[]; chosen: readonly string[]; legend: string }) {
  return (
    <fieldset className="min-w-0 text-sm">
      <legend className="font-medium text-ink">{legend}</legend>
      {offered.length === 0 ? <p className="text-muted">This store offers no method yet: add one under Methods.</p> : null}
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {offered.map((method) => (
          <label key={method.code} className="inline-flex items-center gap-1.5">
            <input type="checkbox" name={name} value={method.code} defaultChecked={chosen.includes(method.code)} />
            {method.name}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mb-10 rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-sm text-muted">{intro}</p>
      {children}
    </section>
  )
}

// ---- logos ----------------------------------------------------------------------------------

function LogoForm({ websiteId, data, logo, onDone }: { websiteId: number; data: LogosAdminData; logo?: LogoAdminEntry; onDone?: () => void }) {
  const { failure, busy, run } = useSave()
  const upload = useSave()
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const saved = await run(() =>
      adminMutation('logos.save', {
        websiteId,
        ...(logo ? { id: logo.id, version: logo.version } : {}),
        code: text(form, 'code'),
        name: text(form, 'name'),
        decorationPartnerId: number(form, 'decorationPartnerId'),
        decorationMethod: text(form, 'decorationMethod') as (typeof LOGO_DECORATION_METHODS)[number],
        methods: form.getAll('methods').map(String) as DecorationMethodCode[],
        colorCount: number(form, 'colorCount'),
      }),
    )
    if (saved) onDone?.()
  }
  async function sendArtwork(file: File | undefined) {
    if (!file || !logo) return
    await upload.run(() => uploadLogoArtwork({ websiteId, logoId: logo.id, version: logo.version, file }))
  }
  async function remove() {
    if (!logo || !window.confirm(`Delete the logo “${logo.name}”?`)) return
    await run(() => adminMutation('logos.delete', { websiteId, id: logo.id, version: logo.version }))
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <Problem failure={failure} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input label="Name" name="name" defaultValue={logo?.name} maxLength={200} />
        <Input label="Code" name="code" defaultValue={logo?.code} className="font-mono" placeholder="GR-MARK" />
        <label className="block min-w-0 text-sm font-medium text-ink">
          Decoration partner
          <select name="decorationPartnerId" defaultValue={logo?.decorationPartnerId ?? data.partners.find((partner) => partner.active)?.id} className={INPUT_CLASS}>
            {data.partners
              .filter((partner) => partner.active || partner.id === logo?.decorationPartnerId)
              .map((partner) => (
                <option key={partner.id} value={partner.id}>
                  {partner.active ? partner.name : `${partner.name} (inactive)`}
                </option>
              ))}
          </select>
        </label>
        <label className="block min-w-0 text-sm font-medium text-ink">
          Partner’s method
          <select name="decorationMethod" defaultValue={logo?.decorationMethod ?? 'embroidery'} className={INPUT_CLASS}>
            {LOGO_DECORATION_METHODS.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </label>
        <Input label="Colours in the artwork" name="colorCount" type="number" defaultValue={logo?.colorCount ?? 1} />
        <div className="sm:col-span-2 lg:col-span-3">
          <MethodChecks name="methods" legend="Methods the editor allows" offered={data.methods} chosen={logo?.methods ?? data.methods.slice(0, 1).map((method) => method.code)} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={logo ? SECONDARY_BUTTON_CLASS : PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : logo ? 'Save logo' : 'Add logo'}
        </button>
        {logo ? (
          <label className={`${SECONDARY_BUTTON_CLASS} cursor-pointer`}>
            {upload.busy ? 'Uploading…' : logo.thumbnailUrl ? 'Replace artwork (PNG or SVG)' : 'Upload artwork (PNG or SVG)'}
            <input type="file" accept={LOGO_ARTWORK_ACCEPT} className="sr-only" disabled={upload.busy} onChange={(event) => void sendArtwork(event.target.files?.[0])} />
          </label>
        ) : (
          <span className="text-sm text-muted">Upload its artwork once it is added.</span>
        )}
        {logo ? (
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} disabled={busy} onClick={() => void remove()}>
            Delete logo
          </button>
        ) : null}
      </div>
      <Problem failure={upload.failure} />
    </form>
  )
}

function Logos({ websiteId, data }: { websiteId: number; data: LogosAdminData }) {
  const [adding, setAdding] = useState(0)
  return (
    <Section id="logos" title="Logos" intro="Logos are shared by every store; counts are this store’s products. Artwork is a PNG or SVG: an SVG is cleaned of scripts and links, and both are redrawn as a PNG. Which products carry a logo is set on the product.">
      <details className="mb-4 rounded-card border border-dashed border-line p-3">
        <summary className="cursor-pointer text-sm font-semibold">Add a logo</summary>
        <div className="mt-3">
          {!data.partners.some((partner) => partner.active) ? <p className="text-sm text-muted">Add a decoration partner first (or activate one).</p> : <LogoForm key={adding} websiteId={websiteId} data={data} onDone={() => setAdding((value) => value + 1)} />}
        </div>
      </details>
      {data.logos.length === 0 ? <p className="text-sm text-muted">No logos yet.</p> : null}
      <ul>
        {data.logos.map((logo) => (
          <li key={`${logo.id}:${logo.version}`} className="border-b border-line py-3 last:border-b-0" data-testid="logo-row">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                {logo.thumbnailUrl ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={logo.thumbnailUrl} alt={`${logo.name} artwork`} width={48} height={48} className="size-12 shrink-0 rounded-md border border-line bg-soft object-contain" />
                ) : (
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-md border border-dashed border-line text-xs text-muted">none</span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words">{logo.name}</span>
                  <span className="block text-sm break-words text-muted">
                    <span className="font-mono">{logo.code}</span> · {logo.decorationPartnerName} · {logo.methods.length > 0 ? logo.methods.map((code) => METHOD_LABELS[code]).join(', ') : logo.decorationMethod}
                  </span>
                </span>
                <span className="text-sm whitespace-nowrap text-muted">{logo.productCount === 1 ? '1 product' : `${logo.productCount} products`}</span>
              </summary>
              <div className="mt-3">
                <LogoForm websiteId={websiteId} data={data} logo={logo} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  )
}

// ---- decoration partners --------------------------------------------------------------------

type PartnerFields = { name: string; code: string; email: string; phone: string; street: string; street2: string; city: string; state: string; zip: string; country: string }

const PARTNER_FIELD_OF: Readonly<Record<string, string>> = Object.fromEntries(['street', 'street2', 'city', 'state', 'zip', 'country'].map((field) => [`address.${field}`, field]))

function PartnerForm({ websiteId, partner, onDone }: { websiteId: number; partner?: DecorationPartnerAdminEntry; onDone?: () => void }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'decorationPartners.save',
    defaultValues: {
      name: partner?.name ?? '',
      code: partner?.code ?? '',
      email: partner?.email ?? '',
      phone: partner?.phone ?? '',
      street: partner?.address.street ?? '',
      street2: partner?.address.street2 ?? '',
      city: partner?.address.city ?? '',
      state: partner?.address.state ?? '',
      zip: partner?.address.zip ?? '',
      country: partner?.address.country ?? 'US',
    } satisfies PartnerFields,
    fieldOf: PARTNER_FIELD_OF,
    toValue: (fields: PartnerFields) => ({
      websiteId,
      ...(partner ? { id: partner.id, version: partner.version } : {}),
      code: fields.code.trim(),
      name: fields.name.trim(),
      phone: fields.phone.trim(),
      ...(fields.email.trim() ? { email: fields.email.trim() } : {}),
      address: { street: fields.street.trim(), street2: fields.street2.trim(), city: fields.city.trim(), state: fields.state.trim().toUpperCase(), zip: fields.zip.trim(), country: fields.country.trim().toUpperCase() || 'US' },
    }),
    savedMessage: partner ? 'Saved.' : 'The decoration partner was added.',
    onSaved: () => {
      router.refresh()
      onDone?.()
    },
  })
  const remove = () =>
    partner ? form.run(() => adminMutation('decorationPartners.delete', { websiteId, id: partner.id, version: partner.version }), { confirm: `Delete the decoration partner “${partner.name}”?` }) : undefined
  const setActive = (active: boolean) =>
    partner
      ? form.run(() => adminMutation('decorationPartners.setActive', { websiteId, id: partner.id, version: partner.version, active }), {
          confirm: active ? undefined : `Deactivate the decoration partner “${partner.name}”? It keeps its logos and work orders, and no new logo or console account can be given to it.`,
        })
      : undefined
  const field = (name: keyof PartnerFields, label: string, props: React.ComponentProps<'input'> = {}) => (
    <FormField form={form} name={name} label={label}>
      <TextInput {...form.register(name)} {...props} />
    </FormField>
  )
  return (
    <ConsoleForm
      form={form}
      label={partner ? `Edit the decoration partner ${partner.name}` : 'Add a decoration partner'}
      className="grid gap-3"
      actions={
        <div className="flex flex-wrap gap-3">
          <SubmitButton form={form}>{partner ? 'Save partner' : 'Add partner'}</SubmitButton>
          {partner ? (
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy} onClick={() => void setActive(!partner.active)}>
              {partner.active ? 'Deactivate' : 'Activate again'}
            </button>
          ) : null}
          {partner ? (
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} disabled={form.busy} onClick={() => void remove()}>
              Delete
            </button>
          ) : null}
        </div>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field('name', 'Name', { required: true, maxLength: 200 })}
        {field('code', 'Code', { required: true, className: 'font-mono' })}
        {field('email', 'Contact email', { type: 'email' })}
        {field('phone', 'Phone')}
        {field('street', 'Street', { required: true })}
        {field('street2', 'Street (line 2)')}
        {field('city', 'City', { required: true })}
        <div className="grid grid-cols-3 gap-2">
          {field('state', 'State', { required: true, placeholder: 'CO' })}
          {field('zip', 'ZIP', { required: true })}
          {field('country', 'Country', { required: true })}
        </div>
      </div>
    </ConsoleForm>
  )
}

function Partners({ websiteId, partners }: { websiteId: number; partners: DecorationPartnerAdminEntry[] }) {
  const [adding, setAdding] = useState(0)
  return (
    <Section id="partners" title="Decoration partners" intro="The shops that decorate the goods, shared by every store. Carriers quote shipping from the partner’s address. A partner with logos or work orders is kept: deactivate it instead (it keeps its history and is offered for no new logo).">
      <details className="mb-4 rounded-card border border-dashed border-line p-3">
        <summary className="cursor-pointer text-sm font-semibold">Add a decoration partner</summary>
        <div className="mt-3">
          <PartnerForm key={adding} websiteId={websiteId} onDone={() => setAdding((value) => value + 1)} />
        </div>
      </details>
      <ul>
        {partners.map((partner) => (
          <li key={`${partner.id}:${partner.version}`} className="border-b border-line py-3 last:border-b-0" data-testid="partner-row">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3">
                <span className="min-w-0 flex-1 font-medium break-words">
                  {partner.name}
                  {partner.active ? null : <span className="ml-2 inline-block rounded-full border border-line bg-soft px-2 py-0.5 align-middle text-xs font-semibold text-muted">Inactive</span>}
                </span>
                <span className="text-sm break-words text-muted">
                  {partner.address.city}, {partner.address.state} · {partner.logoCount === 1 ? '1 logo' : `${partner.logoCount} logos`} · {partner.workOrderCount === 1 ? '1 work order' : `${partner.workOrderCount} work orders`}
                </span>
              </summary>
              <div className="mt-3">
                <PartnerForm websiteId={websiteId} partner={partner} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  )
}

// ---- methods --------------------------------------------------------------------------------

function MethodForm({ websiteId, method, code, currency, onClose }: { websiteId: number; method?: DecorationMethodAdminEntry; code: DecorationMethodCode; currency: string; onClose: () => void }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'decorationMethods.save',
    defaultValues: methodFieldsOf(code, method),
    toValue: (fields) => methodValueOf(fields, websiteId, code, method?.version),
    fieldOf: { fileTypes: 'png' },
    savedMessage: method ? 'Saved.' : `${METHOD_LABELS[code]} offered.`,
    onSaved: () => {
      onClose()
      router.refresh()
    },
  })
  const { register } = form
  const title = method ? `Edit ${method.name}` : `Offer ${METHOD_LABELS[code]}`
  return (
    <div data-testid={`method-${code}`}>
      <ConsoleForm
        form={form}
        label={title}
        className="grid gap-3 rounded-card border border-accent/40 bg-soft p-4"
        actions={
          <div className="flex flex-wrap gap-2">
            <SubmitButton form={form}>{method ? `Save ${method.name}` : `Offer ${METHOD_LABELS[code]}`}</SubmitButton>
            <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={onClose}>
              Close
            </button>
          </div>
        }
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <div className="col-span-2 lg:col-span-1">
            <FormField form={form} name="name" label="Name">
              <TextInput {...register('name')} required maxLength={100} />
            </FormField>
          </div>
          <FormField form={form} name="setupFee" label={`Setup fee (${currency})`}>
            <TextInput {...register('setupFee')} inputMode="decimal" required />
          </FormField>
          <FormField form={form} name="pricePerLocation" label={`Price per location (${currency})`}>
            <TextInput {...register('pricePerLocation')} inputMode="decimal" required />
          </FormField>
          <FormField form={form} name="maxColors" label="Most colours">
            <TextInput {...register('maxColors')} inputMode="numeric" placeholder="unlimited" />
          </FormField>
          <FormField form={form} name="minWidth" label="Min width (in)">
            <TextInput {...register('minWidth')} inputMode="decimal" required />
          </FormField>
          <FormField form={form} name="minHeight" label="Min height (in)">
            <TextInput {...register('minHeight')} inputMode="decimal" required />
          </FormField>
          <fieldset className="col-span-2 text-sm">
            <legend className="font-medium text-ink">Uploaded file types</legend>
            <div className="mt-2 flex gap-4">
              <label className="inline-flex items-center gap-1.5">
                <input type="checkbox" {...register('png')} />
                PNG
              </label>
              <label className="inline-flex items-center gap-1.5">
                <input type="checkbox" {...register('svg')} />
                SVG
              </label>
            </div>
            {form.formState.errors.png?.message ? <p className="mt-1 text-xs font-medium text-danger">{form.formState.errors.png.message}</p> : null}
          </fieldset>
        </div>
      </ConsoleForm>
    </div>
  )
}

function Methods({ websiteId, data, currency }: { websiteId: number; data: DecorationSettingsAdminData; currency: string }) {
  const missing = data.methodCodes.filter((code) => !data.methods.some((method) => method.code === code))
  const [open, setOpen] = useState<DecorationMethodCode | null>(null)
  const [adding, setAdding] = useState<DecorationMethodCode | ''>('')
  const close = () => setOpen(null)
  return (
    <Section id="methods" title="Methods" intro="How this store decorates and what it charges: the setup fee once per decorated location of an order line, the price per location on every unit. Edit shows the smallest size each method makes, the most colours and the file types shoppers may upload.">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-xs text-muted uppercase">
              <th scope="col" className="py-2 pr-3 font-medium">
                Method
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                Setup fee
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                Per location
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Colours
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium md:table-cell">
                Files
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.methods.map((method) => {
              const facts = methodFacts(method, currency)
              const editing = open === method.code
              return (
                <Fragment key={method.code}>
                  <tr className="border-b border-line last:border-b-0" data-testid={`method-row-${method.code}`}>
                    <td className="py-2 pr-3 font-medium">{method.name}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{facts.setupFee}</td>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{facts.pricePerLocation}</td>
                    <td className="hidden py-2 pr-3 text-muted sm:table-cell">{facts.colours}</td>
                    <td className="hidden py-2 pr-3 text-muted md:table-cell">{facts.files}</td>
                    <td className="py-2 text-right">
                      <button type="button" className="rounded-md border border-line px-3 py-1 font-semibold hover:bg-soft" aria-expanded={editing} aria-label={`Edit ${method.name}`} onClick={() => setOpen(editing ? null : method.code)}>
                        Edit
                      </button>
                    </td>
                  </tr>
                  {editing ? (
                    <tr>
                      <td colSpan={6} className="pb-3">
                        <MethodForm key={method.version} websiteId={websiteId} method={method} code={method.code} currency={currency} onClose={close} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
      {missing.length > 0 ? (
        <div className="mt-4 rounded-card border border-dashed border-line p-3">
          <label className="block max-w-xs text-sm font-medium text-ink">
            Offer another method
            <select value={adding} onChange={(event) => setAdding(event.target.value as DecorationMethodCode | '')} className={INPUT_CLASS}>
              <option value="">Choose…</option>
              {missing.map((code) => (
                <option key={code} value={code}>
                  {METHOD_LABELS[code]}
                </option>
              ))}
            </select>
          </label>
          {adding ? (
            <div className="mt-3">
              <MethodForm key={adding} websiteId={websiteId} code={adding} currency={currency} onClose={() => setAdding('')} />
            </div>
          ) : null}
        </div>
      ) : null}
    </Section>
  )
}

// ---- print areas ----------------------------------------------------------------------------

function AreaPreview({ area, data }: { area: PrintAreaAdminEntry; data: DecorationSettingsAdminData }) {
  const kind = area.garmentKind ?? data.products.find((product) => product.id === area.productId)?.garmentKind ?? null
  const side = data.garmentKinds.find((entry) => entry.kind === kind)?.inches
  const image = kind ? data.viewImages[`${kind}:${area.view}`] : undefined
  if (!side) return null
  const pct = (value: number) => `${(value / side) * 100}%`
  return (
    <div className="relative size-28 shrink-0 overflow-hidden rounded-md border border-line bg-soft" aria-label={`${area.name} on the ${kind} ${area.view}`} role="img">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      {image ? <img src={image} alt="" className="absolute inset-0 size-full object-contain" /> : null}
      <span className="absolute border-2 border-dashed border-accent bg-accent/15" style={{ left: pct(area.x), top: pct(area.y), width: pct(area.width), height: pct(area.height) }} />
    </div>
  )
}

function AreaForm({ websiteId, data, area, onDone }: { websiteId: number; data: DecorationSettingsAdminData; area?: PrintAreaAdminEntry; onDone?: () => void }) {
  const { failure, busy, run } = useSave()
  const offered = data.methods.map((method) => ({ code: method.code, name: method.name }))
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const owner = text(form, 'owner')
    const saved = await run(() =>
      adminMutation('printAreas.save', {
        websiteId,
        ...(area ? { id: area.id, version: area.version } : {}),
        garmentKind: owner.startsWith('kind:') ? owner.slice(5) : null,
        productId: owner.startsWith('product:') ? Number(owner.slice(8)) : null,
        code: text(form, 'code'),
        name: text(form, 'name'),
        view: text(form, 'view') as 'front' | 'back',
        x: number(form, 'x'),
        y: number(form, 'y'),
        width: number(form, 'width'),
        height: number(form, 'height'),
        methods: form.getAll('methods').map(String) as DecorationMethodCode[],
      }),
    )
    if (saved) onDone?.()
  }
  async function remove() {
    if (!area || !window.confirm(`Delete the print area “${area.name}”?`)) return
    await run(() => adminMutation('printAreas.delete', { websiteId, id: area.id, version: area.version }))
  }
  const owner = area ? (area.productId !== null ? `product:${area.productId}` : `kind:${area.garmentKind}`) : 'kind:tee'
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 flex-1 gap-3">
      <Problem failure={failure} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <label className="col-span-2 block min-w-0 text-sm font-medium text-ink">
          For
          <select name="owner" defaultValue={owner} className={INPUT_CLASS}>
            <optgroup label="Every product drawn as">
              {data.garmentKinds.map((entry) => (
                <option key={entry.kind} value={`kind:${entry.kind}`}>
                  {entry.kind} ({entry.inches} in view)
                </option>
              ))}
            </optgroup>
            {data.products.length > 0 ? (
              <optgroup label="One product (replaces its garment’s areas)">
                {data.products.map((product) => (
                  <option key={product.id} value={`product:${product.id}`}>
                    {product.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </label>
        <Input label="Name" name="name" defaultValue={area?.name} />
        <Input label="Code" name="code" defaultValue={area?.code} className="font-mono" placeholder="left-chest" />
        <label className="block min-w-0 text-sm font-medium text-ink">
          View
          <select name="view" defaultValue={area?.view ?? 'front'} className={INPUT_CLASS}>
            <option value="front">front</option>
            <option value="back">back</option>
          </select>
        </label>
        <Input label="Left (in)" name="x" type="number" step="0.01" defaultValue={area?.x ?? 0} />
        <Input label="Top (in)" name="y" type="number" step="0.01" defaultValue={area?.y ?? 0} />
        <Input label="Width (in)" name="width" type="number" step="0.01" defaultValue={area?.width ?? 4} />
        <Input label="Height (in)" name="height" type="number" step="0.01" defaultValue={area?.height ?? 4} />
        <div className="col-span-2 lg:col-span-3">
          <MethodChecks name="methods" legend="Methods allowed here" offered={offered} chosen={area?.methods ?? offered.slice(0, 1).map((method) => method.code)} />
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={area ? SECONDARY_BUTTON_CLASS : PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : area ? 'Save area' : 'Add print area'}
        </button>
        {area ? (
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} disabled={busy} onClick={() => void remove()}>
            Delete
          </button>
        ) : null}
      </div>
    </form>
  )
}

function PrintAreas({ websiteId, data }: { websiteId: number; data: DecorationSettingsAdminData }) {
  const [adding, setAdding] = useState(0)
  return (
    <Section id="print-areas" title="Print areas" intro="Where a garment may be decorated: a rectangle in inches from the top left of its front or back view. Areas of a garment kind apply to every product drawn as it; a product’s own areas replace them.">
      <details className="mb-4 rounded-card border border-dashed border-line p-3">
        <summary className="cursor-pointer text-sm font-semibold">Add a print area</summary>
        <div className="mt-3">
          <AreaForm key={adding} websiteId={websiteId} data={data} onDone={() => setAdding((value) => value + 1)} />
        </div>
      </details>
      {data.printAreas.length === 0 ? <p className="text-sm text-muted">No print areas: the editor has nowhere to place a design.</p> : null}
      <ul>
        {data.printAreas.map((area) => (
          <li key={`${area.id}:${area.version}`} className="border-b border-line py-3 last:border-b-0">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                <AreaPreview area={area} data={data} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words">{area.name}</span>
                  <span className="block text-sm break-words text-muted">
                    {area.productName ?? area.garmentKind} · {area.view} · {area.width} × {area.height} in at ({area.x}, {area.y}) · {area.methods.map((code) => METHOD_LABELS[code]).join(', ')}
                  </span>
                </span>
              </summary>
              <div className="mt-3">
                <AreaForm websiteId={websiteId} data={data} area={area} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  )
}

// ---- fonts, palette, uploads ----------------------------------------------------------------

function EditorSettings({ websiteId, data }: { websiteId: number; data: DecorationSettingsAdminData }) {
  const { failure, busy, run } = useSave()
  const [fonts, setFonts] = useState(data.fonts)
  const [palette, setPalette] = useState(data.palette)
  const [uploads, setUploads] = useState(data.uploads)
  const [saved, setSaved] = useState(false)
  const setFont = (index: number, change: Partial<(typeof fonts)[number]>) => setFonts((list) => list.map((font, i) => (i === index ? { ...font, ...change } : font)))
  const setColor = (index: number, change: Partial<(typeof palette)[number]>) => setPalette((list) => list.map((color, i) => (i === index ? { ...color, ...change } : color)))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaved(false)
    const ok = await run(() => adminMutation('decorationSettings.save', { websiteId, ...(data.version !== null ? { version: data.version } : {}), fonts, palette, uploads }))
    setSaved(ok)
  }

  return (
    <Section id="editor" title="Fonts, palette and uploads" intro="What the editor offers for text (fonts and colours) and whether shoppers may upload their own artwork, up to a size, after accepting your rights statement.">
      <form onSubmit={submit} noValidate className="grid gap-6">
        <fieldset className="min-w-0">
          <legend className="text-base font-semibold">Fonts</legend>
          <ul className="mt-2 grid gap-3">
            {fonts.map((font, index) => (
              <li key={index} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_2fr_auto]">
                <Labelled label="Id">
                  <input value={font.id} onChange={(event) => setFont(index, { id: event.target.value })} className={`${INPUT_CLASS} font-mono`} />
                </Labelled>
                <Labelled label="Name">
                  <input value={font.name} onChange={(event) => setFont(index, { name: event.target.value })} className={INPUT_CLASS} />
                </Labelled>
                <Labelled label="CSS font family">
                  <input value={font.cssFamily} onChange={(event) => setFont(index, { cssFamily: event.target.value })} className={INPUT_CLASS} />
                </Labelled>
                <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} onClick={() => setFonts((list) => list.filter((_, i) => i !== index))}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-3`} onClick={() => setFonts((list) => [...list, { id: '', name: '', cssFamily: "'Liberation Sans', Arial, sans-serif" }])}>
            Add font
          </button>
        </fieldset>

        <fieldset className="min-w-0">
          <legend className="text-base font-semibold">Palette</legend>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {palette.map((color, index) => (
              <li key={index} className="flex flex-wrap items-end gap-2" data-testid="palette-row">
                <span aria-hidden="true" className="mb-1 inline-block size-8 shrink-0 rounded-md border border-line" style={HEX_COLOR_PATTERN.test(color.hex) ? { background: color.hex } : undefined} />
                <Labelled label="Colour name" className="min-w-32 flex-1">
                  <input value={color.name} onChange={(event) => setColor(index, { name: event.target.value })} className={INPUT_CLASS} />
                </Labelled>
                <Labelled label="Hex" className="w-28">
                  <input value={color.hex} onChange={(event) => setColor(index, { hex: event.target.value.trim() })} className={`${INPUT_CLASS} font-mono`} />
                </Labelled>
                <input type="color" aria-label={`Pick ${color.name || 'the colour'}`} value={HEX_COLOR_PATTERN.test(color.hex) ? color.hex : '#000000'} onChange={(event) => setColor(index, { hex: event.target.value })} className="mb-0.5 h-10 w-10 shrink-0 cursor-pointer rounded-md border border-line bg-white" />
                <button type="button" aria-label={`Remove ${color.name || 'colour'}`} className={`${SECONDARY_BUTTON_CLASS} px-3 text-danger`} onClick={() => setPalette((list) => list.filter((_, i) => i !== index))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-3`} onClick={() => setPalette((list) => [...list, { name: '', hex: '#1f2a44' }])}>
            Add colour
          </button>
        </fieldset>

        <fieldset className="grid min-w-0 gap-3">
          <legend className="text-base font-semibold">Shoppers’ uploads</legend>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" checked={uploads.allowed} onChange={(event) => setUploads({ ...uploads, allowed: event.target.checked })} />
            Shoppers may upload their own artwork (PNG or SVG)
          </label>
          <Labelled label="Largest file (bytes)" className="max-w-xs">
            <input type="number" value={uploads.maxBytes} onChange={(event) => setUploads({ ...uploads, maxBytes: Number(event.target.value) })} className={INPUT_CLASS} />
          </Labelled>
          <Labelled label="Rights statement the shopper accepts">
            <textarea rows={3} value={uploads.rightsStatement} onChange={(event) => setUploads({ ...uploads, rightsStatement: event.target.value })} className={INPUT_CLASS} />
          </Labelled>
        </fieldset>

        <Problem failure={failure} />
        {saved ? (
          <p role="status" className="text-sm text-accent">
            Saved. The editor shows the change now.
          </p>
        ) : null}
        <div>
          <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
            {busy ? 'Saving…' : 'Save fonts, palette and uploads'}
          </button>
        </div>
      </form>
    </Section>
  )
}

function Labelled({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={`block min-w-0 text-sm font-medium text-ink ${className}`}>
      {label}
      {children}
    </label>
  )
}

export function DecorationConsole({ websiteId, currency, logos, partners, settings }: { websiteId: number; currency: string; logos: LogosAdminData; partners: DecorationPartnerAdminEntry[]; settings: DecorationSettingsAdminData }) {
  return (
    <div>
      <nav aria-label="Sections" className="mb-6 flex flex-wrap gap-2 text-sm">
        {(
          [
            ['methods', 'Methods'],
            ['print-areas', 'Print areas'],
            ['editor', 'Fonts, palette, uploads'],
            ['logos', 'Logos'],
            ['partners', 'Decoration partners'],
          ] as const
        ).map(([id, label]) => (
          <a key={id} href={`#${id}`} className="rounded-full border border-line px-3 py-1 hover:bg-soft">
            {label}
          </a>
        ))}
      </nav>
      <Methods websiteId={websiteId} data={settings} currency={currency} />
      <PrintAreas websiteId={websiteId} data={settings} />
      <EditorSettings websiteId={websiteId} data={settings} />
      <Logos websiteId={websiteId} data={logos} />
      <Partners websiteId={websiteId} partners={partners} />
    </div>
  )
}
