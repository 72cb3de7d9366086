'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { LoadFailed } from '@/components/ui/load-failed'
import { idOrNull } from '@/client/checkout/order-payload'
import { Link } from '@/i18n/navigation'
import { OrderDetailView, useOrderDetails } from '../account/order-detail'

/**
 * /checkout/confirmation?order=<id>&access_token=…: what a guest sees after placing an order or
 * saving a quotation (getOrderDetails with the order's access token), with its PDF. The address
 * is the guest's way back to the order: it says so.
 */
export function OrderConfirmation() {
  const t = useTranslations('checkout')
  const params = useSearchParams()
  const id = idOrNull(params.get('order'))
  const accessToken = params.get('access_token')
  const { order, problem, loading, retry } = useOrderDetails(id, accessToken)

  if (id === null || problem === 'missing') {
    return (
      <div role="alert" className="rounded-card border border-line bg-soft px-6 py-12 text-center">
        <p className="text-ink">{t('confirmationMissing')}</p>
        <Link href="/shop" className="btn btn-primary mt-6">
          {t('goShopping')}
        </Link>
      </div>
    )
  }
  if (loading) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-12 text-center text-muted">
        {t('loading')}
      </p>
    )
  }
  if (problem || !order) {
    return (
      <LoadFailed message={t('confirmationError')} retryLabel={t('retry')} onRetry={retry} />
    )
  }
  return (
    <div className="space-y-8">
      <div className="rounded-card border border-accent/30 bg-accent-soft px-5 py-4 text-ink">
        <p className="font-semibold">{order.kind === 'quotation' ? t('quotationThanks', { name: order.name }) : t('orderThanks', { name: order.name })}</p>
        <p className="mt-1 text-sm">{t('confirmationKeepLink', { email: order.partnerEmail })}</p>
      </div>
      <OrderDetailView order={order} />
    </div>
  )
}
