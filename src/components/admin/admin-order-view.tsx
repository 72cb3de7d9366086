import type { ReactNode } from 'react'
import type { AdminOrderDetail, AdminTenders } from '@/isomorphic/contract/admin-orders'
import { formatCents, formatDate, formatPrice } from '@/isomorphic/format'
import { CARRIER_NAMES, type Carrier } from '@/isomorphic/tracking'
import { Amount, OrderAddress, OrderDesigns, OrderLinesTable, OrderTotalRows } from '../order/order-parts'
import { ApprovalStateBadge, FulfilmentStateBadge, OrderStateBadge, PaymentStateBadge } from './order-state-badges'

// The console's order page (issue 15), as orderDetail answers it: states, customer, addresses,
// lines with their designs, totals, payments, approval, refunds and the whole timeline. Work orders
// and shipments have their own panel (fulfilment's), in the marked spot. Every value is rendered
// as text: React escapes what customers typed.

const STATE_LABELS: Record<string, string> = {
  draft: 'Draft',
  sale: 'Confirmed',
  cancel: 'Cancelled',
  not_required: 'Not required',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  not_paid: 'Not paid',
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  unfulfilled: 'Unfulfilled',
  in_production: 'In production',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
}
const worded = (text: string) => text.replaceAll('_', ' ')
const label = (state: string) => {
  const text = STATE_LABELS[state] ?? worded(state)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-card border border-line bg-white p-5">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right break-words text-ink tabular-nums">{children}</dd>
    </div>
  )
}

/** A fact of the order's summary: its name above its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="font-medium break-words text-ink tabular-nums">{children}</dd>
    </div>
  )
}

const tenderText = (tenders: AdminTenders, currency: string) =>
  (
    [
      ['card', tenders.card],
      ['offline', tenders.offline],
      ['gift cards', tenders.giftCard],
      ['budget', tenders.budget],
    ] as const
  )
    .filter(([, amount]) => amount > 0)
    .map(([name, amount]) => `${formatPrice(amount, currency)} ${name}`)
    .join(', ') || '—'

/** A timeline row's data in a few words (amounts in cents, references, tracking). */
function eventDetails(data: Record<string, unknown>, currency: string): string {
  const parts: string[] = []
  if (typeof data.amount === 'number') parts.push(formatCents(data.amount, currency))
  for (const key of ['how', 'method', 'reference', 'reason', 'note', 'message', 'carrier', 'trackingNumber']) {
    const value = data[key]
    if (typeof value !== 'string') continue
    if (key === 'carrier') parts.push(CARRIER_NAMES[value as Carrier] ?? value)
    else if (key === 'how' || key === 'method') parts.push(worded(value))
    else parts.push(value)
  }
  return parts.join(' · ')
}

/** `fulfilment`: the work orders and shipments panel (its own query), shown under the lines. */
export function AdminOrderView({ order, fulfilment }: { order: AdminOrderDetail; fulfilment?: ReactNode }) {
  const currency = order.store.currency
  const money = (amount: number) => formatPrice(amount, currency)
  const { totals } = order
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="rounded-card border border-line bg-white p-5">
        <div className="flex flex-wrap gap-1.5">
          <OrderStateBadge state={order.state} />
          {order.approvalState !== 'not_required' ? <ApprovalStateBadge state={order.approvalState} /> : null}
          <PaymentStateBadge state={order.paymentState} />
          {order.state === 'sale' ? <FulfilmentStateBadge state={order.fulfilmentState} /> : null}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Fact term="Total">{money(totals.total)}</Fact>
          <Fact term="Store">{order.store.name}</Fact>
          <Fact term="Placed">{formatDate(order.createdAt)}</Fact>
          {order.confirmedAt ? <Fact term="Confirmed">{formatDate(order.confirmedAt)}</Fact> : null}
          {order.paidAt ? <Fact term="Paid">{formatDate(order.paidAt)}</Fact> : null}
          {order.deliveredAt ? <Fact term="Delivered">{formatDate(order.deliveredAt)}</Fact> : null}
        </dl>
        {order.cancelledAt ? (
          <p className="mt-3 rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm text-danger">
            {`Cancelled ${formatDate(order.cancelledAt)}${order.cancelReason ? `: ${order.cancelReason}` : ''}`}
          </p>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Customer" id="order-customer">
          <p className="font-medium">{order.customer.name}</p>
          <p className="break-words text-muted">{order.customer.email}</p>
          <p className="text-muted">{order.customer.guest ? 'Guest checkout' : `Customer account #${order.customer.partnerId}`}</p>
        </Panel>
        <Panel title="Billing address" id="order-billing">
          <OrderAddress address={order.billingAddress} className="text-ink" />
        </Panel>
        <Panel title="Shipping" id="order-shipping">
          <OrderAddress address={order.shippingAddress ?? order.billingAddress} className="text-ink" />
          {order.deliveryMethod ? <p className="mt-2 text-muted">{order.deliveryMethod}</p> : null}
          {order.inHandsDate ? <p className="mt-2 font-medium">In hands by {formatDate(`${order.inHandsDate}T00:00:00Z`, 'long')}</p> : null}
        </Panel>
      </div>

      <Panel title="Lines" id="order-lines">
        <OrderLinesTable lines={order.lines} currency={currency} refunded={new Map(order.lines.map((line) => [line.id, line.refundedQuantity]))} />
        <div className="mt-6">
          <OrderDesigns lines={order.lines} />
        </div>
      </Panel>

      {fulfilment}

      <div className={`grid gap-6 ${order.approvalState !== 'not_required' ? 'lg:grid-cols-3' : 'md:grid-cols-2'}`}>
        <Panel title="Totals" id="order-totals">
          <OrderTotalRows amounts={totals} state={order.state} currency={currency}>
            <Amount label="Paid" value={totals.paid} currency={currency} />
            <Amount label="Refunded" value={totals.refunded} currency={currency} />
            <Amount label="Left to refund" value={totals.refundable} currency={currency} />
          </OrderTotalRows>
        </Panel>
        <Panel title="Payments" id="order-payments">
          <dl>
            <Row term="Method">{order.paymentMethod ? order.paymentMethod.name : order.approvalState === 'approved' ? 'Invoiced after approval' : '—'}</Row>
            {order.purchaseOrderNumber ? <Row term="PO number">{order.purchaseOrderNumber}</Row> : null}
            <Row term="Taken">{tenderText(order.payments.taken, currency)}</Row>
            <Row term="Given back">{tenderText(order.payments.refunded, currency)}</Row>
            {order.payments.offline ? <Row term="Received">{`${formatDate(order.payments.offline.paidAt)} · ${order.payments.offline.reference ?? ''}`}</Row> : null}
          </dl>
          {order.payments.card.length > 0 ? (
            <ul className="mt-3 space-y-1 text-xs text-muted">
              {order.payments.card.map((payment) => (
                <li key={payment.id} className="break-all">
                  {`${formatDate(payment.createdAt)} · ${label(payment.state)} · ${money(payment.amount)} · ${payment.providerPaymentId ?? payment.providerReference}`}
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
        {order.approvalState !== 'not_required' ? (
        <Panel title="Approval" id="order-approval">
          <dl>
            <Row term="State">{label(order.approval.state)}</Row>
            {order.approval.decidedAt ? <Row term="Decided">{formatDate(order.approval.decidedAt)}</Row> : null}
            {order.approval.decidedBy ? <Row term="By">{order.approval.decidedBy.name}</Row> : null}
            {order.approval.note ? <Row term="Note">{order.approval.note}</Row> : null}
          </dl>
        </Panel>
        ) : null}
      </div>

      {order.refunds.length > 0 ? (
        <Panel title="Refunds" id="order-refunds">
          <ul className="divide-y divide-line">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="py-2">
                <p>
                  <span className="font-medium">{money(refund.amount)}</span>
                  {` · ${refund.kind === 'cancellation' ? 'Cancellation' : 'Refund'} · ${formatDate(refund.createdAt)} · ${refund.staff.name ?? 'Staff'}${refund.state === 'pending' ? ' · pending at Stripe' : ''}`}
                </p>
                <p className="text-muted">{`${tenderText(refund.split, currency)} — ${refund.reason}`}</p>
                {refund.lines.length > 0 ? <p className="text-xs text-muted">{refund.lines.map((line) => `${line.quantity} × ${line.name} (${money(line.amount)})`).join(', ')}</p> : null}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel title="Timeline" id="order-timeline">
        <ol className="space-y-1.5">
          {order.timeline.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-3">
              <time dateTime={event.at} className="w-40 shrink-0 text-muted">
                {new Date(event.at).toISOString().slice(0, 16).replace('T', ' ')} UTC
              </time>
              <span className="font-medium">{label(event.type)}</span>
              <span className="text-muted">{event.actor}</span>
              <span className="break-words text-muted">{eventDetails(event.data, currency)}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  )
}
