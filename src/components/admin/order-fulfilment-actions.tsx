'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The order page's fulfilment buttons (issue 15): resolve a problem a decoration partner reported,
// mark the shipped order delivered. One console mutation each, then the page is rendered again.

function useAction() {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run(work: () => Promise<unknown>) {
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await work()
      router.refresh()
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, run }
}

function ActionButton({ label, tone, work }: { label: string; tone: 'primary' | 'secondary'; work: () => Promise<unknown> }) {
  const { busy, error, run } = useAction()
  return (
    <span className="inline-flex flex-col gap-1">
      <button type="button" disabled={busy} onClick={() => void run(work)} className={tone === 'primary' ? PRIMARY_BUTTON_CLASS : SECONDARY_BUTTON_CLASS}>
        {busy ? 'Saving…' : label}
      </button>
      {error ? (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      ) : null}
    </span>
  )
}

export const ResolveProblemButton = ({ workOrderId }: { workOrderId: number }) => (
  <ActionButton label="Resolve" tone="secondary" work={() => adminMutation('resolveWorkOrderProblem', { workOrderId })} />
)

export const MarkDeliveredButton = ({ orderId }: { orderId: number }) => <ActionButton label="Mark delivered" tone="primary" work={() => adminMutation('markOrderDelivered', { orderId })} />
