'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { reorder } from '@/client/cart-reorder'
import { CheckoutApiError, checkoutApi } from '@/client/checkout/checkout-api'
import type { OrderDetails } from '@/client/checkout/order-contract'
import { orderStatus } from '@/client/checkout/order-status'
import { notify } from '@/client/notify'
import { useRouter } from '@/i18n/navigation'
import { formatCents, formatDate, formatPrice } from '@/isomorphic/format'
import { HowToPayByTransfer } from '../order/how-to-pay'
import { AddressBlock, Amount, Detail, OrderDesigns, OrderLinesTable, OrderTotalRows } from '../order/order-parts'
import type { OrderEventData, OrderEventType } from '@/isomorphic/order-events'
import type { OrderLineData } from '@/isomorphic/order-types'

// One order or quotation (getOrderDetails {id, accessToken}): its status, lines, addresses,
// delivery, extra fields, options and totals, with its PDF. The owner sees it signed in; anyone
// holding the order's access token (a guest after checkout, a link in a mail) sees it too.

type Loaded = { key: string; order: OrderDetails | null; problem: string | null }

/** Loads one order; `missing` when the server answers 404 (not this customer's, or a wrong token). */
export function useOrderDetails(id: number | null, accessToken: string | null) {
  const key = `${id}|${accessToken ?? ''}`
  const [loaded, setLoaded] = useState<Loaded>({ key: '', order: null, problem: null })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let current = true
    checkoutApi.getOrderDetails(id, accessToken).then(
      ({ order }) => {
        if (current) setLoaded({ key, order, problem: null })
      },
      (error: unknown) => {
        if (!current) return
        const missing = error instanceof CheckoutApiError && error.status === 404
        if (!missing) console.error('Could not load the order:', error)
        setLoaded({ key, order: null, problem: missing ? 'missing' : 'failed' })
      },
    )
    return () => {
      current = false
    }
  }, [id, accessToken, key, attempt])
  const current = loaded.key === key
  return {
    order: current ? loaded.order : null,
    problem: current ? loaded.problem : null,
    loading: id !== null && !current,
    retry: () => setAttempt((value) => value + 1),
  }
}

export function OrderStatusBadge({ order }: { order: Parameters<typeof orderStatus>[0] }) {
  const t = useTranslations('orders')
  const status = orderStatus(order)
  const tone =
    status === 'statusAwaitingApproval' || status === 'statusAwaitingPayment' || status === 'statusAwaitingYourPayment'
      ? 'bg-amber-100 text-amber-900'
      : status === 'statusCancelled' || status === 'statusRejected'
        ? 'bg-soft text-muted'
        : 'bg-accent-soft text-accent-strong'
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{t(status)}</span>
}

/** Puts the order's products back in the cart at today's prices, names what is no longer sold, and opens the cart. */
function ReorderButton({ lines }: { lines: OrderLineData[] }) {
  const t = useTranslations('orders')
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      const { added, skipped } = await reorder(lines)
      if (skipped.length > 0) notify.info(t('reorderSkipped', { names: skipped.join(', ') }))
      if (added === 0) {
        notify.error(t('reorderNothing'))
        return
      }
      notify.success(t('reorderAdded'))
      router.push('/cart')
    } catch (error) {
      console.error('Could not reorder:', error)
      notify.error(t('reorderFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void onClick()} className="btn btn-secondary">
      {busy ? t('reorderBusy') : t('reorder')}
    </button>
  )
}

/** What the approver decided, with their note; the customer's side of me/approvals. */
function ApprovalOutcome({ order }: { order: OrderDetails }) {
  const t = useTranslations('orders')
  if (order.approvalRequired) {
    return (
      <p role="note" className="rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
        {t('approvalNote')}
      </p>
    )
  }
  if (order.approvalState !== 'approved' && order.approvalState !== 'rejected') return null
  const date = order.approvalDecidedAt ? formatDate(order.approvalDecidedAt) : null
  return (
    <div role="note" className="rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
      <p>{order.approvalState === 'approved' ? t('approvedNote', { date: date ?? '' }) : t('rejectedNote', { date: date ?? '' })}</p>
      {order.approvalNote ? <p className="mt-1 break-words text-muted">{t('approverNote', { note: order.approvalNote })}</p> : null}
    </div>
  )
}

/** `reorderable`: offer Reorder (the customer's me/orders; not the checkout's confirmation). */
export function OrderDetailView({ order, reorderable = false }: { order: OrderDetails; reorderable?: boolean }) {
  const t = useTranslations('orders')
  const lines = order.lines
  return (
    <article aria-labelledby="order-heading" className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="order-heading" className="text-xl font-semibold text-ink">
            {order.kind === 'quotation' ? t('quotationTitle', { name: order.name }) : t('orderTitle', { name: order.name })}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <time dateTime={order.createdAt}>{t('placedOn', { date: formatDate(order.createdAt) })}</time>
            <OrderStatusBadge order={order} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {reorderable && order.kind === 'order' ? <ReorderButton lines={lines} /> : null}
          <a href={order.orderUrl} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
            {t('viewPdf')}
          </a>
          <a href={order.downloadSaleorderUrl} className="btn btn-primary" download>
            {t('downloadPdf')}
          </a>
        </div>
      </header>

      {order.howToPay ? <HowToPayByTransfer howToPay={order.howToPay} /> : null}

      <ApprovalOutcome order={order} />

      <section aria-labelledby="order-lines">
        <h3 id="order-lines" className="text-base font-semibold text-ink">
          {t('lines')}
        </h3>
        <OrderLinesTable lines={lines} />
      </section>

      <OrderDesigns lines={lines} />

      <div className="grid gap-6 sm:grid-cols-2">
        <AddressBlock title={t('billingAddress')} address={order.billingAddress} email={order.partnerEmail} />
        <AddressBlock title={t('shippingAddress')} address={order.shippingAddress ?? order.billingAddress} />
      </div>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        {order.deliveryMethod ? <Detail term={t('delivery')}>{order.deliveryMethod.name}</Detail> : null}
        {order.inHandsDate ? <Detail term={t('inHandsDate')}>{formatDate(`${order.inHandsDate}T00:00:00Z`, 'long')}</Detail> : null}
        {order.promoCode ? <Detail term={t('promoCode')}>{order.promoCode}</Detail> : null}
        {order.purchaseOrderNumber ? <Detail term={t('purchaseOrderNumber')}>{order.purchaseOrderNumber}</Detail> : null}
        {order.orderForResale ? <Detail term={t('resale')}>{t('resaleYes')}</Detail> : null}
        {order.extraFields.map((field) => (
          <Detail key={field.name} term={field.label}>
            {typeof field.value === 'boolean' ? (field.value ? t('yes') : t('no')) : (field.value ?? '—')}
          </Detail>
        ))}
        {order.orderOptions.length > 0 ? (
          <Detail term={t('options')}>{order.orderOptions.map((option) => `${option.label} (${formatPrice(option.price)})`).join(', ')}</Detail>
        ) : null}
      </dl>

      <section aria-labelledby="order-totals" className="ml-auto max-w-sm rounded-card bg-soft p-5">
        <h3 id="order-totals" className="sr-only">
          {t('totals')}
        </h3>
        <OrderTotalRows amounts={order.amounts} state={order.state}>
          {order.refunded > 0 ? <Amount label={t('refunded')} value={-order.refunded} /> : null}
        </OrderTotalRows>
      </section>

      <OrderHistory timeline={order.timeline} />
    </article>
  )
}

type HistoryKey = 'statusPlaced' | 'statusAwaitingApproval' | 'statusApproved' | 'statusRejected' | 'statusConfirmed' | 'statusPaid' | 'historyInProduction' | 'historyShipped' | 'historyDelivered' | 'statusCancelled'

/** How each event the shopper sees reads in their history ('refunded' carries its amount). */
const HISTORY_KEYS: Partial<Record<OrderEventType, HistoryKey>> = {
  placed: 'statusPlaced',
  awaiting_approval: 'statusAwaitingApproval',
  approved: 'statusApproved',
  rejected: 'statusRejected',
  confirmed: 'statusConfirmed',
  paid: 'statusPaid',
  in_production: 'historyInProduction',
  shipped: 'historyShipped',
  delivered: 'historyDelivered',
  cancelled: 'statusCancelled',
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)
/** A tracking link the page may show: http(s) only. */
const trackingLink = (value: unknown): string | null => {
  const link = textOf(value)
  return link && /^https?:\/\//i.test(link) ? link : null
}

/** The shopper's part of the order's timeline, oldest first: confirmed, paid, in production, shipped (with tracking), refunded, cancelled. */
export function OrderHistory({ timeline }: { timeline: OrderEventData[] }) {
  const t = useTranslations('orders')
  const rows = timeline.filter((event) => event.type === 'refunded' || HISTORY_KEYS[event.type])
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="order-history">
      <h3 id="order-history" className="text-base font-semibold text-ink">
        {t('history')}
      </h3>
      <ol role="list" className="mt-3 space-y-2 text-sm">
        {rows.map((event) => {
          const amount = typeof event.data.amount === 'number' ? event.data.amount : null
          const carrier = textOf(event.data.carrier)
          const trackingNumber = textOf(event.data.trackingNumber)
          const link = trackingLink(event.data.trackingUrl)
          return (
            <li key={event.id} className="flex flex-wrap gap-x-3 gap-y-0.5">
              <time dateTime={event.at} className="w-28 shrink-0 text-muted">
                {formatDate(event.at)}
              </time>
              <span className="text-ink">
                {event.type === 'refunded' ? t('historyRefunded', { amount: amount === null ? '' : formatCents(amount) }) : null}
                {event.type === 'shipped' && carrier && trackingNumber ? t('historyShippedWith', { carrier, trackingNumber }) : null}
                {event.type !== 'refunded' && !(event.type === 'shipped' && carrier && trackingNumber) ? t(HISTORY_KEYS[event.type]!) : null}
                {event.type === 'shipped' && link ? (
                  <>
                    {' · '}
                    <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-accent-strong underline">
                      {t('historyTrack')}
                    </a>
                  </>
                ) : null}
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
