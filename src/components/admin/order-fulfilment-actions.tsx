'use client'

import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'
import { SaveOutcome } from './console-form'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'

// The order page's fulfilment buttons (issue 15): resolve a problem a decoration partner reported,
// mark the shipped order delivered. One console mutation each on the console's one action path,
// then the page is rendered again.

function ActionButton({ label, tone, work }: { label: string; tone: 'primary' | 'secondary'; work: () => Promise<unknown> }) {
  const action = useConsoleAction()
  return (
    <span className="inline-flex flex-col gap-1">
      <button type="button" disabled={action.busy} onClick={() => void action.run(work)} className={tone === 'primary' ? PRIMARY_BUTTON_CLASS : SECONDARY_BUTTON_CLASS}>
        {action.busy ? 'Saving…' : label}
      </button>
      {action.status.failure ? <SaveOutcome status={action.status} /> : null}
    </span>
  )
}

export const ResolveProblemButton = ({ workOrderId }: { workOrderId: number }) => (
  <ActionButton label="Resolve" tone="secondary" work={() => adminMutation('resolveWorkOrderProblem', { workOrderId })} />
)

export const MarkDeliveredButton = ({ orderId }: { orderId: number }) => <ActionButton label="Mark delivered" tone="primary" work={() => adminMutation('markOrderDelivered', { orderId })} />
