'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { invalidateCache } from '@/client/api-client'
import { cartSync } from '@/client/cart-sync'
import { checkoutApi } from '@/client/checkout/checkout-api'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import {
  advance,
  canOpenStep,
  checkCheckoutAddress,
  checkContact,
  checkDelivery,
  checkExtraFields,
  checkPayment,
  checkShipping,
  type CheckoutStep,
  firstFailingStep,
  reopenFrom,
  type StepErrors,
  stepsFor,
} from '@/client/checkout/checkout-steps'
import { extraFieldsList, extraFieldsPayload } from '@/client/checkout/order-payload'
import { createPlaceOrder, type PlaceOrderOutcome } from '@/client/checkout/place-order'
import { navigateTo } from '@/client/navigation'
import { notify } from '@/client/notify'
import { auth } from '@/client/session/session'
import { useAddressStore } from '@/client/stores/address-store'
import { clearCart, useCartStore } from '@/client/stores/cart-store'
import { type CheckoutAddress, useCheckoutStore } from '@/client/stores/checkout-store'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { createCountryLookup } from '@/isomorphic/country-lookup'
import { formatPrice } from '@/isomorphic/format'
import { toCents } from '@/isomorphic/money'
import { GiftCardRedeemForm, useGiftCards } from '../account/gift-cards-section'
import { CheckboxField, FormAlert } from '../account/form-controls'
import { useHydrated } from '../ui/use-hydrated'
import { addressLine, checkoutAddressOf } from './checkout-address-fields'
import { CheckoutStepPanel } from './checkout-step-panel'
import {
  AddressChoiceForm,
  ContactForm,
  DeliveryChoice,
  ExtrasForm,
  PaymentChoice,
  PromoCodeForm,
  ResaleCheckbox,
  SameAsBillingCheckbox,
} from './checkout-step-forms'
import { CheckoutSummaryPanel } from './checkout-summary-panel'
import { requestCartSummary } from '../cart/use-cart-summary'
import { checkoutSummaryBody, type SummaryDestination, useCheckoutSummary } from './use-checkout-summary'
import { useCheckoutData } from './use-checkout-data'

/** The address the summary is priced for, once it passes the form's checks. */
function destinationOf(address: CheckoutAddress, countries: WebsiteCountry[]): SummaryDestination | null {
  if (Object.keys(checkCheckoutAddress(address, countries)).length > 0) return null
  // The recipient's name and phone do not change a price: only the place is sent.
  const { street, street2, city, zip, countryId, stateId } = address
  return { street, street2, city, zip, countryId, stateId }
}

/** The summary a refused order was priced at (a 409 after a price change), for the choices it was priced for. */
type ConfirmedSummary = { key: string; summary: OrderSummaryData }

const placeOrder = createPlaceOrder({
  api: checkoutApi,
  getFailedOrderData: () => useCheckoutStore.getState().failedOrderData,
  setFailedOrderData: (failedOrderData) => useCheckoutStore.setState({ failedOrderData }),
  storeOrder: (order) => {
    const stored = {
      id: order.id,
      name: order.name,
      state: order.state,
      dateOrder: order.createdAt,
      amountTotal: order.amounts.total,
      accessToken: order.accessToken,
      orderUrl: order.orderUrl,
      downloadSaleorderUrl: order.downloadSaleorderUrl,
    }
    useUserStore.setState((state) => ({ order: stored, orders: [stored, ...state.orders.filter((candidate) => candidate.id !== order.id)] }))
  },
  showSummary: (orderSummary) => useCheckoutStore.setState({ orderSummary: { ...orderSummary, budgetAmount: orderSummary.budgetAmount ?? 0 } }),
  invalidatePromotions: () => invalidateCache('Promotions'),
  reloadPartner: () => auth.loadPartner(),
  clearCart: async () => {
    clearCart()
    useCheckoutChoicesStore.getState().reset()
    await cartSync()?.flush()
  },
  notifySuccess: notify.success,
  notifyError: notify.error,
  openDocument: (url) => openDocumentWindow(url),
  navigate: (path) => void navigateTo(path),
  // The card provider's hosted page (Stripe Checkout): the server answered it, https only.
  redirect: (url) => void navigateTo(url, { external: true }),
  signedIn: () => useUserStore.getState().isAuthenticated,
})

// A window opened in the click itself (browsers block windows opened later, after the call),
// pointed at the quotation's PDF once it exists, or closed when saving fails.
let pendingWindow: Window | null = null

function openDocumentWindow(url: string): void {
  if (pendingWindow && !pendingWindow.closed) pendingWindow.location.href = url
  else window.open(url, '_blank', 'noopener')
  pendingWindow = null
}

function prepareDocumentWindow(): void {
  pendingWindow = window.open('', '_blank')
  if (pendingWindow) pendingWindow.opener = null
}

/** Closes the prepared window when nothing was shown in it (saving failed). */
function dropDocumentWindow(): void {
  pendingWindow?.close()
  pendingWindow = null
}

/**
 * /checkout (spec 2–5): the accordion of steps (contact, billing, shipping, delivery, extras,
 * promotions and gift cards, payment, review) beside the live order summary, and the two ways to
 * finish: 'Place order' and 'Save as quotation'. Everything shown is the server's price; the server
 * checks and prices everything again when the order is created.
 */
export function CheckoutView({ countries }: { countries: WebsiteCountry[] }) {
  const t = useTranslations('checkout')
  const hydrated = useHydrated()
  const lookup = useMemo(() => createCountryLookup(countries), [countries])
  const data = useCheckoutData()

  const lines = useCartStore((state) => state.orderLines)
  const chosenOptions = useCartStore((state) => state.cartExtraOptions)
  const checkout = useCheckoutStore()
  const choices = useCheckoutChoicesStore()
  const signedIn = useUserStore((state) => state.isAuthenticated)
  // A guest is offered only the methods open to guests; the others need a signed-in partner.
  const paymentMethods = signedIn ? data.paymentMethods : data.paymentMethods.filter((method) => method.forGuests)
  const user = useUserStore((state) => state.user)
  const billingBook = useAddressStore((state) => state.billingAddresses)
  const shippingBook = useAddressStore((state) => state.shippingAddresses)
  const giftCards = useGiftCards(hydrated && signedIn)

  const [placing, setPlacing] = useState<'order' | 'quotation' | null>(null)
  const [finished, setFinished] = useState(false)
  const [confirmed, setConfirmed] = useState<ConfirmedSummary | null>(null)
  const [pricesChanged, setPricesChanged] = useState<string | null>(null)
  const [openDocument, setOpenDocument] = useState(true)
  const [promoProblem, setPromoProblem] = useState<string | null>(null)
  const [promoBusy, setPromoBusy] = useState(false)

  // A signed-in partner's changes to the cart are saved; the cart cleared after an order too.
  useEffect(() => void cartSync(), [])

  // A signed-in customer is who the order is for: name and email come from the account, and the
  // default addresses are the starting point.
  useEffect(() => {
    if (!hydrated || !signedIn || !user) return
    const state = useCheckoutStore.getState()
    const patch: Partial<typeof state> = { name: user.name, email: user.email }
    const defaultOf = (book: typeof billingBook, flag: 'isDefaultBilling' | 'isDefaultShipping') => book.find((address) => address[flag]) ?? book[0]
    const billing = defaultOf(billingBook, 'isDefaultBilling')
    const shipping = defaultOf(shippingBook, 'isDefaultShipping')
    if (billing && isBlank(state.billing)) patch.billing = checkoutAddressOf(billing)
    if (shipping && isBlank(state.shipping)) patch.shipping = checkoutAddressOf(shipping)
    useCheckoutStore.setState(patch)
  }, [hydrated, signedIn, user, billingBook, shippingBook])

  const hasExtras = data.extraFields.length > 0 || data.orderOptions.length > 0
  const steps = useMemo(() => stepsFor({ hasExtras }), [hasExtras])
  const destinationAddress = choices.sameAsBilling ? checkout.billing : checkout.shipping
  const destination = useMemo(() => destinationOf(destinationAddress, countries), [destinationAddress, countries])
  const summaryChoice = {
    address: destination,
    deliveryMethodId: destination ? choices.deliveryMethodId : null,
    exemptForResale: checkout.exemptForResale,
    promoCode: checkout.codePromotion,
    orderOptions: chosenOptions.map((option) => option.name),
    useGiftCards: signedIn && choices.useGiftCards,
  }
  const summary = useCheckoutSummary(lines, summaryChoice)

  // A new destination needs its delivery methods priced again: the chosen one is forgotten.
  const destinationKey = JSON.stringify(destination)
  const previousDestination = useRef<string | null>(null)
  useEffect(() => {
    if (!hydrated) return
    if (previousDestination.current !== null && previousDestination.current !== destinationKey) {
      useCheckoutChoicesStore.setState({ deliveryMethodId: null })
      const state = useCheckoutStore.getState()
      useCheckoutStore.setState({ delivery: null, nextAccordian: reopenFrom(steps, 'delivery', state.nextAccordian) })
    }
    previousDestination.current = destinationKey
  }, [hydrated, destinationKey, steps])

  const confirmedNow = confirmed?.key === summary.key ? confirmed.summary : null
  const shown: OrderSummaryData | null = confirmedNow ?? summary.data?.orderSummary ?? null
  const priced = destination !== null && choices.deliveryMethodId !== null && summary.data?.deliveryMethodId === choices.deliveryMethodId
  // What 'Place order' may promise the server: the summary for exactly these choices, up to date.
  const ready = priced && !summary.data?.taxError ? (confirmedNow ?? (summary.loading || summary.error ? null : (summary.data?.orderSummary ?? null))) : null

  // Spec 3's orderSummary follows what is shown.
  useEffect(() => {
    if (shown) useCheckoutStore.setState({ orderSummary: { ...shown, budgetAmount: shown.budgetAmount ?? 0 } })
  }, [shown])

  if (!hydrated || (lines.length === 0 && !placing && !finished)) {
    return <EmptyCheckout hydrated={hydrated} />
  }
  if (lines.length === 0) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-16 text-center text-muted">
        {t('finishing')}
      </p>
    )
  }

  const active = steps.includes(checkout.activeAccordian as CheckoutStep) ? (checkout.activeAccordian as CheckoutStep) : steps[0]!
  const errors = checkout.errors
  const setErrors = (next: StepErrors) => useCheckoutStore.setState({ errors: next })
  const open = (step: CheckoutStep) => {
    if (!canOpenStep(steps, step, checkout.nextAccordian)) return
    useCheckoutStore.setState({ activeAccordian: step, errors: {} })
  }

  const checks: Record<CheckoutStep, () => StepErrors> = {
    contact: () => checkContact(checkout),
    billing: () => checkCheckoutAddress(checkout.billing, countries),
    shipping: () => checkShipping(checkout.shipping, countries, { sameAsBilling: choices.sameAsBilling }),
    delivery: () => (destination ? checkDelivery(choices.deliveryMethodId, summary.data?.deliveryMethods ?? []) : { delivery: 'deliveryNeedsAddress' }),
    extras: () => checkExtraFields(data.extraFields, checkout.orderExtraFieldsInputs),
    promotions: () => ({}),
    payment: () => checkPayment(checkout.payment?.id ?? null, paymentMethods),
    review: () => ({}),
  }

  const continueFrom = (step: CheckoutStep) => {
    const found = checks[step]()
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(step)
      return
    }
    if (step === 'extras') {
      const payload = extraFieldsPayload(data.extraFields, checkout.orderExtraFieldsInputs)
      useCheckoutStore.setState({ extraFieldsInputPayload: extraFieldsList(payload) })
    }
    useCheckoutStore.setState({ ...advance(steps, step, checkout.nextAccordian), errors: {} })
  }

  const applyPromo = async (code: string) => {
    setPromoBusy(true)
    setPromoProblem(null)
    try {
      // The code is applied once the server has priced the order with it (its refusal says why).
      await requestCartSummary(checkoutSummaryBody(lines, { ...summaryChoice, promoCode: code }))
      useCheckoutStore.setState({ codePromotion: code })
    } catch (error) {
      setPromoProblem(error instanceof Error ? error.message : t('genericError'))
    } finally {
      setPromoBusy(false)
    }
  }

  const place = async (quotation: boolean) => {
    if (placing) return
    const failing = firstFailingStep(steps, checks)
    if (failing) {
      useCheckoutStore.setState({ activeAccordian: failing.step, nextAccordian: reopenFrom(steps, failing.step, checkout.nextAccordian), errors: failing.errors })
      notify.error(t('completeStep', { step: t(`step.${failing.step}`) }))
      return
    }
    if (!ready) {
      notify.error(summary.data?.taxError ?? summary.error ?? t('summaryNotReady'))
      return
    }
    setPlacing(quotation ? 'quotation' : 'order')
    setPricesChanged(null)
    if (quotation && openDocument) prepareDocumentWindow()
    let outcome: PlaceOrderOutcome
    try {
      outcome = await placeOrder(
        {
          name: checkout.name,
          email: checkout.email,
          billing: checkout.billing,
          shipping: checkout.shipping,
          sameAsBilling: choices.sameAsBilling,
          lines,
          paymentId: checkout.payment?.id ?? null,
          paymentProvider: checkout.payment?.provider ?? null,
          orderForResale: checkout.exemptForResale,
          extraFields: data.extraFields,
          extraInputs: checkout.orderExtraFieldsInputs,
          chosenOptions,
          deliveryMethodId: choices.deliveryMethodId,
          promoCode: checkout.codePromotion,
          useGiftCards: signedIn && choices.useGiftCards,
          expectedTotal: ready.totalPrice,
          budgetAmount: user?.budgetAmount ?? null,
        },
        { quotation, openDocument: quotation && openDocument },
      )
    } finally {
      dropDocumentWindow()
    }
    if (outcome.ok) {
      setFinished(true)
      return
    }
    setPlacing(null)
    if (outcome.reason === 'prices-changed') {
      setConfirmed({ key: summary.key, summary: outcome.orderSummary })
      setPricesChanged(outcome.message)
    } else if (outcome.message) {
      // Whatever went wrong, the summary shown is asked for again (a price may be what changed).
      summary.retry()
    }
  }

  const chosenDelivery = summary.data?.deliveryMethods.find((option) => option.id === choices.deliveryMethodId) ?? null
  const chosenPayment = checkout.payment
  // Methods that bill the company (invoice, purchase order) are for signed-in customers (issue 13).
  const signedInOnly = signedIn ? [] : data.paymentMethods.filter((method) => !method.forGuests)
  const budget = user?.budgetAmount ?? null
  const stepTitle = (step: CheckoutStep) => t(`step.${step}`)
  const panel = (step: CheckoutStep, body: ReactNode, recap: ReactNode, options: { continueLabel?: string; last?: boolean } = {}) => (
    <CheckoutStepPanel
      key={step}
      step={step}
      number={steps.indexOf(step) + 1}
      title={stepTitle(step)}
      recap={canOpenStep(steps, step, checkout.nextAccordian) && step !== checkout.nextAccordian ? recap : null}
      open={active === step}
      reachable={canOpenStep(steps, step, checkout.nextAccordian)}
      onOpen={() => open(step)}
      onContinue={options.last ? undefined : () => continueFrom(step)}
      continueLabel={options.continueLabel}
    >
      {body}
    </CheckoutStepPanel>
  )

  const bodies: Record<CheckoutStep, () => ReactNode> = {
    contact: () =>
      panel(
        'contact',
        <ContactForm name={checkout.name} email={checkout.email} readOnly={signedIn && user !== null} errors={errors} onChange={(patch) => useCheckoutStore.setState(patch)} />,
        `${checkout.name} · ${checkout.email}`,
      ),
    billing: () =>
      panel(
        'billing',
        <>
          <AddressChoiceForm
            section="billing"
            address={checkout.billing}
            book={signedIn ? billingBook : []}
            countries={countries}
            lookup={lookup}
            errors={errors}
            onChange={(billing) => useCheckoutStore.setState({ billing })}
          />
          <ResaleCheckbox checked={checkout.exemptForResale} onChange={(exemptForResale) => useCheckoutStore.setState({ exemptForResale })} />
        </>,
        addressLine(checkout.billing, lookup),
      ),
    shipping: () =>
      panel(
        'shipping',
        <>
          <SameAsBillingCheckbox checked={choices.sameAsBilling} onChange={(sameAsBilling) => useCheckoutChoicesStore.setState({ sameAsBilling })} />
          {choices.sameAsBilling ? null : (
            <AddressChoiceForm
              section="shipping"
              address={checkout.shipping}
              book={signedIn ? shippingBook : []}
              countries={countries}
              lookup={lookup}
              errors={errors}
              onChange={(shipping) => useCheckoutStore.setState({ shipping })}
            />
          )}
        </>,
        choices.sameAsBilling ? t('sameAsBillingRecap') : addressLine(checkout.shipping, lookup),
      ),
    delivery: () =>
      panel(
        'delivery',
        <DeliveryChoice
          options={destination ? (summary.data?.deliveryMethods ?? []) : []}
          chosen={choices.deliveryMethodId}
          waiting={summary.loading}
          addressMissing={destination === null}
          problem={summary.error}
          errors={errors}
          onChoose={(id) => {
            useCheckoutChoicesStore.setState({ deliveryMethodId: id })
            useCheckoutStore.setState({ delivery: data.deliveryMethods.find((method) => method.id === id) ?? null, errors: {} })
          }}
        />,
        chosenDelivery ? `${chosenDelivery.name} · ${chosenDelivery.free || chosenDelivery.price === 0 ? t('free') : formatPrice(chosenDelivery.price ?? 0)}` : null,
      ),
    extras: () =>
      panel(
        'extras',
        <ExtrasForm
          fields={data.extraFields}
          inputs={checkout.orderExtraFieldsInputs}
          options={data.orderOptions}
          chosenOptions={chosenOptions}
          errors={errors}
          onInput={(name, value) => useCheckoutStore.setState((state) => ({ orderExtraFieldsInputs: { ...state.orderExtraFieldsInputs, [name]: value } }))}
          onOptions={(cartExtraOptions) => useCartStore.setState({ cartExtraOptions })}
        />,
        [...data.extraFields.filter((field) => checkout.orderExtraFieldsInputs[field.name]).map((field) => field.label), ...chosenOptions.map((option) => option.label)].join(' · ') || null,
      ),
    promotions: () =>
      panel(
        'promotions',
        <>
          <PromoCodeForm
            applied={checkout.codePromotion}
            problem={promoProblem}
            busy={promoBusy}
            onApply={(code) => void applyPromo(code)}
            onRemove={() => {
              setPromoProblem(null)
              useCheckoutStore.setState({ codePromotion: '', promotion: { value: 0, name: '' } })
            }}
          />
          {signedIn ? (
            <div className="space-y-4 border-t border-line pt-5">
              <h3 className="text-sm font-semibold text-ink">{t('giftCards')}</h3>
              {giftCards.balance > 0 ? (
                <CheckboxField
                  name="useGiftCards"
                  label={t('useGiftCards', { balance: formatPrice(giftCards.balance) })}
                  checked={choices.useGiftCards}
                  onChange={(event) => useCheckoutChoicesStore.setState({ useGiftCards: event.target.checked })}
                />
              ) : (
                <p className="text-sm text-muted">{t('noGiftCardBalance')}</p>
              )}
              <GiftCardRedeemForm onRedeemed={giftCards.reload} insideForm />
            </div>
          ) : (
            <p className="text-sm text-muted">
              {t.rich('giftCardsSignIn', { link: (chunks) => <Link href="/login?returnTo=%2Fcheckout" className="font-medium text-accent underline underline-offset-4">{chunks}</Link> })}
            </p>
          )}
        </>,
        [checkout.codePromotion ? t('promoApplied', { code: checkout.codePromotion }) : null, signedIn && choices.useGiftCards ? t('giftCardsUsed') : null].filter(Boolean).join(' · ') || t('noPromotion'),
      ),
    payment: () =>
      panel(
        'payment',
        <>
          <PaymentChoice methods={paymentMethods} chosen={chosenPayment?.id ?? null} errors={errors} onChoose={(payment) => useCheckoutStore.setState({ payment, errors: {} })} />
          {signedInOnly.length > 0 ? (
            <p className="mt-3 text-sm text-muted">
              {t.rich('paymentSignIn', {
                methods: signedInOnly.map((method) => method.name).join(', '),
                link: (chunks) => <Link href="/login?returnTo=%2Fcheckout" className="font-medium text-accent underline underline-offset-4">{chunks}</Link>,
              })}
            </p>
          ) : null}
        </>,
        chosenPayment?.name ?? null,
      ),
    review: () =>
      panel(
        'review',
        <div className="space-y-5">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Recap term={t('step.contact')}>
              {checkout.name}
              <br />
              {checkout.email}
            </Recap>
            <Recap term={t('step.billing')}>{addressLine(checkout.billing, lookup)}</Recap>
            <Recap term={t('step.shipping')}>{choices.sameAsBilling ? t('sameAsBillingRecap') : addressLine(checkout.shipping, lookup)}</Recap>
            <Recap term={t('step.delivery')}>{chosenDelivery?.name ?? '—'}</Recap>
            <Recap term={t('step.payment')}>{chosenPayment?.name ?? '—'}</Recap>
            {checkout.codePromotion ? <Recap term={t('promoCode')}>{checkout.codePromotion}</Recap> : null}
          </dl>
          {budget !== null && shown && toCents(shown.totalPrice) > toCents(budget) ? (
            <p role="note" className="rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
              {t('overBudget', { budget: formatPrice(budget) })}
            </p>
          ) : null}
          <FormAlert message={pricesChanged}>
            <p className="mt-1">{t('pricesChangedReview')}</p>
          </FormAlert>
          <CheckboxField name="openDocument" label={t('openQuotationPdf')} checked={openDocument} onChange={(event) => setOpenDocument(event.target.checked)} />
          {/* While the summary is being priced again the buttons wait for it: the total they promise
              the server must be the one on screen. */}
          <div className="flex flex-col gap-3 sm:flex-row" aria-busy={summary.loading || undefined}>
            <button type="button" disabled={placing !== null || summary.loading} aria-busy={placing === 'order' || undefined} onClick={() => void place(false)} className="btn btn-primary w-full sm:w-auto">
              {placing === 'order' ? t('placing') : t('placeOrder')}
            </button>
            <button type="button" disabled={placing !== null || summary.loading} aria-busy={placing === 'quotation' || undefined} onClick={() => void place(true)} className="btn btn-secondary w-full sm:w-auto">
              {placing === 'quotation' ? t('saving') : t('saveQuotation')}
            </button>
          </div>
        </div>,
        null,
        { last: true },
      ),
  }

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="min-w-0 space-y-3">{steps.map((step) => bodies[step]())}</div>
      <CheckoutSummaryPanel
        lines={lines}
        summary={shown}
        priced={priced}
        loading={summary.loading}
        error={summary.error}
        taxError={summary.data?.taxError ?? null}
        onRetry={summary.retry}
      />
    </div>
  )
}

function Recap({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  )
}

function EmptyCheckout({ hydrated }: { hydrated: boolean }) {
  const t = useTranslations('checkout')
  return (
    <div className="relative rounded-card border border-dashed border-line px-6 py-16 text-center">
      <div className={hydrated ? undefined : 'invisible'}>
        <p className="text-lg font-semibold text-ink">{t('emptyTitle')}</p>
        <p className="mt-2 text-muted">{t('emptyBody')}</p>
        <Link href="/shop" className="btn btn-primary mt-6">
          {t('goShopping')}
        </Link>
      </div>
      {hydrated ? null : (
        <p role="status" className="absolute inset-0 flex items-center justify-center text-muted">
          {t('loading')}
        </p>
      )}
    </div>
  )
}

function isBlank(address: CheckoutAddress): boolean {
  return !address.street.trim() && !address.city.trim() && !address.zip.trim()
}

/** After the checks rendered their messages: the focus on the step's first invalid field. */
function focusFirstInvalid(step: CheckoutStep): void {
  // A field marked invalid, or the message of a choice (delivery, payment, a checkbox) that has none.
  requestAnimationFrame(() => document.getElementById(`checkout-step-${step}`)?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus())
}
