'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import { MAX_PROBLEM_MESSAGE, type WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@/isomorphic/tracking'
import { stepsOpenTo, WORK_ORDER_STEPS, type WorkOrderStep } from '@/isomorphic/work-order-states'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, Select, TextArea, TextInput } from './form-fields'

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
  const router = useRouter()
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
  const landed: Landed = (saved) => {
    action.say(saved)
    setReporting(false)
    router.refresh()
  }

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

      {can('ship') ? <ShipForm key={view.lines.map((line) => line.shipped).join()} view={view} onLanded={landed} /> : null}

      {can('reportProblem') ? (
        reporting ? (
          <ProblemForm workOrderId={workOrderId} onCancel={() => setReporting(false)} onLanded={landed} />
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

/** After a step's form landed: its sentence is said above the steps (the form itself may be gone), and the page is rendered again. */
type Landed = (saved: string) => void

function ProblemForm({ workOrderId, onCancel, onLanded }: { workOrderId: number; onCancel: () => void; onLanded: Landed }) {
  const form = useConsoleForm({
    mutation: 'reportWorkOrderProblem',
    defaultValues: { message: '' },
    toValue: (fields: { message: string }) => ({ workOrderId, message: fields.message }),
    onSaved: () => onLanded('The store has your message.'),
  })
  return (
    <ConsoleForm
      form={form}
      label="Report a problem"
      className="grid gap-3"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form} busyLabel="Sending…">
            Send to the store
          </SubmitButton>
          <button type="button" disabled={form.busy} className={SECONDARY_BUTTON_CLASS} onClick={onCancel}>
            Cancel
          </button>
        </div>
      }
    >
      <FormField form={form} name="message" label="What is the problem?" hint="The store sees this message on its dashboard.">
        <TextArea {...form.register('message')} required maxLength={MAX_PROBLEM_MESSAGE} rows={4} />
      </FormField>
    </ConsoleForm>
  )
}

type ShipFields = { carrier: Carrier; trackingNumber: string; quantities: string[] }

function ShipForm({ view, onLanded }: { view: WorkOrderView; onLanded: Landed }) {
  const shippable = view.lines.filter((line) => line.lineType !== 'setup' && line.quantity > line.shipped)
  const form = useConsoleForm({
    mutation: 'shipWorkOrder',
    defaultValues: { carrier: 'ups', trackingNumber: '', quantities: shippable.map((line) => String(line.quantity - line.shipped)) } as ShipFields,
    toValue: (fields: ShipFields) => ({
      workOrderId: view.id,
      carrier: fields.carrier,
      trackingNumber: fields.trackingNumber,
      lines: shippable.map((line, index) => ({ orderLineId: line.orderLineId, quantity: Number(fields.quantities[index] ?? 0) })).filter((line) => Number.isInteger(line.quantity) && line.quantity > 0),
    }),
    onSaved: (answer) => onLanded(answer.created ? 'Shipment recorded. The customer gets the tracking link by mail.' : 'This tracking number is already recorded for this work order: nothing changed.'),
  })

  if (shippable.length === 0) return null
  return (
    <ConsoleForm
      form={form}
      label="Ship"
      className="grid gap-3 border-t border-line pt-4"
      actions={
        <SubmitButton form={form} busyLabel="Recording…">
          Record the shipment
        </SubmitButton>
      }
    >
      <h3 className="font-semibold">Ship</h3>
      <FormField form={form} name="carrier" label="Carrier">
        <Select {...form.register('carrier')}>
          {CARRIERS.map((code) => (
            <option key={code} value={code}>
              {CARRIER_NAMES[code]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField form={form} name="trackingNumber" label="Tracking number">
        <TextInput {...form.register('trackingNumber')} required autoComplete="off" inputMode="text" maxLength={60} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Pieces in this parcel</legend>
        {shippable.map((line, index) => {
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
                {...form.register(`quantities.${index}`)}
                className={`${INPUT_CLASS} mt-0 w-20 text-right`}
                aria-label={`Pieces of ${[line.product, line.colorName, line.size].filter(Boolean).join(', ')}`}
              />
            </label>
          )
        })}
      </fieldset>
    </ConsoleForm>
  )
}
