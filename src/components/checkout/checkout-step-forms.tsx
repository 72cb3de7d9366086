'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useEffect } from 'react'
import { mayBuyForResale } from '@/client/checkout/resale'
import { PURCHASE_ORDER_NUMBER_MAX, PURCHASE_ORDER_PROVIDER } from '@/client/checkout/checkout-steps'
import type { CartExtraOption } from '@/client/stores/cart-store'
import type { PartnerAddress } from '@/client/stores/address-store'
import { type CheckoutAddress, emptyCheckoutAddress } from '@/client/stores/checkout-store'
import { useUserStore } from '@/client/stores/user-store'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import type { CountryLookup } from '@/isomorphic/country-lookup'
import { formatDate, formatPrice } from '@/isomorphic/format'
import type { OrderExtraField, PaymentAcquirer } from '@/isomorphic/contract/queries'
import { CheckboxField, SelectField, TextField } from '../account/form-controls'
import { AddressBookChoice, CheckoutAddressFields } from './checkout-address-fields'

// The bodies of the checkout's steps. Each is given its values and reports changes; the checkout
// view keeps the state and runs the checks. Error values are message keys of 'checkout'.

export type Errors = Record<string, string>

export function useMessage(errors: Errors) {
  const t = useTranslations('checkout')
  return (field: string) => (errors[field] ? t(errors[field]) : null)
}

export function ContactForm({ name, email, readOnly, errors, onChange }: { name: string; email: string; readOnly: boolean; errors: Errors; onChange: (patch: { name?: string; email?: string }) => void }) {
  const t = useTranslations('checkout')
  const message = useMessage(errors)
  // A signed-in customer is who the order is for: nothing to type, so no fields to go through.
  if (readOnly) return <p className="text-sm break-words text-muted">{t('contactSignedInAs', { name, email })}</p>
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('name')} name="name" autoComplete="name" required maxLength={120} value={name} onChange={(event) => onChange({ name: event.target.value })} error={message('name')} />
        <TextField
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={254}
          value={email}
          onChange={(event) => onChange({ email: event.target.value })}
          error={message('email')}
        />
      </div>
    </>
  )
}

type AddressFormProps = {
  section: 'billing' | 'shipping'
  address: CheckoutAddress
  book: PartnerAddress[]
  countries: WebsiteCountry[]
  lookup: CountryLookup
  errors: Errors
  onChange: (address: CheckoutAddress) => void
  /** The address takes the name typed in Contact (billing): no name field of its own. */
  nameFromContact?: boolean
}

/** A saved address to choose (signed in), or the fields to type one. */
export function AddressChoiceForm({ section, address, book, countries, lookup, errors, onChange, nameFromContact = false }: AddressFormProps) {
  const entering = !book.some((saved) => saved.id === address.id)
  return (
    <>
      {book.length > 0 ? (
        <AddressBookChoice section={section} book={book} address={address} lookup={lookup} onChoose={onChange} onNew={() => onChange(emptyCheckoutAddress)} entering={entering} />
      ) : null}
      {entering ? <CheckoutAddressFields section={section} address={address} countries={countries} errors={errors} onChange={onChange} nameFromContact={nameFromContact} /> : null}
    </>
  )
}

/**
 * 'For resale' (tax-free): offered only to a signed-in partner with a valid resale certificate on
 * file (getPartner's resaleCertificate); the server refuses it for anyone else. A choice left
 * ticked from before (another account, an expired certificate) is cleared.
 */
export function ResaleCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations('checkout')
  const certificate = useUserStore((state) => (state.isAuthenticated ? (state.user?.resaleCertificate ?? null) : null))
  // While a signed-in partner is still loading nothing is known yet: the choice is left alone.
  const known = useUserStore((state) => !state.isAuthenticated || state.user !== null)
  const allowed = mayBuyForResale(certificate)
  useEffect(() => {
    if (known && !allowed && checked) onChange(false)
  }, [known, allowed, checked, onChange])
  if (!allowed) return null
  return (
    <CheckboxField
      label={
        <>
          {t('forResale')}
          <span className="block text-muted">
            {certificate!.expiresAt
              ? t('resaleCertificateUntil', { last4: certificate!.last4, date: formatDate(certificate!.expiresAt) })
              : t('resaleCertificate', { last4: certificate!.last4 })}
          </span>
        </>
      }
      name="orderForResale"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  )
}

export function SameAsBillingCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useTranslations('checkout')
  return <CheckboxField label={t('sameAsBilling')} name="sameAsBilling" checked={checked} onChange={(event) => onChange(event.target.checked)} />
}

type ExtrasProps = {
  fields: OrderExtraField[]
  inputs: Record<string, string>
  options: CartExtraOption[]
  chosenOptions: CartExtraOption[]
  errors: Errors
  onInput: (name: string, value: string) => void
  onOptions: (chosen: CartExtraOption[]) => void
}

/** The store's extra fields (text, textarea, select, checkbox, date) and its order options. */
export function ExtrasForm({ fields, inputs, options, chosenOptions, errors, onInput, onOptions }: ExtrasProps) {
  const t = useTranslations('checkout')
  const message = useMessage(errors)
  const chosen = new Set(chosenOptions.map((option) => option.name))
  return (
    <>
      {fields.map((field) => {
        const value = inputs[field.name] ?? ''
        const label: ReactNode = field.isRequired ? field.label : t('optional', { label: field.label })
        const common = { name: `extra-${field.name}`, error: message(field.name), required: field.isRequired }
        switch (field.fieldType) {
          case 'select':
            return (
              <SelectField key={field.id} label={label} value={value} onChange={(event) => onInput(field.name, event.target.value)} {...common}>
                <option value="">{field.placeholder ?? t('choose')}</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
            )
          case 'checkbox':
            return (
              <div key={field.id}>
                <CheckboxField label={field.label} name={common.name} checked={value === 'true'} aria-invalid={common.error ? true : undefined} onChange={(event) => onInput(field.name, event.target.checked ? 'true' : '')} />
                {common.error ? (
                  <p className="text-sm text-danger" data-error tabIndex={-1}>
                    {common.error}
                  </p>
                ) : null}
              </div>
            )
          case 'date':
            return <TextField key={field.id} label={label} type="date" value={value} onChange={(event) => onInput(field.name, event.target.value)} {...common} />
          case 'textarea':
          case 'text':
          default:
            return (
              <TextField key={field.id} label={label} value={value} maxLength={500} placeholder={field.placeholder ?? undefined} onChange={(event) => onInput(field.name, event.target.value)} {...common} />
            )
        }
      })}
      {options.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{t('orderOptions')}</legend>
          <div className="mt-2">
            {options.map((option) => (
              <CheckboxField
                key={option.name}
                name={`option-${option.name}`}
                label={
                  <>
                    {option.label} <span className="text-muted tabular-nums">{option.price > 0 ? `+${formatPrice(option.price)}` : t('free')}</span>
                  </>
                }
                checked={chosen.has(option.name)}
                onChange={(event) => onOptions(event.target.checked ? [...chosenOptions, option] : chosenOptions.filter((candidate) => candidate.name !== option.name))}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  )
}

type PaymentProps = {
  methods: PaymentAcquirer[]
  chosen: number | null
  errors: Errors
  onChoose: (method: PaymentAcquirer) => void
  /** The purchase order number a "Purchase order" payment asks for (at checkout, where the order is made). */
  purchaseOrderNumber?: string
  onPurchaseOrderNumber?: (value: string) => void
}

export function PaymentChoice({ methods, chosen, errors, onChoose, purchaseOrderNumber, onPurchaseOrderNumber }: PaymentProps) {
  const t = useTranslations('checkout')
  const message = useMessage(errors)
  if (methods.length === 0) return <p className="text-sm text-muted">{t('noPaymentMethods')}</p>
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{t('paymentMethods')}</legend>
      <div className="mt-3 space-y-2">
        {methods.map((method) => (
          <label key={method.id} className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${method.id === chosen ? 'border-ink' : 'border-line'}`}>
            <input type="radio" name="paymentMethod" checked={method.id === chosen} onChange={() => onChoose(method)} className="mt-0.5 size-4 shrink-0 accent-accent" />
            <span className="min-w-0">
              <span className="block font-medium text-ink">{method.name}</span>
              {method.instructions ? <span className="mt-1 block text-muted">{method.instructions}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {onPurchaseOrderNumber && methods.some((method) => method.id === chosen && method.provider === PURCHASE_ORDER_PROVIDER) ? (
        <div className="mt-4 sm:max-w-xs">
          <TextField
            label={t('purchaseOrderNumber')}
            name="purchaseOrderNumber"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={PURCHASE_ORDER_NUMBER_MAX}
            value={purchaseOrderNumber ?? ''}
            onChange={(event) => onPurchaseOrderNumber(event.target.value)}
            error={message('purchaseOrderNumber')}
          />
        </div>
      ) : null}
      {message('payment') ? (
        <p className="mt-2 text-sm text-danger" data-error tabIndex={-1}>
          {message('payment')}
        </p>
      ) : null}
    </fieldset>
  )
}
