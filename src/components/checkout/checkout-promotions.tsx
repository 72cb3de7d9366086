'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import { Link } from '@/i18n/navigation'
import { formatPrice } from '@/isomorphic/format'
import { checkoutApi } from '@/client/checkout/checkout-api'
import { useGiftCardNumberStore } from '@/client/checkout/gift-card-number-store'
import { notify } from '@/client/notify'
import { GiftCardNumberForm, GiftCardRedeemForm, useGiftCards } from '../account/gift-cards-section'
import { CheckboxField } from '../account/form-controls'

// The checkout's gift cards step, loaded when it is opened (checkout-view). The promo code field is
// always in view instead (checkout-promo-code.tsx, issue 27).

type GiftCardsProps = { signedIn: boolean; useGiftCards: boolean }

/**
 * For a signed-in customer the gift card balance to use and a card to redeem; for a guest a card's
 * number to pay with (its balance checked first, as Shopify does), and the way to sign in for the
 * cards on an account.
 */
export function CheckoutGiftCards({ signedIn, useGiftCards: using }: GiftCardsProps) {
  const t = useTranslations('checkout')
  const giftCards = useGiftCards(signedIn)
  return (
    <>
      {signedIn ? (
        <div className="space-y-4">
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
        <GuestGiftCard />
      )}
    </>
  )
}

/** A guest's gift card: its number checked and applied, or the card applied with its balance and a way to remove it. */
function GuestGiftCard() {
  const t = useTranslations('checkout')
  const applied = useGiftCardNumberStore((state) => state.card)
  const signInLink = (chunks: ReactNode) => (
    <Link href="/login?returnTo=%2Fcheckout" className="font-medium text-accent underline underline-offset-4">
      {chunks}
    </Link>
  )
  return (
    <div className="space-y-4">
      {applied ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line px-4 py-3" data-testid="applied-gift-card">
          <p className="text-sm text-ink">
            <span className="font-semibold">{t('giftCardEnding', { last4: applied.last4 })}</span>
            <span className="text-muted"> · {t('giftCardBalance', { balance: formatPrice(applied.balance) })}</span>
          </p>
          <button
            type="button"
            className="min-h-11 rounded-md px-3 text-sm font-medium text-accent underline underline-offset-4"
            onClick={() => useGiftCardNumberStore.getState().remove()}
          >
            {t('giftCardRemove')}
          </button>
        </div>
      ) : (
        <GiftCardNumberForm
          insideForm
          buttonLabel={t('giftCardApply')}
          onNumber={async (gcNumber) => {
            const { checkGiftCard: card } = await checkoutApi.checkGiftCard(gcNumber)
            if (card.balance <= 0) {
              notify.info(t('giftCardEmpty', { last4: card.last4 }))
              return
            }
            useGiftCardNumberStore.getState().apply({ number: gcNumber, last4: card.last4, balance: card.balance })
            notify.success(t('giftCardApplied', { last4: card.last4 }))
          }}
        />
      )}
      <p className="text-sm text-muted">{t.rich('giftCardsSignInGuest', { link: signInLink })}</p>
    </div>
  )
}
