'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useMemo } from 'react'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import type { CheckoutStep } from '@/client/checkout/checkout-steps'
import { useCheckout } from '@/client/checkout/use-checkout'
import { useCartStore } from '@/client/stores/cart-store'
import { useCheckoutStore } from '@/client/stores/checkout-store'
import { Link } from '@/i18n/navigation'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { createCountryLookup } from '@/isomorphic/country-lookup'
import { formatPrice } from '@/isomorphic/format'
import { toCents } from '@/isomorphic/money'
import { GiftCardRedeemForm, useGiftCards } from '../account/gift-cards-section'
import { CheckboxField, FormAlert } from '../account/form-controls'
import { addressLine } from './checkout-address-fields'
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

/**
 * /checkout (spec 2–5): the accordion of steps (contact, billing, shipping, delivery, extras,
 * promotions and gift cards, payment, review) beside the live order summary, and the two ways to
 * finish: 'Place order' and 'Save as quotation'. Everything shown is the server's price; the server
 * checks and prices everything again when the order is created.
 */
export function CheckoutView({ countries }: { countries: WebsiteCountry[] }) {
  const t = useTranslations('checkout')
  const lookup = useMemo(() => createCountryLookup(countries), [countries])
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
    active,
    reachable,
    open,
    continueFrom,
    destination,
    summary,
    shown,
    priced,
    chosenDelivery,
    page,
    setOpenDocument,
    applyPromo,
    removePromo,
    place,
  } = useCheckout(countries)
  const { placing, finished, pricesChanged, openDocument, promoProblem, promoBusy } = page
  const giftCards = useGiftCards(hydrated && signedIn)

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

  const errors = checkout.errors
  const chosenPayment = checkout.payment
  const budget = user?.budgetAmount ?? null
  const stepTitle = (step: CheckoutStep) => t(`step.${step}`)
  const panel = (step: CheckoutStep, body: ReactNode, recap: ReactNode, options: { continueLabel?: string; last?: boolean } = {}) => (
    <CheckoutStepPanel
      key={step}
      step={step}
      number={steps.indexOf(step) + 1}
      title={stepTitle(step)}
      recap={reachable(step) && step !== checkout.nextAccordian ? recap : null}
      open={active === step}
      reachable={reachable(step)}
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
            onRemove={removePromo}
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
