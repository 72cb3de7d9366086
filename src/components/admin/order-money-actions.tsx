'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, type ReactNode, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { AdminOrderDetail } from '@/isomorphic/contract/admin-orders'
import { formatPrice } from '@/isomorphic/format'
import { previewRefund, type RefundPreview, type RefundRequest } from '@/isomorphic/refund-preview'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// The order page's money actions (issue 15): "Mark paid", "Cancel" and "Refund", each a dialog that
// calls one console mutation and, once it is done, renders the page again from the server. A dialog
// keeps one request key while it is open, so a double submit or a retry after a lost answer is the
// same request to the server (one refund, one cancellation).

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
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

/** A form that submits once at a time, shows the server's sentence on failure and refreshes the page on success. */
function useSubmit(run: (form: FormData) => Promise<unknown>, close: () => void) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      await run(new FormData(event.currentTarget))
      close()
      router.refresh()
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, onSubmit }
}

function Buttons({ busy, submit, close }: { busy: boolean; submit: string; close: () => void }) {
  return (
    <div className="mt-5 flex justify-end gap-2">
      <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={close}>
        Close
      </button>
      <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Working…' : submit}
      </button>
    </div>
  )
}

function MarkPaidForm({ order, close }: { order: AdminOrderDetail; close: () => void }) {
  const { busy, error, onSubmit } = useSubmit((form) => adminMutation('markOrderPaid', { orderId: order.id, reference: String(form.get('reference') ?? '') }), close)
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <p className="text-sm text-muted">Record that {formatPrice(order.totals.due, order.store.currency)} was received for this order.</p>
      <Field label="Payment reference" hint="The cheque, transfer or remittance reference.">
        <TextInput name="reference" required maxLength={200} autoComplete="off" />
      </Field>
      <FormError message={error} />
      <Buttons busy={busy} submit="Mark paid" close={close} />
    </form>
  )
}

function CancelForm({ order, close }: { order: AdminOrderDetail; close: () => void }) {
  const [requestKey] = useState(newRequestKey)
  const { busy, error, onSubmit } = useSubmit((form) => adminMutation('cancelOrder', { orderId: order.id, requestKey, reason: String(form.get('reason') ?? '') }), close)
  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <p className="text-sm text-muted">
        The order is cancelled, its budget, gift cards and promotion are given back, {formatPrice(order.totals.refundable, order.store.currency)} is refunded, and the customer gets one mail.
      </p>
      <Field label="Reason" hint="The customer sees it in the mail.">
        <textarea name="reason" required maxLength={1000} rows={3} className={INPUT_CLASS} />
      </Field>
      <FormError message={error} />
      <Buttons busy={busy} submit="Cancel the order" close={close} />
    </form>
  )
}

/** The refund the form asks for, read from its fields. */
function refundRequestOf(form: FormData, mode: 'lines' | 'amount', lineIds: number[]): RefundRequest {
  if (mode === 'amount') return { amount: Number(form.get('amount') || 0) }
  return { lines: lineIds.map((orderLineId) => ({ orderLineId, quantity: Number(form.get(`line-${orderLineId}`) || 0) })).filter((line) => line.quantity > 0) }
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
  const [mode, setMode] = useState<'lines' | 'amount'>('lines')
  const [preview, setPreview] = useState<RefundPreview | null>(null)
  const refundable = order.lines.filter((line) => line.quantity > line.refundedQuantity)
  const lineIds = refundable.map((line) => line.id)
  const { busy, error, onSubmit } = useSubmit((form) => {
    const reason = String(form.get('reason') ?? '')
    const request = refundRequestOf(form, mode, lineIds)
    return adminMutation('refundOrder', { orderId: order.id, requestKey, ...request, reason })
  }, close)
  const showPreview = (form: HTMLFormElement) => {
    const fields = new FormData(form)
    const request = refundRequestOf(fields, fields.get('mode') === 'amount' ? 'amount' : 'lines', lineIds)
    setPreview(('lines' in request && request.lines.length === 0) || ('amount' in request && request.amount === 0) ? null : previewRefund(order, request))
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} onChange={(event) => showPreview(event.currentTarget)} className="grid gap-4">
      <p className="text-sm text-muted">
        At most {formatPrice(order.totals.refundable, order.store.currency)} is left to refund. The money goes back the way it came: card or offline payment first, then gift cards, then budget.
      </p>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Refund by</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="mode" value="lines" checked={mode === 'lines'} onChange={() => setMode('lines')} /> By line
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="mode" value="amount" checked={mode === 'amount'} onChange={() => setMode('amount')} /> By amount
        </label>
      </fieldset>
      {mode === 'lines' ? (
        <div className="grid gap-2">
          {refundable.map((line) => (
            <Field key={line.id} label={`${line.name}${line.size ? ` (${line.size})` : ''}`} hint={`${line.quantity - line.refundedQuantity} of ${line.quantity} can be refunded`}>
              <TextInput name={`line-${line.id}`} type="number" min={0} max={line.quantity - line.refundedQuantity} step={1} defaultValue={0} inputMode="numeric" />
            </Field>
          ))}
        </div>
      ) : (
        <Field label={`Amount (${order.store.currency})`}>
          <TextInput name="amount" type="number" min={0.01} max={order.totals.refundable} step={0.01} required inputMode="decimal" />
        </Field>
      )}
      <RefundPreviewNote preview={preview} currency={order.store.currency} />
      <Field label="Reason" hint="For the store's records; the customer is mailed the amount.">
        <textarea name="reason" required maxLength={1000} rows={2} className={INPUT_CLASS} />
      </Field>
      <FormError message={error} />
      <Buttons busy={busy} submit={preview?.ok ? `Refund ${formatPrice(preview.amount, order.store.currency)}` : 'Refund'} close={close} />
    </form>
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
