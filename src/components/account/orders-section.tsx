'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { LoadFailed } from '@/components/ui/load-failed'
import { useEffect, useState } from 'react'
import { ordersReader } from '@/client/account/orders-read'
import type { PlacedOrder } from '@/client/checkout/order-contract'
import { idOrNull } from '@/client/checkout/order-payload'
import { Link } from '@/i18n/navigation'
import { counted, formatDate, formatPrice } from '@/isomorphic/format'
import { EmptySection } from './empty-section'
import { OrderDetailView, OrderStatusBadge, useOrderDetails } from './order-detail'

// me/orders (spec 2): the customer's orders and quotations (getOrders {filter: {uid}}), newest
// first, and one of them in full when the address names it (?order=<id>, with &access_token=…
// after a checkout, spec 2: "the user goes to 'me/orders' with the order's access query parameters").

export function OrdersSection({ partnerUid }: { partnerUid: string }) {
  const params = useSearchParams()
  const orderId = idOrNull(params.get('order'))
  const accessToken = params.get('access_token')
  return orderId === null ? <OrderList partnerUid={partnerUid} /> : <OrderPage id={orderId} accessToken={accessToken} />
}

type ListState = { orders: PlacedOrder[] | null; failed: boolean }

function OrderList({ partnerUid }: { partnerUid: string }) {
  const t = useTranslations('orders')
  const [state, setState] = useState<ListState>({ orders: null, failed: false })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    ordersReader.read(partnerUid).then(
      ({ orders }) => {
        if (current) setState({ orders: orders.orders, failed: false })
      },
      (error: unknown) => {
        console.error('Could not load the orders:', error)
        if (current) setState((previous) => ({ ...previous, failed: true }))
      },
    )
    return () => {
      current = false
    }
  }, [partnerUid, attempt])

  if (state.failed && state.orders === null) {
    return (
      <LoadFailed message={t('loadError')} retryLabel={t('tryAgain')} onRetry={() => setAttempt((value) => value + 1)} />
    )
  }
  if (state.orders === null) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-muted">
        {t('loading')}
      </p>
    )
  }
  if (state.orders.length === 0) return <EmptySection heading={t('heading')} title={t('none')} body={t('noneBody')} />

  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-xl font-semibold text-ink">
        {t('heading')}
      </h2>
      <ul role="list" className="mt-4 divide-y divide-line rounded-card border border-line">
        {state.orders.map((order) => (
          <li key={order.id} className="grid gap-2 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <Link href={`/me/orders?order=${order.id}`} className="font-semibold text-ink hover:underline hover:underline-offset-4">
                  {order.kind === 'quotation' ? t('quotationTitle', { name: order.name }) : t('orderTitle', { name: order.name })}
                </Link>
                <OrderStatusBadge order={order} />
              </p>
              <p className="mt-1 text-sm text-muted">
                <time dateTime={order.createdAt}>{t('placedOn', { date: formatDate(order.createdAt) })}</time>
                {' · '}
                <span className="tabular-nums">{formatPrice(order.amounts.total)}</span>
                {order.preview && order.preview.pieces > 0 ? <> · {t('pieces', counted(order.preview.pieces))}</> : null}
              </p>
              {order.preview && order.preview.pictures.length > 0 ? (
                <ul role="list" className="mt-2 flex gap-2" aria-label={t('itemsOf', { name: order.name })}>
                  {order.preview.pictures.map((picture) => (
                    <li key={picture.url} className="size-14 shrink-0 overflow-hidden rounded-md border border-line bg-soft">
                      {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail the image route renders at this size */}
                      <img src={picture.url} alt={picture.alt} width={56} height={56} loading="lazy" className="size-full object-contain" />
                    </li>
                  ))}
                </ul>
              ) : null}
              {order.preview?.tracking ? (
                <p className="mt-2 text-sm">
                  {order.preview.tracking.url ? (
                    <a href={order.preview.tracking.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-medium text-accent hover:text-accent-strong">
                      {t('trackParcel', { carrier: order.preview.tracking.carrier, trackingNumber: order.preview.tracking.trackingNumber })}
                    </a>
                  ) : (
                    <span className="text-muted">{t('shippedWithTracking', { carrier: order.preview.tracking.carrier, trackingNumber: order.preview.tracking.trackingNumber })}</span>
                  )}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
              <Link href={`/me/orders?order=${order.id}`} className="inline-flex min-h-11 items-center text-accent hover:text-accent-strong">
                {t('details')}
              </Link>
              <a href={order.orderUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-accent hover:text-accent-strong">
                {t('pdf')}
                <span className="sr-only"> {order.name}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function OrderPage({ id, accessToken }: { id: number; accessToken: string | null }) {
  const t = useTranslations('orders')
  const { order, problem, loading, retry } = useOrderDetails(id, accessToken)
  return (
    <div className="space-y-6">
      <Link href="/me/orders" className="inline-flex min-h-11 items-center text-sm font-medium text-accent hover:text-accent-strong">
        ← {t('allOrders')}
      </Link>
      {loading ? (
        <p role="status" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-muted">
          {t('loadingOne')}
        </p>
      ) : problem === 'missing' ? (
        <p role="alert" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-ink">
          {t('notFound')}
        </p>
      ) : problem ? (
        <LoadFailed message={t('loadError')} retryLabel={t('tryAgain')} onRetry={retry} />
      ) : order ? (
        <OrderDetailView order={order} reorderable />
      ) : null}
    </div>
  )
}
