'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { MAX_PROBLEM_MESSAGE, type WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@/isomorphic/tracking'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')

/** The next steps of a work order for the member looking at it: accept, in production, report a problem, ship (or resolve, for the store). */
export function WorkOrderActions({ view, isStaff }: { view: WorkOrderView; isStaff: boolean }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [reporting, setReporting] = useState(false)

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      await work()
      setNotice(done)
      setReporting(false)
      router.refresh()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const workOrderId = view.id
  const open = view.state === 'new' || view.state === 'accepted' || view.state === 'in_production'

  return (
    <div className="grid gap-4">
      <FormError message={error} />
      {notice ? (
        <p role="status" className="rounded-md border border-line bg-soft px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}

      {view.state === 'shipped' ? <p className="text-sm">Shipped in full. Nothing left to do.</p> : null}
      {view.state === 'cancelled' ? <p className="text-sm">The order was cancelled: do not produce or ship this work order.</p> : null}
      {view.state === 'problem' ? (
        isStaff ? (
          <button type="button" disabled={busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('resolveWorkOrderProblem', { workOrderId }), 'The problem is marked resolved.')}>
            Mark the problem resolved
          </button>
        ) : (
          <p className="text-sm">The store has your message and will come back to you; the work order continues once they mark the problem resolved.</p>
        )
      ) : null}

      {view.state === 'new' ? (
        <button type="button" disabled={busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('acceptWorkOrder', { workOrderId }), 'Work order accepted.')}>
          Accept
        </button>
      ) : null}
      {view.state === 'accepted' ? (
        <button type="button" disabled={busy} className={PRIMARY_BUTTON_CLASS} onClick={() => void run(() => adminMutation('startWorkOrderProduction', { workOrderId }), 'Marked in production.')}>
          Mark in production
        </button>
      ) : null}

      {view.state === 'accepted' || view.state === 'in_production' ? <ShipForm view={view} busy={busy} run={run} /> : null}

      {open ? (
        reporting ? (
          <ProblemForm busy={busy} onCancel={() => setReporting(false)} onSubmit={(message) => void run(() => adminMutation('reportWorkOrderProblem', { workOrderId, message }), 'The store has your message.')} />
        ) : (
          <button type="button" disabled={busy} className={SECONDARY_BUTTON_CLASS} onClick={() => setReporting(true)}>
            Report a problem
          </button>
        )
      ) : null}
    </div>
  )
}

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

function ShipForm({ view, busy, run }: { view: WorkOrderView; busy: boolean; run: (work: () => Promise<unknown>, done: string) => Promise<void> }) {
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
