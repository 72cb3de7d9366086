import { WORK_ORDER_STATE_NAMES, type WorkOrderState } from '@/isomorphic/contract/admin-work-orders'

const TONES: Record<WorkOrderState, string> = {
  new: 'bg-blue-50 text-blue-800 border-blue-200',
  accepted: 'bg-soft text-ink border-line',
  in_production: 'bg-amber-50 text-amber-900 border-amber-200',
  problem: 'bg-red-50 text-danger border-danger/30',
  shipped: 'bg-green-50 text-green-800 border-green-200',
  cancelled: 'bg-soft text-muted border-line',
}

export function WorkOrderStateBadge({ state }: { state: WorkOrderState }) {
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[state]}`}>{WORK_ORDER_STATE_NAMES[state]}</span>
}
