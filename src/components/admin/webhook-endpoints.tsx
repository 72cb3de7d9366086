'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { WebhookEndpointData, WebhookTestResult } from '@/isomorphic/contract/admin-webhooks'
import { WEBHOOK_TOPICS, type WebhookTopic } from '@/isomorphic/webhooks'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

/** The secret, shown once after it was made: the receiver needs it, the console never shows it again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div role="status" className="mb-6 rounded-card border border-accent/40 bg-soft p-4">
      <p className="text-sm font-semibold">Copy the signing secret now: it is not shown again.</p>
      <code className="mt-2 block rounded bg-white px-2 py-1 font-mono text-sm break-all select-all">{secret}</code>
      <button type="button" className={`${SECONDARY_BUTTON_CLASS} mt-3`} onClick={onDone}>
        I have copied it
      </button>
    </div>
  )
}

type EndpointFields = { url: string; description: string; topics: WebhookTopic[]; isActive: boolean }

function EndpointForm({ websiteId, endpoint, onSaved, onCancel }: { websiteId: number; endpoint: WebhookEndpointData | null; onSaved: (secret: string | null) => void; onCancel: () => void }) {
  const form = useConsoleForm({
    mutation: 'saveWebhookEndpoint',
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', topics: endpoint ? endpoint.topics : [...WEBHOOK_TOPICS], isActive: endpoint?.isActive ?? true } satisfies EndpointFields,
    toValue: (fields: EndpointFields) => ({ ...(endpoint ? { id: endpoint.id } : {}), websiteId, ...fields }),
    onSaved: (answer) => onSaved(answer.secret),
  })
  const { register } = form

  return (
    <ConsoleForm
      form={form}
      label={endpoint ? `Edit the endpoint ${endpoint.url}` : 'Add an endpoint'}
      className="grid max-w-2xl gap-4 rounded-card border border-line bg-white p-5"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form}>{endpoint ? 'Save' : 'Add endpoint'}</SubmitButton>
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      }
    >
      <h2 className="text-lg font-semibold">{endpoint ? 'Edit endpoint' : 'Add an endpoint'}</h2>
      <FormField form={form} name="url" label="Receiver URL" hint="https:// (plain http only to this machine, outside production).">
        <TextInput {...register('url')} type="url" required placeholder="https://erp.example.com/webhooks/orders" />
      </FormField>
      <FormField form={form} name="description" label="Description">
        <TextInput {...register('description')} maxLength={500} />
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium">Topics</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_TOPICS.map((topic) => (
            <label key={topic} className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...register('topics')} value={topic} className="size-4 accent-accent" />
              <span className="font-mono">{topic}</span>
            </label>
          ))}
        </div>
        {form.formState.errors.topics?.message ? <p className="mt-1 text-sm text-danger">{form.formState.errors.topics.message}</p> : null}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('isActive')} className="size-4 accent-accent" />
        Active (events are sent)
      </label>
    </ConsoleForm>
  )
}

/** A store's endpoints: add, edit, rotate the secret, delete; a link to each one's deliveries. */
export function WebhookEndpoints({ websiteId, endpoints, chosenId }: { websiteId: number; endpoints: WebhookEndpointData[]; chosenId: number | null }) {
  const router = useRouter()
  const [editing, setEditing] = useState<WebhookEndpointData | 'new' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [tested, setTested] = useState<{ endpointId: number; result: WebhookTestResult } | null>(null)
  const action = useConsoleAction()

  /** One signed test event now; the receiver's answer is said under the endpoint. */
  const sendTest = (endpoint: WebhookEndpointData) => {
    setTested(null)
    return action.run(() => adminMutation('sendWebhookTestEvent', { endpointId: endpoint.id }), { refresh: false }).then((outcome) => {
      if (outcome.ok) {
        action.clear()
        setTested({ endpointId: endpoint.id, result: outcome.answer })
      }
    })
  }

  const rotate = (endpoint: WebhookEndpointData) =>
    action
      .run(() => adminMutation('rotateWebhookSecret', { endpointId: endpoint.id }), {
        confirm: `Make a new secret for ${endpoint.url}? The old one stops working at once: the receiver must be given the new one.`,
      })
      .then((outcome) => {
        if (outcome.ok) {
          action.clear()
          setSecret(outcome.answer.secret)
        }
      })

  const remove = (endpoint: WebhookEndpointData) =>
    action.run(() => adminMutation('deleteWebhookEndpoint', { endpointId: endpoint.id }), { confirm: `Delete the endpoint ${endpoint.url} and its delivery log?`, savedMessage: 'The endpoint was deleted.' })

  return (
    <div>
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <SaveOutcome status={action.status} />
      {editing ? (
        <EndpointForm
          websiteId={websiteId}
          endpoint={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(made) => {
            setEditing(null)
            if (made) setSecret(made)
            router.refresh()
          }}
        />
      ) : (
        <button type="button" className={PRIMARY_BUTTON_CLASS} onClick={() => setEditing('new')}>
          Add an endpoint
        </button>
      )}
      {endpoints.length === 0 ? (
        <p className="mt-6 text-sm text-muted">No endpoints yet: nothing is sent.</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className={`rounded-card border bg-white p-4 ${endpoint.id === chosenId ? 'border-accent' : 'border-line'}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all">{endpoint.url}</p>
                  {endpoint.description ? <p className="mt-1 text-sm text-muted">{endpoint.description}</p> : null}
                  <p className="mt-1 text-xs text-muted">
                    {endpoint.isActive ? 'Active' : 'Off'} · {endpoint.topics.join(', ')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link className={SECONDARY_BUTTON_CLASS} href={`/admin/webhooks?store=${websiteId}&endpoint=${endpoint.id}`}>
                    Deliveries
                  </Link>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => setEditing(endpoint)}>
                    Edit
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => sendTest(endpoint)}>
                    Send a test event
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => rotate(endpoint)}>
                    New secret
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={action.busy} onClick={() => remove(endpoint)}>
                    Delete
                  </button>
                </div>
              </div>
              {tested?.endpointId === endpoint.id ? (
                <p role="status" className={`mt-3 text-sm ${tested.result.delivered ? 'text-ink' : 'text-danger'}`}>
                  {tested.result.message} <span className="text-muted">(event {tested.result.eventId})</span>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
