'use client'

import { useTranslations } from 'next-intl'
import { useCheckoutChoicesStore } from '@/client/checkout/checkout-choices-store'
import { Link } from '@/i18n/navigation'
import { formatPrice } from '@/isomorphic/format'
import { GiftCardRedeemForm, useGiftCards } from '../account/gift-cards-section'
import { CheckboxField } from '../account/form-controls'

// The checkout's gift cards step, loaded when it is opened (checkout-view). The promo code field is
// always in view instead (checkout-promo-code.tsx, issue 27).

type GiftCardsProps = { signedIn: boolean; useGiftCards: boolean }

/** For a signed-in customer the gift card balance to use and a card to redeem, for a guest the way to sign in for them. */
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
        <p className="text-sm text-muted">
          {t.rich('giftCardsSignIn', { link: (chunks) => <Link href="/login?returnTo=%2Fcheckout" className="font-medium text-accent underline underline-offset-4">{chunks}</Link> })}
        </p>
      )}
    </>
  )
}
