'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import { Link } from '@/i18n/navigation'
import { formatPrice } from '@/isomorphic/format'
import { GiftCardRedeemForm, useGiftCards } from '../account/gift-cards-section'
import { CheckboxField, TextField } from '../account/form-controls'

// The checkout's promo code and gift cards step, loaded when it is opened (checkout-view).

type PromoProps = {
  applied: string
  problem: string | null
  busy: boolean
  onApply: (code: string) => void
  onRemove: () => void
}

/** A promo code: applied once the server has priced the order with it; its refusal said beside it. */
export function PromoCodeForm({ applied, problem, busy, onApply, onRemove }: PromoProps) {
  const t = useTranslations('checkout')
  const [code, setCode] = useState(applied)
  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3 text-sm">
        <span className="text-ink">{t('promoApplied', { code: applied })}</span>
        <button type="button" onClick={onRemove} className="inline-flex min-h-11 items-center rounded-full px-3 font-medium text-muted hover:bg-soft hover:text-danger">
          {t('promoRemove')}
        </button>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          label={t('promoCode')}
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than continuing to the next step.
            if (event.key === 'Enter') {
              event.preventDefault()
              if (code.trim()) onApply(code.trim())
            }
          }}
          error={problem}
        />
      </div>
      <button type="button" disabled={busy || code.trim() === ''} onClick={() => onApply(code.trim())} className="btn btn-secondary w-full sm:mt-7 sm:w-auto">
        {busy ? t('busy') : t('promoApply')}
      </button>
    </div>
  )
}

type PromotionsProps = PromoProps & { signedIn: boolean; useGiftCards: boolean }

/** A promo code; for a signed-in customer the gift card balance to use and a card to redeem, for a guest the way to sign in for them. */
export function CheckoutPromotions({ signedIn, useGiftCards: using, ...promo }: PromotionsProps) {
  const t = useTranslations('checkout')
  const giftCards = useGiftCards(signedIn)
  return (
    <>
      <PromoCodeForm {...promo} />
      {signedIn ? (
        <div className="space-y-4 border-t border-line pt-5">
          <h3 className="text-sm font-semibold text-ink">{t('giftCards')}</h3>
          {giftCards.balance > 0 ? (
            <CheckboxField
              name="useGiftCards"
              label={t('useGiftCards', { balance: formatPrice(giftCards.balance) })}
              checked={using}
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
    </>
  )
}
