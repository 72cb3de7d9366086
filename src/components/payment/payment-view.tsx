'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { CheckoutApiError, checkoutApi } from '@/client/checkout/checkout-api'
import { paymentStage, paymentSuccessPath, readPaymentParams, REDIRECT_PROVIDERS } from '@/client/checkout/payment-flow'
import { ORDER_PAYMENT_FAILED } from '@/client/checkout/place-order'
import { navigateTo } from '@/client/navigation'
import { useUserStore } from '@/client/stores/user-store'
import type { PaymentAcquirer } from '@/isomorphic/contract/queries'
import { FormAlert } from '../account/form-controls'
import { useOrderDetails } from '../account/order-detail'
import { PaymentChoice } from '../checkout/checkout-step-forms'
import { OrderHead, OrderLinks, OrderLoadFailed, OrderLoading, OrderNotFound, StatusBox } from './payment-parts'

type Methods = { list: PaymentAcquirer[]; failed: boolean } | null

/**
 * /payment?order=<id>&token=… (spec 2): pay a placed order. Its reference and amount due, the
 * store's payment methods, and one button: a card method sends the browser to the provider's
 * page (the server answers that address); an offline one confirms the order and goes to
 * /payment/success. An order that is paid, confirmed, waiting for approval or not payable says so.
 */
export function PaymentView() {
  const t = useTranslations('payment')
  const { orderId, token } = readPaymentParams(useSearchParams())
  const { order, problem, loading, retry } = useOrderDetails(orderId, token)
  const [methods, setMethods] = useState<Methods>(null)
  const signedIn = useUserStore((state) => state.isAuthenticated)
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    checkoutApi.getPaymentMethods().then(
      ({ paymentAcquirers }) => current && setMethods({ list: paymentAcquirers, failed: false }),
      (error: unknown) => {
        console.error('Could not load the payment methods:', error)
        if (current) setMethods({ list: [], failed: true })
      },
    )
    return () => {
      current = false
    }
  }, [])

  if (orderId === null || problem === 'missing') return <OrderNotFound />
  if (loading || (!order && !problem)) return <OrderLoading />
  if (problem || !order) return <OrderLoadFailed onRetry={retry} />

  const stage = paymentStage(order)
  if (stage !== 'pay') {
    const message = {
      paid: t('alreadyPaid', { name: order.name }),
      confirmed: t('alreadyConfirmed', { name: order.name }),
      'awaiting-approval': t('awaitingApproval', { name: order.name }),
      'not-payable': t('notPayable', { name: order.name }),
    }[stage]
    return (
      <StatusBox tone={stage === 'paid' ? 'success' : 'neutral'}>
        <p className="font-semibold">{message}</p>
        <OrderLinks orderId={order.id} token={token} orderUrl={order.orderUrl} />
      </StatusBox>
    )
  }

  // Methods that bill the company are for signed-in customers (issue 13); the server refuses them too.
  const list = (methods?.list ?? []).filter((method) => signedIn || method.forGuests)
  const chosen = list.find((method) => method.id === (chosenId ?? order.paymentMethodId)) ?? null
  const redirects = chosen !== null && REDIRECT_PROVIDERS.includes(chosen.provider)

  const pay = async () => {
    if (!chosen || busy) {
      if (!chosen) setFailure(t('chooseMethod'))
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const { orderPayment } = await checkoutApi.orderPayment({ acquirerId: chosen.id, orderId: order.id, ...(token ? { accessToken: token } : {}) })
      if (orderPayment?.success !== true) throw new CheckoutApiError('orderPayment answered without success', 200, null, null, orderPayment)
      // Busy until the browser has left: the button must not start a second payment meanwhile.
      if (orderPayment.redirectUrl) {
        if (navigateTo(orderPayment.redirectUrl, { external: true }) !== 'external') throw new CheckoutApiError('unusable payment page address', 200, null, null, null)
        return
      }
      navigateTo(paymentSuccessPath(order.id, token))
    } catch (error) {
      const refusal = error instanceof CheckoutApiError ? error : null
      if (!refusal) console.error('Paying the order failed:', error)
      setFailure((refusal?.status !== 200 && refusal?.serverMessage) || ORDER_PAYMENT_FAILED)
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <OrderHead name={order.name} amountLabel={t('amountDue')} amount={order.amounts.due} />
      {methods === null ? (
        <p role="status" className="text-sm text-muted">
          {t('loadingMethods')}
        </p>
      ) : methods.failed ? (
        <FormAlert message={t('methodsError')} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{t('noMethods')}</p>
      ) : (
        <PaymentChoice
          methods={list}
          chosen={chosen?.id ?? null}
          errors={{}}
          onChoose={(method) => {
            setChosenId(method.id)
            setFailure(null)
          }}
        />
      )}
      {redirects ? <p className="text-sm text-muted">{t('cardNote')}</p> : null}
      <FormAlert message={failure} />
      <button type="button" disabled={busy || list.length === 0} aria-busy={busy || undefined} onClick={() => void pay()} className="btn btn-primary w-full sm:w-auto">
        {busy ? t('paying') : redirects ? t('payByCard') : t('pay')}
      </button>
    </div>
  )
}
