'use client'

import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction } from '@/client/admin/use-console-form'
import { MAX_PROBLEM_MESSAGE, type WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@/isomorphic/tracking'
import { stepsOpenTo, WORK_ORDER_STEPS, type WorkOrderStep } from '@/isomorphic/work-order-states'
import { SaveOutcome } from './console-form'
import { Field, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

/** What a work order in a settled or waiting state tells the member, instead of steps. */
const STATE_NOTES: Partial<Record<WorkOrderView['state'], { partner: string; staff: string }>> = {
  shipped: { partner: 'Shipped in full. Nothing left to do.', staff: 'Shipped in full. Nothing left to do.' },
  cancelled: { partner: 'The order was cancelled: do not produce or ship this work order.', staff: 'The order was cancelled: do not produce or ship this work order.' },
  problem: { partner: 'The store has your message and will come back to you; the work order continues once they mark the problem resolved.', staff: 'The partner reported a problem: resolve it with them, then mark it resolved.' },
}

/**
 * The next steps of a work order for the member looking at it, as its declared life cycle offers
 * them (src/isomorphic/work-order-states.ts): accept, in production, ship, report a problem — or
 * resolve it, for the store. Each on the console's one outcome path.
 */
export function WorkOrderActions({ view, isStaff }: { view: WorkOrderView; isStaff: boolean }) {
  const action = useConsoleAction()
  const [reporting, setReporting] = useState(false)
  const who = isStaff ? 'staff' : 'partner'
  const steps = stepsOpenTo(view.state, who)
  const can = (step: WorkOrderStep) => steps.includes(step)
  const workOrderId = view.id
  const run: RunStep = async (call, savedMessage) => {
    const outcome = await action.run(call, { savedMessage })
    if (outcome.ok) setReporting(false)
  }
  const note = STATE_NOTES[view.state]?.[who]

  return (
    <div className="grid gap-4">
      <SaveOutcome status={action.status} />
      {note ? <p className="text-sm">{note}</p> : null}

      {can('resolveProblem') ? (
        <button type="button" disabled={action.busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('resolveWorkOrderProblem', { workOrderId }), 'The problem is marked resolved.')}>
          Mark the problem resolved
        </button>
      ) : null}
      {can('accept') ? (
        <button type="button" disabled={action.busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('acceptWorkOrder', { workOrderId }), 'Work order accepted.')}>
          {WORK_ORDER_STEPS.accept.label}
        </button>
      ) : null}
      {can('startProduction') ? (
        <button type="button" disabled={action.busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('startWorkOrderProduction', { workOrderId }), 'Marked in production.')}>
          {WORK_ORDER_STEPS.startProduction.label}
        </button>
      ) : null}

      {can('ship') ? <ShipForm view={view} busy={action.busy} run={run} /> : null}

      {can('reportProblem') ? (
        reporting ? (
          <ProblemForm busy={action.busy} onCancel={() => setReporting(false)} onSubmit={(message) => void run(() => adminMutation('reportWorkOrderProblem', { workOrderId, message }), 'The store has your message.')} />
        ) : (
          <button type="button" disabled={action.busy} className={SECONDARY_BUTTON_CLASS} onClick={() => setReporting(true)}>
            {WORK_ORDER_STEPS.reportProblem.label}
          </button>
        )
      ) : null}
    </div>
  )
}

type RunStep = (call: () => Promise<unknown>, savedMessage: string) => Promise<void>

function ProblemForm({ busy, onCancel, onSubmit }: { busy: boolean; onCancel: () => void; onSubmit: (message: string) => void }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit(String(new FormData(event.currentTarget).get('message') ?? ''))
  }
  return (
    <form onSubmit={submit} className="grid gap-3">
      <Field label="What is the problem?" hint="The store sees this message on its dashboard.">
        <textarea name="message" required maxLength={MAX_PROBLEM_MESSAGE} rows={4} className={INPUT_CLASS} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
          Send to the store
        </button>
        <button type="button" disabled={busy} className={SECONDARY_BUTTON_CLASS} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function ShipForm({ view, busy, run }: { view: WorkOrderView; busy: boolean; run: RunStep }) {
  const shippable = view.lines.filter((line) => line.lineType !== 'setup' && line.quantity > line.shipped)
  const [carrier, setCarrier] = useState<Carrier>('ups')
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(shippable.map((line) => [line.orderLineId, String(line.quantity - line.shipped)])))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trackingNumber = String(new FormData(event.currentTarget).get('trackingNumber') ?? '')
    const lines = shippable.map((line) => ({ orderLineId: line.orderLineId, quantity: Number(quantities[line.orderLineId] ?? 0) })).filter((line) => Number.isInteger(line.quantity) && line.quantity > 0)
    void run(async () => {
      const answer = await adminMutation('shipWorkOrder', { workOrderId: view.id, carrier, trackingNumber, lines })
      if (!answer.created) throw new AdminApiError('This tracking number is already recorded for this work order: nothing changed.', 200, null)
    }, 'Shipment recorded. The customer gets the tracking link by mail.')
  }

  if (shippable.length === 0) return null
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">Ship</h3>
      <Field label="Carrier">
        <select name="carrier" value={carrier} onChange={(event) => setCarrier(event.target.value as Carrier)} className={INPUT_CLASS}>
          {CARRIERS.map((code) => (
            <option key={code} value={code}>
              {CARRIER_NAMES[code]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Tracking number">
        <TextInput name="trackingNumber" required autoComplete="off" inputMode="text" maxLength={60} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Pieces in this parcel</legend>
        {shippable.map((line) => {
          const left = line.quantity - line.shipped
          return (
            <label key={line.orderLineId} className="flex items-center justify-between gap-3 text-sm">
              <span>
                {[line.product, line.colorName, line.size].filter(Boolean).join(' · ')}
                <span className="block text-xs text-muted">
                  {left} of {line.quantity} left
                </span>
              </span>
              <input
                type="number"
                min={0}
                max={left}
                step={1}
                inputMode="numeric"
                value={quantities[line.orderLineId] ?? ''}
                onChange={(event) => setQuantities((current) => ({ ...current, [line.orderLineId]: event.target.value }))}
                className={`${INPUT_CLASS} mt-0 w-20 text-right`}
                aria-label={`Pieces of ${[line.product, line.colorName, line.size].filter(Boolean).join(', ')}`}
              />
            </label>
          )
        })}
      </fieldset>
      <button type="submit" disabled={busy} className={PRIMARY_BUTTON_CLASS}>
        Record the shipment
      </button>
    </form>
  )
}
