'use client'

import { useTranslations } from 'next-intl'
import { formatDayWindow } from '@/isomorphic/business-days'
import type { DeliveryOptionData } from '@/isomorphic/cart-types'

/** Under a delivery option's name: the store's description and when the order arrives with it. */
export function DeliveryOptionDetails({ option }: { option: DeliveryOptionData }) {
  const t = useTranslations('checkout')
  return (
    <>
      {option.arrival && option.error === null ? (
        <span className="mt-0.5 block font-medium text-ink" data-testid="delivery-arrival">
          {t('arrives', { window: formatDayWindow(option.arrival) })}
        </span>
      ) : null}
      {option.description ? <span className="mt-0.5 block text-muted">{option.description}</span> : null}
    </>
  )
}
