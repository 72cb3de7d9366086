'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { paymentPath, readPaymentParams } from '@/client/checkout/payment-flow'
import { ORDER_CONFIRMED } from '@/client/checkout/place-order'
import { Link } from '@/i18n/navigation'
import { useOrderDetails } from '../account/order-detail'
import { OrderHead, OrderLinks, OrderLoadFailed, OrderLoading, OrderNotFound, StatusBox } from './payment-parts'

/**
 * /payment/success?order=…&token=…: 'Order has been confirmed successfully!' (spec 8) with the
 * order's reference, amount, page and PDF — but only for an order the server has confirmed.
 * Opening this address for an order that is not confirmed says so and leads back to /payment.
 */
export function PaymentSuccessView() {
  const t = useTranslations('payment')
  const { orderId, token } = readPaymentParams(useSearchParams())
  const { order, problem, loading, retry } = useOrderDetails(orderId, token)

  if (orderId === null || problem === 'missing') return <OrderNotFound />
  if (loading || (!order && !problem)) return <OrderLoading />
  if (problem || !order) return <OrderLoadFailed onRetry={retry} />

  if (order.kind !== 'order' || order.state !== 'sale') {
    return (
      <StatusBox role="alert">
        <p>{t('notConfirmed', { name: order.name })}</p>
        <div className="mt-6 flex justify-center">
          <Link href={paymentPath(order.id, token)} className="btn btn-primary">
            {t('backToPayment')}
          </Link>
        </div>
      </StatusBox>
    )
  }
  const paid = order.paymentState === 'paid'
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <StatusBox tone="success">
        <p className="text-lg font-semibold">{ORDER_CONFIRMED}</p>
        <p className="mt-1 text-sm">{paid ? t('successPaid') : t('successPending')}</p>
        <OrderLinks orderId={order.id} token={token} orderUrl={order.orderUrl} />
      </StatusBox>
      <OrderHead name={order.name} amountLabel={t('orderTotal')} amount={order.amounts.total} />
    </div>
  )
}
