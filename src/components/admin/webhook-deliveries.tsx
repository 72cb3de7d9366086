'use client'

import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'
import { WEBHOOK_DELIVERY_STATE_NAMES, type WebhookDeliveryData } from '@/isomorphic/contract/admin-webhooks'
import { SaveOutcome } from './console-form'
import { SECONDARY_BUTTON_CLASS } from './form-fields'

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—')

/** An endpoint's deliveries, newest first, each with its attempts and a Re-send button (same event id). */
export function WebhookDeliveries({ deliveries }: { deliveries: WebhookDeliveryData[] }) {
  const action = useConsoleAction()
  const [busyId, setBusyId] = useState<number | null>(null)

  const resend = (delivery: WebhookDeliveryData) => {
    setBusyId(delivery.id)
    return action.run(() => adminMutation('resendWebhookDelivery', { deliveryId: delivery.id }), { savedMessage: 'Queued to be sent again, with the same event id.' }).finally(() => setBusyId(null))
  }

  if (deliveries.length === 0) return <p className="mt-3 text-sm text-muted">Nothing sent to this endpoint yet.</p>
  return (
    <div className="mt-3">
      <SaveOutcome status={action.status} />
      <ul className="grid gap-3">
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="rounded-card border border-line bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="text-sm">
                <p>
                  <span className="font-mono">{delivery.topic}</span> · order {delivery.orderReference} · <span className="font-semibold">{WEBHOOK_DELIVERY_STATE_NAMES[delivery.state]}</span>
                  {delivery.lastStatus !== null ? ` (HTTP ${delivery.lastStatus})` : ''}
                </p>
                <p className="mt-1 text-xs text-muted">
                  Event <span className="font-mono">{delivery.eventId}</span> · queued {when(delivery.createdAt)} · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                  {delivery.state === 'pending' ? ` · next ${when(delivery.nextAttemptAt)}` : ''}
                  {delivery.deliveredAt ? ` · delivered ${when(delivery.deliveredAt)}` : ''}
                </p>
              </div>
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busyId === delivery.id} onClick={() => void resend(delivery)}>
                {busyId === delivery.id ? 'Queuing…' : 'Re-send'}
              </button>
            </div>
            {delivery.attemptLog.length > 0 ? (
              <details className="mt-3">
                <summary className="cursor-pointer text-sm">Attempts</summary>
                <table className="mt-2 w-full text-left text-xs">
                  <thead>
                    <tr className="text-muted">
                      <th className="py-1 pr-3 font-medium">When</th>
                      <th className="py-1 pr-3 font-medium">Answer</th>
                      <th className="py-1 pr-3 font-medium">Took</th>
                      <th className="py-1 font-medium">Body or error</th>
                    </tr>
                  </thead>
                  <tbody>
                    {delivery.attemptLog.map((attempt) => (
                      <tr key={attempt.id} className="border-t border-line align-top">
                        <td className="py-1 pr-3 whitespace-nowrap">{when(attempt.attemptedAt)}</td>
                        <td className="py-1 pr-3">{attempt.status ?? 'none'}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{attempt.durationMs} ms</td>
                        <td className="py-1 font-mono break-all">{attempt.error ?? attempt.responseExcerpt ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
