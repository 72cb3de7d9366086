'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { WebhookEndpointData, WebhookTestResult } from '@/isomorphic/contract/admin-webhooks'
import { WEBHOOK_TOPICS, type WebhookTopic } from '@/isomorphic/webhooks'
import { Field, FormError, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')

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

function EndpointForm({ websiteId, endpoint, onSaved, onCancel }: { websiteId: number; endpoint: WebhookEndpointData | null; onSaved: (secret: string | null) => void; onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setError(null)
    try {
      const answer = await adminMutation('saveWebhookEndpoint', {
        ...(endpoint ? { id: endpoint.id } : {}),
        websiteId,
        url: String(data.get('url') ?? ''),
        description: String(data.get('description') ?? ''),
        topics: data.getAll('topics').map(String) as WebhookTopic[],
        isActive: data.get('isActive') === 'on',
      })
      onSaved(answer.secret)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid max-w-2xl gap-4 rounded-card border border-line bg-white p-5" noValidate>
      <h2 className="text-lg font-semibold">{endpoint ? 'Edit endpoint' : 'Add an endpoint'}</h2>
      <FormError message={error} />
      <Field label="Receiver URL" hint="https:// (plain http only to this machine, outside production).">
        <TextInput name="url" type="url" required defaultValue={endpoint?.url ?? ''} placeholder="https://erp.example.com/webhooks/orders" />
      </Field>
      <Field label="Description">
        <TextInput name="description" defaultValue={endpoint?.description ?? ''} maxLength={500} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">Topics</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_TOPICS.map((topic) => (
            <label key={topic} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="topics" value={topic} defaultChecked={endpoint ? endpoint.topics.includes(topic) : true} className="size-4 accent-accent" />
              <span className="font-mono">{topic}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isActive" defaultChecked={endpoint?.isActive ?? true} className="size-4 accent-accent" />
        Active (events are sent)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : endpoint ? 'Save' : 'Add endpoint'}
        </button>
        <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/** A store's endpoints: add, edit, rotate the secret, delete; a link to each one's deliveries. */
export function WebhookEndpoints({ websiteId, endpoints, chosenId }: { websiteId: number; endpoints: WebhookEndpointData[]; chosenId: number | null }) {
  const router = useRouter()
  const [editing, setEditing] = useState<WebhookEndpointData | 'new' | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busyId, setBusyId] = useState<number | null>(null)
  const [tested, setTested] = useState<{ endpointId: number; result: WebhookTestResult } | null>(null)
  const [testingId, setTestingId] = useState<number | null>(null)

  /** One signed test event now; the receiver's answer is said under the endpoint. */
  async function sendTest(endpoint: WebhookEndpointData) {
    setBusyId(endpoint.id)
    setTestingId(endpoint.id)
    setError(null)
    setTested(null)
    try {
      setTested({ endpointId: endpoint.id, result: await adminMutation('sendWebhookTestEvent', { endpointId: endpoint.id }) })
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusyId(null)
      setTestingId(null)
    }
  }

  async function act(endpoint: WebhookEndpointData, action: 'rotate' | 'delete') {
    const question =
      action === 'rotate'
        ? `Make a new secret for ${endpoint.url}? The old one stops working at once: the receiver must be given the new one.`
        : `Delete the endpoint ${endpoint.url} and its delivery log?`
    if (!window.confirm(question)) return
    setBusyId(endpoint.id)
    setError(null)
    try {
      if (action === 'rotate') setSecret((await adminMutation('rotateWebhookSecret', { endpointId: endpoint.id })).secret)
      else await adminMutation('deleteWebhookEndpoint', { endpointId: endpoint.id })
      router.refresh()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusyId(null)
    }
  }

  return (
    <div>
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <FormError message={error} />
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
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busyId === endpoint.id} onClick={() => setEditing(endpoint)}>
                    Edit
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busyId === endpoint.id} onClick={() => sendTest(endpoint)}>
                    {testingId === endpoint.id ? 'Sending…' : 'Send a test event'}
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busyId === endpoint.id} onClick={() => act(endpoint, 'rotate')}>
                    New secret
                  </button>
                  <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busyId === endpoint.id} onClick={() => act(endpoint, 'delete')}>
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
