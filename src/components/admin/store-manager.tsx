'use client'

import { useRouter } from 'next/navigation'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import { BLANK_TEMPLATE, type StoreListRow, type StoreState } from '@/isomorphic/contract/admin-stores'
import { formatPrice } from '@/isomorphic/format'
import { type StoreAction, STORE_STATE_RULES, STORE_TRANSITIONS, storeActions } from '@/isomorphic/store-states'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, Select, TextArea, TextInput } from './form-fields'
import { Badge } from './order-state-badges'

// The Stores page (issue 25): every store the member may manage, its state and host names, today's
// and 30 days' sales; creating a store from a template; and each store's next step in its life
// cycle (open, close, archive, restore), with a preview link for a draft.

const STATE_NAMES: Record<StoreState, string> = { draft: 'Draft', open: 'Open', closed: 'Closed', archived: 'Archived' }
const STATE_TONES: Record<StoreState, 'info' | 'done' | 'waiting' | 'neutral'> = { draft: 'info', open: 'done', closed: 'waiting', archived: 'neutral' }
const STATE_HINTS: Record<StoreState, string> = {
  draft: 'Only console members see it, through Preview.',
  open: 'Public.',
  closed: 'Shows its catalog; takes no orders.',
  archived: 'Offline; its orders stay in the console.',
}
/** The host names typed one per line or separated by commas or spaces, in order, without blanks. */
export function typedHosts(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean)
}

export function StoreStateBadge({ state }: { state: StoreState }) {
  return (
    <Badge tone={STATE_TONES[state]} title={STATE_HINTS[state]}>
      {STATE_NAMES[state]}
    </Badge>
  )
}

function StoreActions({ store }: { store: StoreListRow }) {
  const action = useConsoleAction()

  const act = (step: StoreAction) =>
    action.run(() => adminMutation('stores.setState', { websiteId: store.websiteId, action: step, version: store.version }), {
      confirm: step === 'archive' ? `Archive ${store.name}? Its addresses go offline; its orders stay in the console and exports.` : undefined,
    })

  const preview = () => {
    // Opened at once (not after the answer) so the browser does not block it as a pop-up.
    const opened = window.open('about:blank', '_blank')
    return action
      .run(() => adminMutation('stores.preview', { websiteId: store.websiteId }), { refresh: false })
      .then((outcome) => {
        if (!outcome.ok) opened?.close()
        else if (opened) {
          opened.opener = null
          opened.location.href = outcome.answer.url
        } else window.location.href = outcome.answer.url
      })
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {STORE_STATE_RULES[store.state].seenBy === 'preview' ? (
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={preview} disabled={action.busy || !store.address}>
            Preview
          </button>
        ) : store.address && STORE_STATE_RULES[store.state].seenBy === 'everyone' ? (
          <a className={SECONDARY_BUTTON_CLASS} href={store.address} target="_blank" rel="noopener noreferrer">
            Visit store
          </a>
        ) : null}
        {storeActions(store.state).map((step) => (
          <button key={step} type="button" className={step === 'open' ? PRIMARY_BUTTON_CLASS : SECONDARY_BUTTON_CLASS} onClick={() => act(step)} disabled={action.busy}>
            {STORE_TRANSITIONS[step].label}
          </button>
        ))}
      </div>
      {/* The badge and the buttons show a step that landed; only a refusal is said here. */}
      {action.status.failure ? <SaveOutcome status={action.status} /> : null}
    </div>
  )
}

function Sales({ label, orders, revenue, currency }: { label: string; orders: number; revenue: number; currency: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="sr-only">{label}: </span>
      {orders} {orders === 1 ? 'order' : 'orders'} · {formatPrice(revenue, currency)}
    </span>
  )
}

export function StoreTable({ stores, currency }: { stores: StoreListRow[]; currency: string }) {
  if (stores.length === 0) return <p className="rounded-card border border-line bg-white p-5 text-sm text-muted">No stores yet. Create the first one below.</p>
  return (
    <ul className="grid gap-3" aria-label="Stores">
      {stores.map((store) => (
        <li key={store.websiteId} className="grid gap-3 rounded-card border border-line bg-white p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-center" aria-label={store.name}>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold">{store.name}</h2>
              <StoreStateBadge state={store.state} />
            </div>
            <p className="mt-1 text-xs text-muted">
              <span className="font-mono">{store.code}</span>
              {store.hosts.length > 0 ? <> · {store.hosts.join(', ')}</> : <> · no host name (platform address only)</>}
            </p>
          </div>
          <div className="text-sm">
            <div className="text-xs text-muted">Today</div>
            <Sales label="Today" currency={currency} {...store.today} />
          </div>
          <div className="text-sm">
            <div className="text-xs text-muted">Last 30 days</div>
            <Sales label="Last 30 days" currency={currency} {...store.last30Days} />
          </div>
          <StoreActions store={store} />
        </li>
      ))}
    </ul>
  )
}

type CreateStoreFields = { template: string; name: string; code: string; hosts: string; accentColor: string }

export function CreateStoreForm({ templates }: { templates: { id: number; name: string }[] }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'stores.create',
    defaultValues: { template: templates[0] ? String(templates[0].id) : BLANK_TEMPLATE, name: '', code: '', hosts: '', accentColor: '' } satisfies CreateStoreFields,
    toValue: (fields: CreateStoreFields) => ({
      template: fields.template === BLANK_TEMPLATE ? BLANK_TEMPLATE : Number(fields.template),
      name: fields.name,
      code: fields.code,
      hosts: typedHosts(fields.hosts),
      ...(fields.accentColor.trim() ? { accentColor: fields.accentColor.trim() } : {}),
    }),
    savedMessage: (store) => `${store.name} was created as a draft. Preview it, then open it to the public.`,
    onSaved: () => {
      form.reset()
      router.refresh()
    },
  })
  const { register } = form

  return (
    <ConsoleForm form={form} label="Create a store" className="grid gap-4 rounded-card border border-line bg-white p-5" actions={<SubmitButton form={form} busyLabel="Creating…">Create store</SubmitButton>}>
      <div>
        <h2 className="text-lg font-semibold">Create a store</h2>
        <p className="mt-1 text-sm text-muted">
          A copy of a store’s catalog, prices, decoration, delivery, payment, tax and content under new ids (pictures are shared, not copied), or a blank store. Accounts, orders and gift cards are not
          copied. It starts as a draft.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField form={form} name="template" label="Template">
          <Select {...register('template')}>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                Copy of {template.name}
              </option>
            ))}
            <option value={BLANK_TEMPLATE}>Blank store</option>
          </Select>
        </FormField>
        <FormField form={form} name="name" label="Store name">
          <TextInput {...register('name')} required maxLength={200} placeholder="Northside Swim Club Store" />
        </FormField>
        <FormField form={form} name="code" label="Store code" hint="Lower-case letters, digits and hyphens; also its address under the platform domain.">
          <TextInput {...register('code')} required maxLength={63} placeholder="northside-swim" autoCapitalize="none" spellCheck={false} />
        </FormField>
        <FormField form={form} name="hosts" label="Host names" hint="One per line or separated by commas, the primary first, e.g. club.localhost or shop.club.com.">
          <TextArea {...register('hosts')} rows={2} autoCapitalize="none" spellCheck={false} />
        </FormField>
        <FormField form={form} name="accentColor" label="Accent colour" hint="Optional: a hex colour such as #c8102e; the template’s otherwise.">
          <TextInput {...register('accentColor')} maxLength={32} placeholder="#c8102e" />
        </FormField>
      </div>
    </ConsoleForm>
  )
}
