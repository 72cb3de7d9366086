'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useMemo, useReducer, useRef } from 'react'
import { invalidateCache } from '@/client/api-client'
import { cartSync } from '@/client/cart-sync'
import { requestCartSummary } from '@/client/cart/use-cart-summary'
import { navigateTo } from '@/client/navigation'
import { notify } from '@/client/notify'
import { announcePartnerChanged, auth } from '@/client/session/session'
import { type PartnerAddress, useAddressStore } from '@/client/stores/address-store'
import { clearCart, useCartStore } from '@/client/stores/cart-store'
import { type CheckoutAddress, useCheckoutStore } from '@/client/stores/checkout-store'
import { useUserStore } from '@/client/stores/user-store'
import { addressPayload } from '@/client/account/account-validation'
import { accountApi } from '@/client/session/session'
import { useHydrated } from '@/client/use-hydrated'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import type { DeliveryOptionData } from '@/isomorphic/cart-types'
import type { DeliveryMethod, PaymentAcquirer } from '@/isomorphic/contract/queries'
import { checkoutAddressOf } from './checkout-address'
import { checkoutApi } from './checkout-api'
import { useCheckoutChoicesStore } from './checkout-choices-store'
import { useGiftCardNumberStore } from './gift-card-number-store'
import { checkoutPageReducer, destinationOf, initialCheckoutPage, isPriced, nothingToPay, readySummary, shownSummary, type SummaryView } from './checkout-machine'
import {
  canOpenStep,
  checkCheckoutAddress,
  checkContact,
  checkDelivery,
  checkExtraFields,
  checkPayment,
  checkShipping,
  addressValuesOf,
  type CheckoutStep,
  defaultCountryId,
  defaultDeliveryId,
  defaultPayment,
  PURCHASE_ORDER_PROVIDER,
  firstFailingStep,
  reopenFrom,
  screenOf,
  settle,
  stepAfterScreen,
  type StepErrors,
  stepsFor,
} from './checkout-steps'
import { extraFieldsList, extraFieldsPayload } from './order-payload'
import { fieldsAskedOf } from '@/isomorphic/order-field-audience'
import type { PlaceOrder, PlaceOrderDeps, PlaceOrderOutcome } from './place-order'
import { useCheckoutData } from './use-checkout-data'
import { checkoutSummaryBody, useCheckoutSummary } from './use-checkout-summary'

// The checkout page's state and what it does (spec 2–5): the steps and their checks, the live
// summary, the promo code, and placing the order or saving the quotation. CheckoutView renders it.

const placeOrderDeps: PlaceOrderDeps = {
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
  reloadPartner: async () => {
    await auth.loadPartner()
    announcePartnerChanged()
  },
  clearCart: async () => {
    clearCart()
    useCheckoutChoicesStore.getState().reset()
    useGiftCardNumberStore.getState().remove()
    await cartSync()?.flush()
  },
  notifySuccess: notify.success,
  notifyError: notify.error,
  openDocument: (url) => openDocumentWindow(url),
  navigate: (path) => void navigateTo(path),
  // The card provider's hosted page (Stripe Checkout): the server answered it, https only.
  redirect: (url) => void navigateTo(url, { external: true }),
  signedIn: () => useUserStore.getState().isAuthenticated,
  saveAddresses: () => saveNewAddresses(),
}

// Placing the order (place-order.ts and what it builds the order from) loads with the first click
// on 'Place order' or 'Save as quotation', not with the page; one instance serves every click (it
// ignores a click while an order is under way).
let placeOrderOnce: Promise<PlaceOrder> | null = null

function loadPlaceOrder(): Promise<PlaceOrder> {
  placeOrderOnce ??= import('./place-order').then(({ createPlaceOrder }) => createPlaceOrder(placeOrderDeps))
  // A failed load (offline) is tried again with the next click.
  placeOrderOnce.catch(() => {
    placeOrderOnce = null
  })
  return placeOrderOnce
}

/**
 * A signed-in customer's addresses typed at checkout (not chosen from the book), saved to the
 * address book once the order is placed when the customer left "Save to my address book" ticked.
 * Each is saved once: the billing address to the billing book, a different shipping address to
 * the shipping book.
 */
async function saveNewAddresses(): Promise<void> {
  const { user, isAuthenticated } = useUserStore.getState()
  const { billing, shipping } = useCheckoutStore.getState()
  const { saveAddresses, sameAsBilling } = useCheckoutChoicesStore.getState()
  if (!isAuthenticated || !user || !saveAddresses) return
  const save = (address: CheckoutAddress, type: 'Billing' | 'Shipping') =>
    accountApi.addAddress({ ...addressPayload(addressValuesOf(address)), isDefaultBilling: false, isDefaultShipping: false }, type, user.uid)
  if (billing.id === null) await save(billing, 'Billing')
  if (!sameAsBilling && shipping.id === null) await save(shipping, 'Shipping')
}

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

function isBlank(address: CheckoutAddress): boolean {
  return !address.street.trim() && !address.city.trim() && !address.zip.trim()
}

/** The signed-in customer's and the store's defaults, set where nothing was chosen yet (see checkout-steps). */
function applyDefaults({ countries, deliveryOptions, paymentMethods, deliveryMethods }: {
  countries: readonly WebsiteCountry[]
  deliveryOptions: readonly DeliveryOptionData[] | null
  paymentMethods: readonly PaymentAcquirer[]
  deliveryMethods: readonly DeliveryMethod[]
}): void {
  const state = useCheckoutStore.getState()
  const patch: Partial<typeof state> = {}
  const countryId = defaultCountryId(countries)
  if (countryId !== null) {
    if (state.billing.id === null && state.billing.countryId === null) patch.billing = { ...state.billing, countryId }
    if (state.shipping.id === null && state.shipping.countryId === null) patch.shipping = { ...state.shipping, countryId }
  }
  const payment = defaultPayment(state.payment, paymentMethods)
  if (payment && payment.id !== state.payment?.id) patch.payment = payment
  if (Object.keys(patch).length > 0) useCheckoutStore.setState(patch)
  if (deliveryOptions) {
    const chosen = useCheckoutChoicesStore.getState().deliveryMethodId
    const id = defaultDeliveryId(chosen, deliveryOptions)
    if (id !== null && id !== chosen) {
      useCheckoutChoicesStore.setState({ deliveryMethodId: id })
      useCheckoutStore.setState({ delivery: deliveryMethods.find((method) => method.id === id) ?? null })
    }
  }
}

/** After the checks rendered their messages: the focus on the step's first invalid field. */
function focusFirstInvalid(step: CheckoutStep): void {
  // A field marked invalid, or the message of a choice (delivery, payment, a checkbox) that has none.
  requestAnimationFrame(() => document.getElementById(`checkout-step-${step}`)?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus())
}

function defaultOf(book: readonly PartnerAddress[], flag: 'isDefaultBilling' | 'isDefaultShipping') {
  return book.find((address) => address[flag]) ?? book[0]
}

export function useCheckout(countries: WebsiteCountry[]) {
  const t = useTranslations('checkout')
  const hydrated = useHydrated()
  const stored = useCheckoutData()
  const [page, dispatch] = useReducer(checkoutPageReducer, initialCheckoutPage)

  const lines = useCartStore((state) => state.orderLines)
  const chosenOptions = useCartStore((state) => state.cartExtraOptions)
  const checkout = useCheckoutStore()
  const choices = useCheckoutChoicesStore()
  const giftCardNumber = useGiftCardNumberStore((state) => state.card?.number ?? '')
  const signedIn = useUserStore((state) => state.isAuthenticated)
  // A guest is offered only the methods open to guests; the others need a signed-in partner.
  const paymentMethods = signedIn ? stored.paymentMethods : stored.paymentMethods.filter((method) => method.forGuests)
  const user = useUserStore((state) => state.user)
  // Only the order fields the store asks of this shopper (issue 27): a guest is never asked for a
  // customer's "Cost center"; createOrder keeps to the same rule.
  const askerGroupId = signedIn ? (user?.groupId ?? null) : null
  const askedFields = useMemo(() => fieldsAskedOf(stored.extraFields, { signedIn, groupId: askerGroupId }), [stored.extraFields, signedIn, askerGroupId])
  const data = useMemo(() => ({ ...stored, extraFields: askedFields }), [stored, askedFields])
  const billingBook = useAddressStore((state) => state.billingAddresses)
  const shippingBook = useAddressStore((state) => state.shippingAddresses)

  // A signed-in partner's changes to the cart are saved; the cart cleared after an order too.
  useEffect(() => void cartSync(), [])

  // A signed-in customer is who the order is for: name and email come from the account, and the
  // default addresses are the starting point.
  useEffect(() => {
    if (!hydrated || !signedIn || !user) return
    const state = useCheckoutStore.getState()
    const patch: Partial<typeof state> = { name: user.name, email: user.email }
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
    giftCardNumber,
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

  const live: SummaryView = {
    key: summary.key,
    summary: summary.data?.orderSummary ?? null,
    deliveryMethodId: summary.data?.deliveryMethodId ?? null,
    loading: summary.loading,
    error: summary.error,
    taxError: summary.data?.taxError ?? null,
  }
  const shown = shownSummary(page.confirmed, live)
  const priced = isPriced(live, { hasDestination: destination !== null, deliveryMethodId: choices.deliveryMethodId })
  const ready = readySummary(page.confirmed, live, priced)
  const nothingDue = nothingToPay(shown, priced)

  // Spec 3's orderSummary follows what is shown.
  useEffect(() => {
    if (shown) useCheckoutStore.setState({ orderSummary: { ...shown, budgetAmount: shown.budgetAmount ?? 0 } })
  }, [shown])

  const active = steps.includes(checkout.activeAccordian as CheckoutStep) ? (checkout.activeAccordian as CheckoutStep) : steps[0]!
  const openSteps = screenOf(steps, active)
  const reachable = (step: CheckoutStep) => canOpenStep(steps, step, checkout.nextAccordian)
  const open = (step: CheckoutStep) => {
    if (!reachable(step)) return
    useCheckoutStore.setState({ activeAccordian: screenOf(steps, step)[0]!, errors: {} })
    dispatch({ type: 'settled' })
  }

  // The checks read the stores as they are now (a default set a moment ago counts), so the same
  // checks serve Continue, the settling after it and 'Place order'.
  const deliveryOptions = destination ? (summary.data?.deliveryMethods ?? []) : []
  const checks: Record<CheckoutStep, () => StepErrors> = {
    contact: () => checkContact(useCheckoutStore.getState()),
    billing: () => checkCheckoutAddress(useCheckoutStore.getState().billing, countries),
    shipping: () => checkShipping(useCheckoutStore.getState().shipping, countries, { sameAsBilling: useCheckoutChoicesStore.getState().sameAsBilling }),
    delivery: () => (destination ? checkDelivery(useCheckoutChoicesStore.getState().deliveryMethodId, deliveryOptions) : { delivery: 'deliveryNeedsAddress' }),
    extras: () => checkExtraFields(data.extraFields, useCheckoutStore.getState().orderExtraFieldsInputs),
    promotions: () => ({}),
    payment: () => (nothingDue ? {} : checkPayment(useCheckoutStore.getState().payment?.id ?? null, paymentMethods, useCheckoutChoicesStore.getState().purchaseOrderNumber)),
    review: () => ({}),
  }

  // The store's defaults (the one country, the first delivery method that can deliver, the first
  // payment method) fill in whatever is still unchosen, as soon as what they depend on is known.
  const optionsKnown = destination !== null && summary.data !== null && !summary.loading
  useEffect(() => {
    if (!hydrated) return
    applyDefaults({ countries, deliveryOptions: optionsKnown ? (summary.data?.deliveryMethods ?? []) : null, paymentMethods, deliveryMethods: data.deliveryMethods })
  }, [hydrated, countries, optionsKnown, summary.data, paymentMethods, data.deliveryMethods])

  // Settling (on arrival and after each Continue): the first step that needs the shopper opens;
  // the steps before it keep their defaults and show their recap. It waits for what the defaults
  // depend on: the store's methods, the signed-in customer, and the delivery methods priced for
  // the address.
  const settleReady = hydrated && data.loaded && (!signedIn || user !== null) && (destination === null || optionsKnown || summary.error !== null)
  const settleFrom = page.settleFrom
  useEffect(() => {
    if (!settleFrom || !settleReady) return
    applyDefaults({ countries, deliveryOptions: optionsKnown ? (summary.data?.deliveryMethods ?? []) : null, paymentMethods, deliveryMethods: data.deliveryMethods })
    const state = useCheckoutStore.getState()
    useCheckoutStore.setState({ ...settle(steps, settleFrom, state.nextAccordian, checks), errors: {} })
    dispatch({ type: 'settled' })
    // The checks are rebuilt each render from the same stores; settling runs once per request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settleFrom, settleReady])

  const continueFrom = (step: CheckoutStep) => {
    // Billing takes the name from Contact (a typed address; a saved one keeps its own).
    const current = useCheckoutStore.getState()
    if (current.billing.id === null && current.billing.name !== current.name) useCheckoutStore.setState({ billing: { ...current.billing, name: current.name } })
    const failing = firstFailingStep(screenOf(steps, step), checks)
    if (failing) {
      useCheckoutStore.setState({ errors: failing.errors })
      dispatch({ type: 'invalid', step: failing.step })
      focusFirstInvalid(failing.step)
      return
    }
    if (screenOf(steps, step).includes('extras')) {
      const payload = extraFieldsPayload(data.extraFields, useCheckoutStore.getState().orderExtraFieldsInputs)
      useCheckoutStore.setState({ extraFieldsInputPayload: extraFieldsList(payload) })
    }
    // The next screen opens at once; settling then moves past the steps that need nothing.
    const next = stepAfterScreen(steps, step)
    const state = useCheckoutStore.getState()
    useCheckoutStore.setState({ activeAccordian: next, nextAccordian: steps[Math.max(steps.indexOf(next), steps.indexOf(state.nextAccordian as CheckoutStep))]!, errors: {} })
    dispatch({ type: 'settle', from: next })
  }

  const applyPromo = async (code: string) => {
    dispatch({ type: 'promo-applying' })
    try {
      // The code is applied once the server has priced the order with it (its refusal says why).
      await requestCartSummary(checkoutSummaryBody(lines, { ...summaryChoice, promoCode: code }))
      useCheckoutStore.setState({ codePromotion: code })
      dispatch({ type: 'promo-applied' })
    } catch (error) {
      dispatch({ type: 'promo-refused', message: error instanceof Error ? error.message : t('genericError') })
    }
  }

  const removePromo = () => {
    dispatch({ type: 'promo-removed' })
    useCheckoutStore.setState({ codePromotion: '', promotion: { value: 0, name: '' } })
  }

  const place = async (quotation: boolean) => {
    if (page.placing) return
    const failing = firstFailingStep(steps, checks)
    if (failing) {
      useCheckoutStore.setState({ activeAccordian: screenOf(steps, failing.step)[0]!, nextAccordian: reopenFrom(steps, failing.step, checkout.nextAccordian), errors: failing.errors })
      dispatch({ type: 'invalid', step: failing.step })
      notify.error(t('completeStep', { step: t(`step.${failing.step}`) }))
      return
    }
    if (!ready) {
      notify.error(summary.data?.taxError ?? summary.error ?? t('summaryNotReady'))
      return
    }
    dispatch({ type: 'placing', quotation })
    if (quotation && page.openDocument) prepareDocumentWindow()
    let outcome: PlaceOrderOutcome
    try {
      const placeOrder = await loadPlaceOrder().catch(() => null)
      if (!placeOrder) {
        dispatch({ type: 'refused' })
        notify.error(t('genericError'))
        return
      }
      outcome = await placeOrder(
        {
          name: checkout.name,
          email: checkout.email,
          billing: checkout.billing,
          shipping: checkout.shipping,
          sameAsBilling: choices.sameAsBilling,
          lines,
          paymentId: nothingDue ? null : (checkout.payment?.id ?? null),
          paymentProvider: nothingDue ? null : (checkout.payment?.provider ?? null),
          purchaseOrderNumber: !nothingDue && checkout.payment?.provider === PURCHASE_ORDER_PROVIDER ? choices.purchaseOrderNumber.trim() : null,
          orderForResale: checkout.exemptForResale,
          extraFields: data.extraFields,
          extraInputs: checkout.orderExtraFieldsInputs,
          chosenOptions,
          deliveryMethodId: choices.deliveryMethodId,
          promoCode: checkout.codePromotion,
          useGiftCards: signedIn && choices.useGiftCards,
          giftCardNumber,
          inHandsDate: choices.inHandsDate,
          expectedTotal: ready.totalPrice,
          budgetAmount: user?.budgetAmount ?? null,
        },
        { quotation, openDocument: quotation && page.openDocument },
      )
    } finally {
      dropDocumentWindow()
    }
    if (outcome.ok) {
      dispatch({ type: 'placed' })
      return
    }
    if (outcome.reason === 'prices-changed') {
      dispatch({ type: 'prices-changed', key: summary.key, summary: outcome.orderSummary, message: outcome.message })
      return
    }
    dispatch({ type: 'refused' })
    // Whatever went wrong, the summary shown is asked for again (a price may be what changed).
    if (outcome.message) summary.retry()
  }

  const chosenDelivery = summary.data?.deliveryMethods.find((option) => option.id === choices.deliveryMethodId) ?? null

  return {
    hydrated,
    data,
    lines,
    chosenOptions,
    checkout,
    choices,
    signedIn,
    user,
    billingBook,
    shippingBook,
    paymentMethods,
    // Methods that bill the company (invoice, purchase order) are for signed-in customers (issue 13).
    signedInOnly: signedIn ? [] : data.paymentMethods.filter((method) => !method.forGuests),
    steps,
    active,
    openSteps,
    reachable,
    open,
    continueFrom,
    destination,
    summary,
    shown,
    priced,
    nothingDue,
    chosenDelivery,
    page,
    setOpenDocument: (openDocument: boolean) => dispatch({ type: 'open-document', open: openDocument }),
    applyPromo,
    removePromo,
    place,
  }
}

export type Checkout = ReturnType<typeof useCheckout>
