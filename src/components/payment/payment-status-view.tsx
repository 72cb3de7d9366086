'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { CheckoutApiError, checkoutApi } from '@/client/checkout/checkout-api'
import {
  paymentPath,
  paymentSuccessPath,
  readPaymentParams,
  type ReturnOutcome,
  returnOutcome,
  STATUS_RECHECK_DELAY_MS,
  STATUS_RECHECKS,
} from '@/client/checkout/payment-flow'
import { ORDER_PAYMENT_FAILED } from '@/client/checkout/place-order'
import { navigateTo } from '@/client/navigation'
import { Link } from '@/i18n/navigation'
import { OrderNotFound, StatusBox } from './payment-parts'

type Check = { attempt: number; outcome: ReturnOutcome | 'checking' | 'error'; message?: string; missing?: boolean }

/**
 * /payment/status?order=…&token=…&session_id=… — where the card provider sends the shopper back.
 * Arriving here proves nothing: the page asks the server (checkPayment), which asks the provider
 * itself. Paid → /payment/success. Not yet → asks again a few times (the provider's webhook may be
 * on its way), then offers to check again. Failed or expired → says so, with the way back to pay.
 */
export function PaymentStatusView() {
  const t = useTranslations('payment')
  const { orderId, token, sessionId } = readPaymentParams(useSearchParams())
  const [check, setCheck] = useState<Check>({ attempt: 0, outcome: 'checking' })

  useEffect(() => {
    if (orderId === null || check.outcome !== 'checking') return
    let current = true
    const delay = check.attempt === 0 ? 0 : STATUS_RECHECK_DELAY_MS
    const timer = window.setTimeout(() => {
      checkoutApi.checkPayment({ orderId, ...(token ? { accessToken: token } : {}), ...(sessionId ? { sessionId } : {}) }).then(
        ({ checkPayment }) => {
          if (!current) return
          const outcome = returnOutcome(checkPayment)
          if (outcome === 'paid') {
            navigateTo(paymentSuccessPath(orderId, token))
            setCheck((previous) => ({ ...previous, outcome }))
          } else if (outcome === 'pending' && check.attempt < STATUS_RECHECKS) {
            setCheck({ attempt: check.attempt + 1, outcome: 'checking' })
          } else {
            setCheck((previous) => ({ ...previous, outcome }))
          }
        },
        (error: unknown) => {
          if (!current) return
          const refusal = error instanceof CheckoutApiError ? error : null
          if (!refusal) console.error('Checking the payment failed:', error)
          // A refusal (not this caller's order, a wrong token) reads like a missing order.
          const missing = refusal?.status === 400 && refusal.serverMessage === ORDER_PAYMENT_FAILED
          setCheck((previous) => ({ ...previous, outcome: 'error', message: refusal?.serverMessage ?? undefined, missing }))
        },
      )
    }, delay)
    return () => {
      current = false
      window.clearTimeout(timer)
    }
  }, [orderId, token, sessionId, check.attempt, check.outcome])

  if (orderId === null || check.missing) return <OrderNotFound />
  const checkAgain = () => setCheck({ attempt: STATUS_RECHECKS, outcome: 'checking' })
  const backToPayment = (
    <Link href={paymentPath(orderId, token)} className="btn btn-secondary">
      {t('backToPayment')}
    </Link>
  )

  switch (check.outcome) {
    case 'checking':
    case 'paid':
      return (
        <StatusBox>
          <p className="font-semibold" aria-live="polite">
            {t('confirming')}
          </p>
        </StatusBox>
      )
    case 'pending':
    case 'error':
      return (
        <StatusBox role="alert">
          <p>{check.outcome === 'pending' ? t('statusPending') : (check.message ?? t('statusError'))}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <button type="button" onClick={checkAgain} className="btn btn-primary">
              {t('checkAgain')}
            </button>
            {backToPayment}
          </div>
        </StatusBox>
      )
    default:
      return (
        <StatusBox role="alert" tone="problem">
          <p>{check.outcome === 'expired' ? t('statusExpired') : check.outcome === 'failed' ? t('statusFailed') : t('statusNone')}</p>
          <div className="mt-6 flex justify-center">
            <Link href={paymentPath(orderId, token)} className="btn btn-primary">
              {t('backToPayment')}
            </Link>
          </div>
        </StatusBox>
      )
  }
}
