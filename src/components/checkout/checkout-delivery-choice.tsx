'use client'

import { useTranslations } from 'next-intl'
import type { DeliveryOptionData } from '@/isomorphic/cart-types'
import { type DaySpan, dayOf, formatBusinessDays, formatDayWindow, inHandsRisk, isDay } from '@/isomorphic/business-days'
import { formatPrice } from '@/isomorphic/format'
import { FormAlert } from '../account/form-controls'
import { type Errors, useMessage } from './checkout-step-forms'
import { DeliveryOptionDetails } from './delivery-option-details'

// The checkout's delivery step body, loaded when the step is opened (checkout-view): most shoppers
// keep the delivery method chosen for them and never open it.

type DeliveryProps = {
  options: DeliveryOptionData[]
  chosen: number | null
  waiting: boolean
  addressMissing: boolean
  problem: string | null
  errors: Errors
  onChoose: (id: number) => void
  /** The cart's production time, business days; null: the store states none. */
  leadTime?: DaySpan | null
  inHandsDate?: string
  onInHandsDate?: (day: string) => void
}

/** The delivery methods the server priced for the shipping address; one that cannot deliver says why. */
export function DeliveryChoice({ options, chosen, waiting, addressMissing, problem, errors, onChoose, leadTime = null, inHandsDate = '', onInHandsDate }: DeliveryProps) {
  const t = useTranslations('checkout')
  const message = useMessage(errors)
  if (addressMissing) return <p className="text-sm text-muted">{t('deliveryNeedsAddress')}</p>
  const arrival = options.find((option) => option.id === chosen)?.arrival ?? null
  const risk = arrival && isDay(inHandsDate) ? inHandsRisk(inHandsDate, arrival) : null
  return (
    <>
    <fieldset aria-describedby={errors.delivery ? 'delivery-error' : undefined}>
      <legend className="text-sm font-semibold text-ink">{t('deliveryOptions')}</legend>
      {leadTime ? <p className="mt-1 text-sm text-muted" data-testid="checkout-lead-time">{t('leadTime', { days: formatBusinessDays(leadTime) })}</p> : null}
      {problem ? (
        <div className="mt-3">
          <FormAlert message={problem} />
        </div>
      ) : null}
      {options.length === 0 ? <p className="mt-2 text-sm text-muted">{waiting ? t('deliveryLoading') : t('noDeliveryOptions')}</p> : null}
      <div className="mt-3 space-y-2">
        {options.map((option) => {
          const unavailable = option.price === null
          return (
            <label
              key={option.id}
              className={`flex min-h-11 items-start gap-3 rounded-lg border p-3 text-sm ${option.id === chosen ? 'border-ink' : 'border-line'} ${unavailable ? 'cursor-not-allowed opacity-80' : 'cursor-pointer'}`}
            >
              <input
                type="radio"
                name="deliveryMethod"
                value={option.id}
                checked={option.id === chosen}
                disabled={unavailable}
                onChange={() => onChoose(option.id)}
                className="mt-0.5 size-4 shrink-0 accent-accent"
              />
              <span className="min-w-0 flex-1">
                <span className="flex justify-between gap-3">
                  <span className="font-medium text-ink">{option.name}</span>
                  <span className="shrink-0 text-ink tabular-nums">{option.price === null ? '—' : option.free || option.price === 0 ? t('free') : formatPrice(option.price)}</span>
                </span>
                <DeliveryOptionDetails option={option} />
                {option.error ? <span className="mt-1 block text-danger">{option.error}</span> : null}
              </span>
            </label>
          )
        })}
      </div>
      {message('delivery') ? (
        <p id="delivery-error" className="mt-2 text-sm text-danger" data-error tabIndex={-1}>
          {message('delivery')}
        </p>
      ) : null}
    </fieldset>
    {onInHandsDate ? (
      <div className="mt-5">
        <label htmlFor="in-hands-date" className="block text-sm font-semibold text-ink">
          {t('inHandsDate')}
        </label>
        <p id="in-hands-hint" className="mt-0.5 text-sm text-muted">
          {t('inHandsHint')}
        </p>
        <input
          id="in-hands-date"
          name="inHandsDate"
          type="date"
          value={inHandsDate}
          min={dayOf(new Date())}
          onChange={(event) => onInHandsDate(event.target.value)}
          aria-describedby={risk ? 'in-hands-hint in-hands-warning' : 'in-hands-hint'}
          className="field mt-2 w-full sm:w-56"
        />
        {risk && arrival ? (
          <p id="in-hands-warning" role="status" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="in-hands-warning">
            {t(risk === 'late' ? 'inHandsLate' : 'inHandsAtRisk', { window: formatDayWindow(arrival) })}
          </p>
        ) : null}
      </div>
    ) : null}
    </>
  )
}

