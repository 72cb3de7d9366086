'use client'

import { useRouter } from 'next/navigation'
import { type ReactNode, useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import { type ConsoleForm as ConsoleFormModel, useConsoleForm } from '@/client/admin/use-console-form'
import type { AdminMutationValues } from '@/isomorphic/contract/admin'
import type { AdminOrderDetail } from '@/isomorphic/contract/admin-orders'
import { formatPrice } from '@/isomorphic/format'
import { previewRefund, type RefundPreview, type RefundRequest } from '@/isomorphic/refund-preview'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { Field, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextArea, TextInput } from './form-fields'

// The order page's money actions (issue 15): "Mark paid", "Cancel" and "Refund", each a dialog that
// calls one console mutation and, once it is done, renders the page again from the server. A dialog
// keeps one request key while it is open, so a double submit or a retry after a lost answer is the
// same request to the server (one refund, one cancellation).

const newRequestKey = () => crypto.randomUUID()

function ActionDialog({ label, title, tone = 'secondary', children }: { label: string; title: string; tone?: 'primary' | 'secondary'; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className={tone === 'primary' ? PRIMARY_BUTTON_CLASS : SECONDARY_BUTTON_CLASS} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <dialog
          // Shown as a modal (focus kept inside, Escape closes it) as soon as it is in the page.
          ref={(node) => {
            if (node && !node.open) node.showModal()
          }}
          aria-label={title}
          onClose={close}
          className="m-auto w-full max-w-lg rounded-card border border-line bg-white p-0 text-ink backdrop:bg-black/40"
        >
          <div className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold">{title}</h2>
            <div className="mt-4">{children(close)}</div>
          </div>
        </dialog>
      ) : null}
    </>
  )
}

/** The dialog's form on the console's one form: on success the dialog closes and the page is rendered again. */
function useDialogForm<F extends FieldValues, K extends 'markOrderPaid' | 'cancelOrder' | 'refundOrder'>(mutation: K, defaultValues: F, toValue: (fields: F) => AdminMutationValues[K], close: () => void) {
  const router = useRouter()
  return useConsoleForm({
    mutation,
    defaultValues,
    toValue,
    onSaved: () => {
      close()
      router.refresh()
    },
  })
}

function Buttons<F extends FieldValues>({ form, submit, close }: { form: ConsoleFormModel<F>; submit: string; close: () => void }) {
  return (
    <div className="mt-1 flex justify-end gap-2">
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={close}>
        Close
      </button>
      <SubmitButton form={form} busyLabel="Working…">
        {submit}
      </SubmitButton>
    </div>
  )
}

function MarkPaidForm({ order, close }: { order: AdminOrderDetail; close: () => void }) {
  const form = useDialogForm('markOrderPaid', { reference: '' }, (fields) => ({ orderId: order.id, reference: fields.reference }), close)
  return (
    <ConsoleForm form={form} label={`Mark order ${order.reference} paid`} className="grid gap-4" actions={<Buttons form={form} submit="Mark paid" close={close} />}>
      <p className="text-sm text-muted">Record that {formatPrice(order.totals.due, order.store.currency)} was received for this order.</p>
      <FormField form={form} name="reference" label="Payment reference" hint="The cheque, transfer or remittance reference.">
        <TextInput {...form.register('reference')} required maxLength={200} autoComplete="off" />
      </FormField>
    </ConsoleForm>
  )
}

function CancelForm({ order, close }: { order: AdminOrderDetail; close: () => void }) {
  const [requestKey] = useState(newRequestKey)
  const form = useDialogForm('cancelOrder', { reason: '' }, (fields) => ({ orderId: order.id, requestKey, reason: fields.reason }), close)
  return (
    <ConsoleForm form={form} label={`Cancel order ${order.reference}`} className="grid gap-4" actions={<Buttons form={form} submit="Cancel the order" close={close} />}>
      <p className="text-sm text-muted">
        The order is cancelled, its budget, gift cards and promotion are given back, {formatPrice(order.totals.refundable, order.store.currency)} is refunded, and the customer gets one mail.
      </p>
      <FormField form={form} name="reason" label="Reason" hint="The customer sees it in the mail.">
        <TextArea {...form.register('reason')} required maxLength={1000} rows={3} />
      </FormField>
    </ConsoleForm>
  )
}

type RefundFields = { mode: 'lines' | 'amount'; amount: string; quantities: string[]; reason: string }

/** The refund the form asks for, read from its fields. */
function refundRequestOf(fields: RefundFields, lineIds: number[]): RefundRequest {
  if (fields.mode === 'amount') return { amount: Number(fields.amount || 0) }
  return { lines: lineIds.map((orderLineId, index) => ({ orderLineId, quantity: Number(fields.quantities[index] || 0) })).filter((line) => line.quantity > 0) }
}

const TENDER_NAMES = [
  ['card', 'to the card'],
  ['offline', 'paid back by hand (offline payment)'],
  ['giftCard', 'to gift cards'],
  ['budget', 'to the budget'],
] as const

/** The refund before it is made: its amount and each way's part, as the server will split it. */
function RefundPreviewNote({ preview, currency }: { preview: RefundPreview | null; currency: string }) {
  return (
    <div role="status" aria-live="polite" className="rounded-md border border-line bg-soft px-3 py-2 text-sm">
      {preview === null ? (
        <p className="text-muted">Choose what to refund to see the amount.</p>
      ) : preview.ok ? (
        <>
          <p className="font-semibold">Refund {formatPrice(preview.amount, currency)}</p>
          <ul className="mt-1 text-muted">
            {TENDER_NAMES.filter(([tender]) => preview.split[tender] > 0).map(([tender, name]) => (
              <li key={tender}>{`${formatPrice(preview.split[tender], currency)} ${name}`}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted">{preview.problem}</p>
      )}
    </div>
  )
}

function RefundForm({ order, close }: { order: AdminOrderDetail; close: () => void }) {
  const [requestKey] = useState(newRequestKey)
  const refundable = order.lines.filter((line) => line.quantity > line.refundedQuantity)
  const lineIds = refundable.map((line) => line.id)
  const form = useDialogForm(
    'refundOrder',
    { mode: 'lines', amount: '', quantities: refundable.map(() => '0'), reason: '' } as RefundFields,
    (fields) => ({ orderId: order.id, requestKey, ...refundRequestOf(fields, lineIds), reason: fields.reason }),
    close,
  )
  const fields = form.watch()
  const request = refundRequestOf(fields, lineIds)
  const preview = ('lines' in request && request.lines.length === 0) || ('amount' in request && request.amount === 0) ? null : previewRefund(order, request)
  const submit = preview?.ok ? `Refund ${formatPrice(preview.amount, order.store.currency)}` : 'Refund'
  return (
    <ConsoleForm form={form} label={`Refund on order ${order.reference}`} className="grid gap-4" actions={<Buttons form={form} submit={submit} close={close} />}>
      <p className="text-sm text-muted">
        At most {formatPrice(order.totals.refundable, order.store.currency)} is left to refund. The money goes back the way it came: card or offline payment first, then gift cards, then budget.
      </p>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Refund by</legend>
        <label className="flex items-center gap-2">
          <input type="radio" {...form.register('mode')} value="lines" /> By line
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" {...form.register('mode')} value="amount" /> By amount
        </label>
      </fieldset>
      {fields.mode === 'lines' ? (
        <div className="grid gap-2">
          {refundable.map((line, index) => (
            <Field key={line.id} label={`${line.name}${line.size ? ` (${line.size})` : ''}`} hint={`${line.quantity - line.refundedQuantity} of ${line.quantity} can be refunded`}>
              <TextInput {...form.register(`quantities.${index}`)} type="number" min={0} max={line.quantity - line.refundedQuantity} step={1} inputMode="numeric" />
            </Field>
          ))}
        </div>
      ) : (
        <FormField form={form} name="amount" label={`Amount (${order.store.currency})`}>
          <TextInput {...form.register('amount')} type="number" min={0.01} max={order.totals.refundable} step={0.01} required inputMode="decimal" />
        </FormField>
      )}
      <RefundPreviewNote preview={preview} currency={order.store.currency} />
      <FormField form={form} name="reason" label="Reason" hint="For the store's records; the customer is mailed the amount.">
        <TextArea {...form.register('reason')} required maxLength={1000} rows={2} />
      </FormField>
    </ConsoleForm>
  )
}

/** The buttons beside the order's heading: only those the member may use on the order now. */
export function OrderMoneyActions({ order }: { order: AdminOrderDetail }) {
  const { actions } = order
  if (!actions.markPaid && !actions.cancel && !actions.refund) return null
  return (
    <>
      {actions.markPaid ? (
        <ActionDialog label="Mark paid" title={`Mark order ${order.reference} paid`} tone="primary">
          {(close) => <MarkPaidForm order={order} close={close} />}
        </ActionDialog>
      ) : null}
      {actions.refund ? <ActionDialog label="Refund" title={`Refund on order ${order.reference}`}>{(close) => <RefundForm order={order} close={close} />}</ActionDialog> : null}
      {actions.cancel ? <ActionDialog label="Cancel" title={`Cancel order ${order.reference}`}>{(close) => <CancelForm order={order} close={close} />}</ActionDialog> : null}
    </>
  )
}
