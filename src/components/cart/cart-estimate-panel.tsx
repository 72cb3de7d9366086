'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'
import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartLine } from '@/client/stores/cart-store'
import type { CartAddressData, CartSummaryData } from '@/isomorphic/cart-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { formatPrice } from '@/isomorphic/format'
import { FormAlert, SelectField, TextField } from '../account/form-controls'
import { requestCartSummary } from '@/client/cart/use-cart-summary'
import { DeliveryOptionDetails } from '../checkout/delivery-option-details'
import { useCheckoutStore } from '@/client/stores/checkout-store'

/** The estimate's country and ZIP start the checkout's address while nothing else was typed there. */
function carryToCheckout(countryId: number, zip: string): void {
  const { billing } = useCheckoutStore.getState()
  if (billing.id !== null || billing.street.trim() || billing.city.trim()) return
  useCheckoutStore.setState({ billing: { ...billing, countryId, stateId: billing.countryId === countryId ? billing.stateId : null, zip } })
}

type EstimatePanelProps = {
  lines: readonly CartLine[]
  countries: WebsiteCountry[]
  address: CartAddressData | null
  deliveryMethodId: number | null
  summary: CartSummaryData | null
  onAddress: (address: CartAddressData) => void
  onDeliveryMethod: (id: number) => void
}

/**
 * "Estimate delivery and tax": the country (one of the website's shipping countries) and the ZIP
 * give the delivery options with their prices — or why a method cannot deliver — and a chosen
 * option gives the tax (a US state comes from the ZIP; other countries with states ask for one).
 * The server checks the place before anything is shown; the ZIP and country then start the
 * checkout's address, so they are not typed twice.
 */
export function CartEstimatePanel({ lines, countries, address, deliveryMethodId, summary, onAddress, onDeliveryMethod }: EstimatePanelProps) {
  const t = useTranslations('cart')
  const [countryCode, setCountryCode] = useState(address?.countryCode ?? countries[0]?.code ?? '')
  const [stateCode, setStateCode] = useState(address?.stateCode ?? '')
  const [zip, setZip] = useState(address?.zip ?? '')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const country = countries.find((candidate) => candidate.code === countryCode) ?? null
  // The United States' state follows from the ZIP; other countries with states ask for it.
  const states = country && country.code.toUpperCase() !== 'US' ? country.states : []

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const wanted: CartAddressData = { countryCode, stateCode: states.length > 0 ? stateCode || null : null, zip, city: '', street: '' }
    setBusy(true)
    setProblem(null)
    try {
      // The address is checked (and the methods quoted) before it replaces the one shown.
      await requestCartSummary({ items: cartItemsOf(lines), address: wanted })
      onAddress(wanted)
      if (country) carryToCheckout(country.id, zip.trim())
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const methods = address ? (summary?.deliveryMethods ?? []) : []
  return (
    <section aria-labelledby="cart-estimate" className="rounded-card border border-line p-6">
      <h2 id="cart-estimate" className="text-lg font-semibold text-ink">
        {t('estimateHeading')}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('country')}
            name="country"
            value={countryCode}
            onChange={(event) => {
              setCountryCode(event.target.value)
              setStateCode('')
            }}
            required
          >
            {countries.length === 0 ? <option value="">{t('chooseCountry')}</option> : null}
            {countries.map((option) => (
              <option key={option.id} value={option.code}>
                {option.name}
              </option>
            ))}
          </SelectField>
          {states.length > 0 ? (
            <SelectField label={t('state')} name="state" value={stateCode} onChange={(event) => setStateCode(event.target.value)} required>
              <option value="">{t('chooseState')}</option>
              {states.map((option) => (
                <option key={option.id} value={option.code}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField label={t('zip')} name="zip" autoComplete="postal-code" value={zip} onChange={(event) => setZip(event.target.value)} required maxLength={20} />
        </div>
        <FormAlert message={problem} />
        <button type="submit" disabled={busy || lines.length === 0} aria-busy={busy || undefined} className="btn btn-secondary w-full">
          {busy ? t('estimating') : t('estimate')}
        </button>
      </form>

      {address ? (
        <fieldset className="mt-6">
          <legend className="text-sm font-semibold text-ink">{t('deliveryOptions')}</legend>
          {methods.length === 0 ? <p className="mt-2 text-sm text-muted">{t('noDeliveryOptions')}</p> : null}
          <div className="mt-3 space-y-2">
            {methods.map((method) => {
              const unavailable = method.price === null
              return (
                <label
                  key={method.id}
                  className={`flex min-h-11 items-start gap-3 rounded-lg border p-3 text-sm ${
                    method.id === deliveryMethodId ? 'border-ink' : 'border-line'
                  } ${unavailable ? 'cursor-not-allowed opacity-80' : 'cursor-pointer'}`}
                >
                  <input
                    type="radio"
                    name="deliveryMethod"
                    value={method.id}
                    checked={method.id === deliveryMethodId}
                    disabled={unavailable}
                    onChange={() => onDeliveryMethod(method.id)}
                    className="mt-0.5 size-4 shrink-0 accent-accent"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex justify-between gap-3">
                      <span className="font-medium text-ink">{method.name}</span>
                      <span className="shrink-0 text-ink tabular-nums">
                        {method.price === null ? '—' : method.free || method.price === 0 ? t('free') : formatPrice(method.price)}
                      </span>
                    </span>
                    <DeliveryOptionDetails option={method} />
                    {method.error ? <span className="mt-1 block text-danger">{method.error}</span> : null}
                  </span>
                </label>
              )
            })}
          </div>
        </fieldset>
      ) : null}
    </section>
  )
}
