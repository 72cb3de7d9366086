import Link from 'next/link'
import type { ShipmentData, WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { formatDate } from '@/isomorphic/format'
import type { OrderFulfilmentState, OrderPaymentState } from '@/isomorphic/order-types'
import { CARRIER_NAMES } from '@/isomorphic/tracking'
import { canTake } from '@/isomorphic/work-order-states'
import { MarkDeliveredButton, ResolveProblemButton } from './order-fulfilment-actions'
import { FulfilmentStateBadge, PaymentStateBadge } from './order-state-badges'
import { shipByText } from './work-order-due'
import { WorkOrderStateBadge } from './work-order-state-badge'

// The order page's work orders and shipments (issue 15): one block per decoration partner's work
// order — its state, a problem the partner reported (Resolve), its lines with what has shipped, its
// shipments with their tracking links, its production sheet — and the order's delivery.

export const sheetHref = (workOrderId: number) => `/api/admin/work-orders/${workOrderId}/sheet.pdf`

export function ShipmentLine({ shipment }: { shipment: ShipmentData }) {
  const pieces = shipment.lines.reduce((sum, line) => sum + line.quantity, 0)
  return (
    <li className="flex flex-wrap gap-x-2">
      <span className="font-medium">{CARRIER_NAMES[shipment.carrier]}</span>
      {shipment.trackingUrl ? (
        <a className="font-semibold break-all text-accent underline" href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank">
          {shipment.trackingNumber}
        </a>
      ) : (
        <span className="font-semibold break-all">{shipment.trackingNumber}</span>
      )}
      <span className="text-muted">
        {formatDate(shipment.shippedAt)} · {pieces} {pieces === 1 ? 'piece' : 'pieces'}
      </span>
    </li>
  )
}

function WorkOrderBlock({ workOrder }: { workOrder: WorkOrderView }) {
  const lines = workOrder.lines.filter((line) => line.lineType !== 'setup')
  const canShip = canTake('ship', workOrder.state)
  const canAccept = canTake('accept', workOrder.state)
  return (
    <li className="rounded-md border border-line p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`/admin/work-orders/${workOrder.id}`} className="font-semibold text-accent underline-offset-2 hover:underline">
            {workOrder.reference}
          </Link>
          <span className="text-muted">{workOrder.decorationPartner.name}</span>
          <WorkOrderStateBadge state={workOrder.state} />
        </div>
        <div className="flex flex-wrap gap-3 text-sm">
          <a href={sheetHref(workOrder.id)} className="font-semibold text-accent underline" target="_blank" rel="noopener">
            Production sheet (PDF)
          </a>
          {canAccept || canShip ? (
            <Link href={`/admin/work-orders/${workOrder.id}`} className="font-semibold text-accent underline">
              {canAccept ? 'Accept for the partner' : 'Ship for the partner'}
            </Link>
          ) : null}
        </div>
      </div>
      {canTake('resolveProblem', workOrder.state) ? (
        <div role="status" className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded-md border border-danger/30 bg-red-50 px-3 py-2">
          <p className="min-w-0 flex-1 text-danger">
            <span className="font-semibold">Problem reported{workOrder.problemReportedAt ? ` ${formatDate(workOrder.problemReportedAt)}` : ''}: </span>
            <span className="break-words whitespace-pre-line">{workOrder.problemMessage}</span>
          </p>
          <ResolveProblemButton workOrderId={workOrder.id} />
        </div>
      ) : null}
      {workOrder.shipBy && workOrder.state !== 'shipped' && workOrder.state !== 'cancelled' ? <p className="mt-2 text-muted">Ship by {shipByText(workOrder.shipBy)}</p> : null}
      <ul className="mt-3 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.orderLineId} className="flex justify-between gap-3 py-1.5">
            <span className="min-w-0">
              {[line.product, line.colorName, line.size].filter(Boolean).join(' · ')}
              {line.logoName ? <span className="block text-xs text-muted">{line.logoName}</span> : null}
            </span>
            <span className="shrink-0 text-right tabular-nums">
              {line.quantity}
              <span className={`block text-xs ${line.shipped >= line.quantity ? 'text-green-800' : 'text-muted'}`}>{line.shipped >= line.quantity ? 'shipped' : `${line.shipped} shipped`}</span>
            </span>
          </li>
        ))}
      </ul>
      {workOrder.shipments.length > 0 ? (
        <div className="mt-3 border-t border-line pt-3">
          <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Shipments</h3>
          <ul className="mt-1 space-y-1">
            {workOrder.shipments.map((shipment) => (
              <ShipmentLine key={shipment.id} shipment={shipment} />
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  )
}

export function OrderWorkOrdersPanel({
  orderId,
  orderState,
  fulfilmentState,
  paymentState,
  inHandsDate,
  deliveredAt,
  workOrders,
  waitingForPayment = false,
}: {
  orderId: number
  orderState: 'draft' | 'sale' | 'cancel'
  fulfilmentState: OrderFulfilmentState
  /** The order's payment: the partners' work waits on it for an order paid up front. */
  paymentState: OrderPaymentState
  inHandsDate: string | null
  deliveredAt: string | null
  workOrders: WorkOrderView[]
  /** A confirmed order paid up front whose money has not arrived: its partners are not told yet (issue 26). */
  waitingForPayment?: boolean
}) {
  return (
    <section aria-labelledby="order-work-orders" className="rounded-card border border-line bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-work-orders" className="flex items-center gap-2 text-base font-semibold">
          Work orders and shipments {orderState === 'sale' ? <FulfilmentStateBadge state={fulfilmentState} /> : null}
        </h2>
        {fulfilmentState === 'shipped' ? <MarkDeliveredButton orderId={orderId} /> : null}
        {fulfilmentState === 'delivered' && deliveredAt ? <p className="text-sm text-muted">Delivered {formatDate(deliveredAt)}</p> : null}
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex items-center gap-2">
          <dt className="text-muted">Payment</dt>
          <dd>
            <PaymentStateBadge state={paymentState} />
          </dd>
        </div>
        {inHandsDate ? (
          <div className="flex items-center gap-2">
            <dt className="text-muted">In hands by</dt>
            <dd className="font-medium">{formatDate(`${inHandsDate}T00:00:00Z`, 'long')}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-3 text-sm">
        {workOrders.length === 0 ? (
          <p className="text-muted">
            {orderState === 'draft'
              ? 'The work orders are made when the order is confirmed.'
              : orderState === 'cancel'
                ? 'Cancelled before any work order was made.'
                : waitingForPayment
                  ? 'Waiting for payment: the decoration partners get their work orders once the order is marked paid.'
                  : 'No decoration partner has work on this order.'}
          </p>
        ) : (
          <ul className="grid gap-3">
            {workOrders.map((workOrder) => (
              <WorkOrderBlock key={workOrder.id} workOrder={workOrder} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
