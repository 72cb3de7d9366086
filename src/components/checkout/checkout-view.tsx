'use client'

import { useTranslations } from 'next-intl'
import dynamic from 'next/dynamic'
import { type ReactNode, useMemo } from 'react'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import { useGiftCardNumberStore } from '@/client/checkout/gift-card-number-store'
import { useCheckout } from '@/client/checkout/use-checkout'
import { useCartStore } from '@/client/stores/cart-store'
import { useCheckoutStore } from '@/client/stores/checkout-store'
import { Link } from '@/i18n/navigation'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { createCountryLookup } from '@/isomorphic/country-lookup'
import { counted, formatDate, formatPrice } from '@/isomorphic/format'
import { isIsoDate } from '@/client/checkout/checkout-steps'
import { toCents } from '@/isomorphic/money'
import { CheckboxField, FormAlert } from '../account/form-controls'
import { addressLine } from './checkout-address-fields'
import { CheckoutStepPanel } from './checkout-step-panel'
import {
  AddressChoiceForm,
  ContactForm,
  ExtrasForm,
  PaymentChoice,
  ResaleCheckbox,
  SameAsBillingCheckbox,
} from './checkout-step-forms'
import { PromoCodeForm } from './checkout-promo-code'
import { CheckoutSummaryPanel } from './checkout-summary-panel'

// The gift cards step is closed for most shoppers (nothing to fill): its code (and the account's
// gift card forms) loads when it is opened, not with the checkout. The promo code is always in view.
const CheckoutGiftCards = dynamic(() => import('./checkout-promotions').then((module) => module.CheckoutGiftCards), {
  loading: () => <p className="text-sm text-muted">…</p>,
})
// The delivery step too: a delivery method is chosen for the shopper, and its step stays closed
// unless they open it to change the method or give an in-hands date.
const DeliveryChoice = dynamic(() => import('./checkout-delivery-choice').then((module) => module.DeliveryChoice), {
  loading: () => <p className="text-sm text-muted">…</p>,
})
import { allowanceSplit } from '@/client/checkout/checkout-machine'
import { type CheckoutStep, PURCHASE_ORDER_PROVIDER } from '@/client/checkout/checkout-steps'
import type { CartExtraOption, CartLine } from '@/client/stores/cart-store'
import type { OrderExtraField } from '@/isomorphic/contract/queries'
import type { FreeItemData } from '@/isomorphic/cart-types'
import type { CartHint } from '@/isomorphic/cart-hint'
import { CartSkeleton } from '../cart/cart-skeleton'
import { EmptyCheckout } from './empty-checkout'

/**
 * /checkout (spec 2–5): the accordion of steps (contact, billing, shipping, delivery, extras,
 * promotions and gift cards, payment, review) beside the live order summary, and the two ways to
 * finish: 'Place order' and 'Save as quotation'. Everything shown is the server's price; the server
 * checks and prices everything again when the order is created.
 */
export function CheckoutView({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  const t = useTranslations('checkout')
  const lookup = useMemo(() => createCountryLookup(countries), [countries])
  const appliedGiftCard = useGiftCardNumberStore((state) => state.card)
  const {
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
    signedInOnly,
    steps,
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
    setOpenDocument,
    applyPromo,
    removePromo,
    place,
  } = useCheckout(countries)
  const { placing, finished, pricesChanged, openDocument, promoProblem, promoBusy, errorStep } = page

  // Before the browser has read the cart: the server's cart hint draws its skeleton, or the empty cart.
  if (!hydrated && hint) return <CartSkeleton hint={hint} loading={t('loading')} summary={t('summary')} items={t('items')} />
  if (!hydrated || (lines.length === 0 && !placing && !finished)) {
    return <EmptyCheckout />
  }
  if (lines.length === 0) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft px-6 py-16 text-center text-muted">
        {t('finishing')}
      </p>
    )
  }

  // The messages belong to the step whose checks failed (the details screen shows three forms).
  const errorsOf = (step: CheckoutStep) => (errorStep === step ? checkout.errors : {})
  const detailsOpen = openSteps.length > 1
  const lastOpen = openSteps[openSteps.length - 1]
  const chosenPayment = checkout.payment
  const budget = user?.budgetAmount ?? null
  const allowance = allowanceSplit(shown, priced)
  const stepTitle = (step: CheckoutStep) => t(`step.${step}`)
  const panel = (step: CheckoutStep, body: ReactNode, recap: ReactNode, options: { continueLabel?: string; last?: boolean } = {}) => (
    <CheckoutStepPanel
      key={step}
      step={step}
      number={steps.indexOf(step) + 1}
      title={stepTitle(step)}
      recap={reachable(step) && step !== checkout.nextAccordian ? recap : null}
      open={openSteps.includes(step)}
      reachable={reachable(step)}
      onOpen={() => open(step)}
      onContinue={options.last || detailsOpen ? undefined : () => continueFrom(step)}
      withinForm={detailsOpen && openSteps.includes(step) ? { submit: step === lastOpen } : undefined}
      focusOnOpen={step === openSteps[0]}
      continueLabel={options.continueLabel}
    >
      {body}
    </CheckoutStepPanel>
  )

  const bodies: Record<CheckoutStep, () => ReactNode> = {
    contact: () =>
      panel(
        'contact',
        <ContactForm
          name={checkout.name}
          email={checkout.email}
          readOnly={signedIn && user !== null}
          errors={errorsOf('contact')}
          onChange={(patch) =>
            // Billing takes the name from Contact while it is a typed address (a saved one keeps its own).
            useCheckoutStore.setState((state) => ({ ...patch, ...(patch.name !== undefined && state.billing.id === null ? { billing: { ...state.billing, name: patch.name } } : {}) }))
          }
        />,
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
            errors={errorsOf('billing')}
            nameFromContact
            onChange={(billing) => useCheckoutStore.setState((state) => ({ billing: billing.id === null ? { ...billing, name: state.name } : billing }))}
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
              errors={errorsOf('shipping')}
              onChange={(shipping) => useCheckoutStore.setState({ shipping })}
            />
          )}
          {signedIn && (checkout.billing.id === null || (!choices.sameAsBilling && checkout.shipping.id === null)) ? (
            <CheckboxField
              name="saveAddresses"
              label={t('saveAddresses')}
              checked={choices.saveAddresses}
              onChange={(event) => useCheckoutChoicesStore.setState({ saveAddresses: event.target.checked })}
            />
          ) : null}
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
          errors={errorsOf('delivery')}
          leadTime={summary.data?.leadTime ?? null}
          inHandsDate={choices.inHandsDate}
          onInHandsDate={(inHandsDate) => useCheckoutChoicesStore.setState({ inHandsDate })}
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
          errors={errorsOf('extras')}
          onInput={(name, value) => useCheckoutStore.setState((state) => ({ orderExtraFieldsInputs: { ...state.orderExtraFieldsInputs, [name]: value } }))}
          onOptions={(cartExtraOptions) => useCartStore.setState({ cartExtraOptions })}
        />,
        extrasRecap(data.extraFields, checkout.orderExtraFieldsInputs, chosenOptions) || null,
      ),
    promotions: () =>
      panel(
        'promotions',
        <CheckoutGiftCards signedIn={signedIn} useGiftCards={choices.useGiftCards} />,
        signedIn && choices.useGiftCards ? t('giftCardsUsed') : appliedGiftCard ? t('giftCardUsedGuest', { last4: appliedGiftCard.last4 }) : t('noGiftCard'),
      ),
    payment: () =>
      panel(
        'payment',
        nothingDue ? (
          <p role="status" className="rounded-lg bg-soft px-4 py-3 text-sm text-ink">
            {t('nothingToPay', { covers: nothingCoveredBy(shown, allowance) })}
          </p>
        ) : (
          <>
            <PaymentChoice
              methods={paymentMethods}
              chosen={chosenPayment?.id ?? null}
              errors={errorsOf('payment')}
              onChoose={(payment) => useCheckoutStore.setState({ payment, errors: {} })}
              purchaseOrderNumber={choices.purchaseOrderNumber}
              onPurchaseOrderNumber={(purchaseOrderNumber) => useCheckoutChoicesStore.setState({ purchaseOrderNumber })}
            />
            {signedInOnly.length > 0 ? (
              <p className="mt-3 text-sm text-muted">
                {t.rich('paymentSignIn', {
                  methods: signedInOnly.map((method) => method.name).join(', '),
                  link: (chunks) => <Link href="/login?returnTo=%2Fcheckout" className="font-medium text-accent underline underline-offset-4">{chunks}</Link>,
                })}
              </p>
            ) : null}
          </>
        ),
        nothingDue
          ? t('nothingToPayRecap')
          : chosenPayment && chosenPayment.provider === PURCHASE_ORDER_PROVIDER && choices.purchaseOrderNumber.trim()
            ? t('purchaseOrderRecap', { method: chosenPayment.name, number: choices.purchaseOrderNumber.trim() })
            : (chosenPayment?.name ?? null),
      ),
    review: () =>
      panel(
        'review',
        <div className="space-y-5">
          <ReviewItems lines={lines} freeItems={summary.data?.freeItems ?? []} />
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Recap term={t('step.contact')}>
              {checkout.name}
              <br />
              {checkout.email}
            </Recap>
            <Recap term={t('step.billing')}>{addressLine(checkout.billing, lookup)}</Recap>
            <Recap term={t('step.shipping')}>{choices.sameAsBilling ? t('sameAsBillingRecap') : addressLine(checkout.shipping, lookup)}</Recap>
            <Recap term={t('step.delivery')}>{chosenDelivery?.name ?? '—'}</Recap>
            <Recap term={t('step.payment')}>
              {nothingDue ? t('nothingToPayRecap') : (chosenPayment?.name ?? '—')}
              {!nothingDue && chosenPayment?.provider === PURCHASE_ORDER_PROVIDER && choices.purchaseOrderNumber.trim() ? (
                <>
                  <br />
                  {t('purchaseOrderNumber')}: {choices.purchaseOrderNumber.trim()}
                </>
              ) : null}
            </Recap>
            {extrasRecap(data.extraFields, checkout.orderExtraFieldsInputs, chosenOptions) ? (
              <Recap term={t('step.extras')}>{extrasRecap(data.extraFields, checkout.orderExtraFieldsInputs, chosenOptions)}</Recap>
            ) : null}
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
          {/* The total right above the button that commits to it (on a phone the summary is far up). */}
          <div className="flex items-baseline justify-between gap-3 border-t border-line pt-4 text-base">
            <span className="font-medium text-ink">{allowance ? t('amountDue') : t('totalToPay')}</span>
            <span data-testid="review-total" className="text-xl font-semibold text-ink tabular-nums">
              {shown && priced ? formatPrice(allowance ? allowance.leftToPay : shown.estimatedTotal) : '…'}
            </span>
          </div>
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
          <CheckboxField name="openDocument" label={t('openQuotationPdf')} checked={openDocument} onChange={(event) => setOpenDocument(event.target.checked)} />
        </div>,
        null,
        { last: true },
      ),
  }

  const promoCodeForm = <PromoCodeForm applied={checkout.codePromotion} problem={promoProblem} busy={promoBusy} onApply={(code) => void applyPromo(code)} onRemove={removePromo} />
  const details = steps.filter((step) => openSteps.includes(step) && detailsOpen)
  const rendered = steps.map((step) => bodies[step]())
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
      {/* First in reading order on a phone: the "Show order summary" bar at the top (Shopify's);
          beside the steps on a desktop. */}
      <div className="lg:col-start-2 lg:row-start-1">
        <CheckoutSummaryPanel
          lines={lines}
          summary={shown}
          priced={priced}
          loading={summary.loading}
          error={summary.error}
          taxError={summary.data?.taxError ?? null}
          onRetry={summary.retry}
          freeItems={summary.data?.freeItems ?? []}
          allowance={allowance}
          promoCode={promoCodeForm}
        />
      </div>
      <div className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
        <div className="rounded-card border border-line bg-white p-4 lg:hidden">{promoCodeForm}</div>
        {detailsOpen ? (
          <>
            {rendered.slice(0, steps.indexOf(details[0]!))}
            <form
              noValidate
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault()
                continueFrom(details[0]!)
              }}
            >
              {rendered.slice(steps.indexOf(details[0]!), steps.indexOf(details[details.length - 1]!) + 1)}
            </form>
            {rendered.slice(steps.indexOf(details[details.length - 1]!) + 1)}
          </>
        ) : (
          rendered
        )}
      </div>
    </div>
  )
}

/** The extra fields' values (not their names) and the chosen options: "4100-220 · Survey · Rush decoration". */
function extrasRecap(fields: readonly OrderExtraField[], inputs: Readonly<Record<string, string>>, options: readonly CartExtraOption[]): string {
  const values = fields.flatMap((field) => {
    const value = (inputs[field.name] ?? '').trim()
    if (value === '') return []
    if (field.fieldType === 'checkbox') return value === 'true' ? [field.label] : []
    if (field.fieldType === 'date' && isIsoDate(value)) return [`${field.label}: ${formatDate(value)}`]
    return [value]
  })
  return [...values, ...options.map((option) => option.label)].join(' · ')
}

/** What is being ordered, as the review lists it: each line's colour, logo or design and sizes, and the free items a promotion adds. */
function ReviewItems({ lines, freeItems }: { lines: readonly CartLine[]; freeItems: readonly FreeItemData[] }) {
  const t = useTranslations('checkout')
  return (
    <section aria-labelledby="review-items">
      <h3 id="review-items" className="text-sm font-semibold text-ink">
        {t('reviewItems')}
      </h3>
      <ul role="list" className="mt-2 divide-y divide-line rounded-lg border border-line text-sm">
        {lines.map((line) => {
          const sizes = Object.entries(line.quantity)
            .filter(([, count]) => count > 0)
            .map(([size, count]) => `${size} × ${count}`)
            .join(', ')
          const placements = line.design?.placements.map((placement) => placement.area).join(', ')
          return (
            <li key={line.key} className="flex justify-between gap-3 p-3">
              <span className="min-w-0 break-words">
                <span className="block font-medium text-ink">{line.name}</span>
                <span className="block text-muted">
                  {[
                    line.color ? t('lineColor', { color: line.color.name }) : null,
                    line.logo ? t('lineLogo', { name: line.logo.name }) : null,
                    placements ? t('lineDesign', { placements }) : null,
                    sizes ? t('lineSizes', { sizes }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <span className="shrink-0 text-ink tabular-nums">{t('lineQuantity', counted(line.totalQuantity))}</span>
            </li>
          )
        })}
        {freeItems.map((item) => (
          <li key={`free-${item.productId}`} className="flex justify-between gap-3 p-3">
            <span className="min-w-0 break-words">
              <span className="block font-medium text-ink">{item.name}</span>
              <span className="block text-accent-strong">{t('freeItem')}</span>
            </span>
            <span className="shrink-0 text-ink tabular-nums">{t('lineQuantity', counted(item.quantity))}</span>
          </li>
        ))}
      </ul>
    </section>
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

/** Who pays an order with nothing left to pay: the allowance, gift cards, or both. */
function nothingCoveredBy(summary: { giftCardAmount: number } | null, allowance: { covered: number } | null): 'allowance' | 'gift' | 'both' {
  const byAllowance = (allowance?.covered ?? 0) > 0
  const byGift = (summary?.giftCardAmount ?? 0) > 0
  return byAllowance && byGift ? 'both' : byGift ? 'gift' : 'allowance'
}
