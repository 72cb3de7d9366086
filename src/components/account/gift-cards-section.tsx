'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useState } from 'react'
import { CheckoutApiError, checkoutApi } from '@/client/checkout/checkout-api'
import type { GiftCard } from '@/client/checkout/order-contract'
import { notify } from '@/client/notify'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { fromCents, sumCents, toCents } from '@/isomorphic/money'
import { FormAlert, SubmitButton, TextField } from './form-controls'
import { useFormSubmission } from './use-form-submission'

// Gift cards (spec 7 redeemGiftCard, the account's getGiftCards): the redeem form is shared by
// me/gift-cards and the checkout. A redeemed card's number is never shown again, only its last four.

/** The signed-in customer's gift cards, loaded when the component opens; reload after a redemption. */
export function useGiftCards(enabled: boolean) {
  const [cards, setCards] = useState<GiftCard[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!enabled) return
    let current = true
    checkoutApi.getGiftCards().then(
      ({ giftCards }) => {
        if (!current) return
        setCards(giftCards)
        setFailed(false)
      },
      (error: unknown) => {
        console.error('Could not load the gift cards:', error)
        if (current) setFailed(true)
      },
    )
    return () => {
      current = false
    }
  }, [enabled, attempt])
  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  const balance = fromCents(sumCents((cards ?? []).filter((card) => !isExpired(card)).map((card) => toCents(card.balance))))
  return { cards, failed, balance, reload }
}

function isExpired(card: GiftCard, now = Date.now()): boolean {
  return card.expiresAt !== null && Date.parse(card.expiresAt) <= now
}

/**
 * The number on a gift card: redeemed into the account, with the spec's messages as toasts. Inside
 * another form (the checkout's step) it is a group of fields, since forms cannot nest.
 */
export function GiftCardRedeemForm({ onRedeemed, insideForm = false }: { onRedeemed: () => unknown; insideForm?: boolean }) {
  const t = useTranslations('giftCards')
  return (
    <GiftCardNumberForm
      insideForm={insideForm}
      buttonLabel={t('redeem')}
      onNumber={async (gcNumber) => {
        const answer = await checkoutApi.redeemGiftCard(gcNumber)
        // A card already on the account adds nothing: said as information, not as a success.
        if (answer.redeemGiftCard.alreadyOnAccount) notify.info(answer.redeemGiftCard.message || t('alreadyOnAccount'))
        else notify.success(answer.redeemGiftCard.message || t('added'))
        await onRedeemed()
      }}
    />
  )
}

/**
 * A gift card's number and one button: what the button does with the number is the caller's (redeem
 * it into the account, or check it to pay with at checkout). Every refusal reads the same (spec 8);
 * a throttled attempt says how long to wait. The field empties once the call succeeds.
 */
export function GiftCardNumberForm({ onNumber, buttonLabel, insideForm = false }: { onNumber: (gcNumber: string) => Promise<void>; buttonLabel: string; insideForm?: boolean }) {
  const t = useTranslations('giftCards')
  const [gcNumber, setGcNumber] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const { formRef, errors, busy, onSubmit, submitNow } = useFormSubmission<'gcNumber'>(t)

  const submission = {
    check: () => (gcNumber.trim() === '' ? { gcNumber: 'numberRequired' } : {}),
    send: async () => {
      setProblem(null)
      try {
        await onNumber(gcNumber.trim())
        setGcNumber('')
      } catch (error) {
        const message = error instanceof CheckoutApiError && error.status === 429 && error.serverMessage ? error.serverMessage : t('refused')
        notify.error(message)
        setProblem(message)
        throw new Error(message)
      }
    },
  }

  const fields = (
    <>
      <div className="flex-1">
        <TextField
          label={t('number')}
          name="gcNumber"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={gcNumber}
          onChange={(event) => setGcNumber(event.target.value)}
          error={errors.gcNumber}
        />
        <div className="mt-2">
          <FormAlert message={problem} />
        </div>
      </div>
      {/* Inside a checkout step the step's Continue is the primary button. */}
      <SubmitButton busy={busy} busyLabel={t('busy')} secondary={insideForm} className="w-full sm:mt-7 sm:w-auto" onClick={insideForm ? submitNow(submission) : undefined}>
        {buttonLabel}
      </SubmitButton>
    </>
  )
  const layout = 'flex flex-col gap-3 sm:flex-row sm:items-start'
  if (insideForm) {
    return (
      <div
        ref={formRef}
        role="group"
        aria-label={t('heading')}
        className={layout}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return
          event.preventDefault()
          submitNow(submission)()
        }}
      >
        {fields}
      </div>
    )
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit(submission)} className={layout}>
      {fields}
    </form>
  )
}

/** One gift card: last four characters, balance of the amount it started with, expiry. */
export function GiftCardList({ cards }: { cards: GiftCard[] }) {
  const t = useTranslations('giftCards')
  return (
    <ul role="list" className="grid gap-3 sm:grid-cols-2">
      {cards.map((card) => {
        const expired = isExpired(card)
        return (
          <li key={card.id} className="rounded-card border border-line p-4">
            <p className="font-semibold text-ink">{t('cardEnding', { last4: card.last4 })}</p>
            <p className="mt-1 text-2xl font-bold text-ink tabular-nums">{formatPrice(card.balance)}</p>
            <p className="mt-1 text-sm text-muted">
              {t('ofAmount', { amount: formatPrice(card.initialAmount) })}
              {card.expiresAt ? (
                <>
                  {' · '}
                  {expired ? t('expired') : t('expires', { date: formatDate(card.expiresAt) })}
                </>
              ) : null}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

/** me/gift-cards: the customer's cards with their balances, and the redeem form. */
export function GiftCardsSection() {
  const t = useTranslations('giftCards')
  const { cards, failed, reload } = useGiftCards(true)
  return (
    <section aria-labelledby="gift-cards-heading" className="space-y-8">
      <div>
        <h2 id="gift-cards-heading" className="text-xl font-semibold text-ink">
          {t('heading')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      </div>
      <div className="max-w-xl">
        <GiftCardRedeemForm onRedeemed={reload} />
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadError')}
        </p>
      ) : cards === null ? (
        <p role="status" className="text-muted">
          {t('loading')}
        </p>
      ) : cards.length === 0 ? (
        <div className="rounded-card border border-dashed border-line px-6 py-10 text-center">
          <p className="text-lg font-semibold text-ink">{t('none')}</p>
          <p className="mt-2 text-muted">{t('noneBody')}</p>
        </div>
      ) : (
        <GiftCardList cards={cards} />
      )}
    </section>
  )
}
