'use client'

import { useTranslations } from 'next-intl'
import { checkoutAddressOf } from '@/client/checkout/checkout-address'
import type { PartnerAddress } from '@/client/stores/address-store'
import type { CheckoutAddress } from '@/client/stores/checkout-store'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import type { CountryLookup } from '@/isomorphic/country-lookup'
import { stateForZip, zipFitsState } from '@/isomorphic/us-zip-states'
import { SelectField, TextField } from '../account/form-controls'

type Section = 'billing' | 'shipping'

/** "1 Main St, Austin, TX 78701" */
export function addressLine(address: Pick<CheckoutAddress, 'street' | 'street2' | 'city' | 'zip' | 'stateId' | 'countryId'>, lookup: CountryLookup): string {
  const state = address.stateId === null ? null : (lookup.stateCode(address.stateId) ?? null)
  const country = address.countryId === null ? null : (lookup.country(address.countryId)?.name ?? null)
  return [address.street, address.street2, address.city, [state, address.zip].filter(Boolean).join(' '), country].filter(Boolean).join(', ')
}

const AUTOFILL: Record<keyof Omit<CheckoutAddress, 'id'>, string> = {
  name: 'name',
  phone: 'tel',
  street: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  countryId: 'country-name',
  stateId: 'address-level1',
  zip: 'postal-code',
}

type FieldsProps = {
  section: Section
  address: CheckoutAddress
  countries: WebsiteCountry[]
  errors: Record<string, string>
  onChange: (address: CheckoutAddress) => void
  /** The name comes from Contact: not asked again. */
  nameFromContact?: boolean
}

/** The address typed in: name, phone, street, city, ZIP, country and state of the store's shipping countries. */
export function CheckoutAddressFields({ section, address, countries, errors, onChange, nameFromContact = false }: FieldsProps) {
  const t = useTranslations('checkout')
  const country = countries.find((candidate) => candidate.id === address.countryId)
  // Typing changes the address: it is no longer the saved one it started from.
  const set = (patch: Partial<CheckoutAddress>) => onChange({ ...address, ...patch, id: null })
  const error = (field: string) => (errors[field] ? t(errors[field]) : null)
  const text = (field: 'name' | 'phone' | 'street' | 'street2' | 'city' | 'zip') => ({
    name: `${section}-${field}`,
    autoComplete: `section-${section} ${section} ${AUTOFILL[field]}`,
    value: address[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field === 'zip' ? withStateOfZip(event.target.value) : { [field]: event.target.value }),
    error: error(field),
  })
  // A US ZIP says its state: the state is filled in while none fitting the ZIP is chosen.
  const withStateOfZip = (zip: string): Partial<CheckoutAddress> => {
    if (!country || country.code.toUpperCase() !== 'US') return { zip }
    const chosen = country.states.find((state) => state.id === address.stateId)
    if (chosen && zipFitsState(zip, chosen.code)) return { zip }
    const code = stateForZip(zip)
    const state = code ? country.states.find((candidate) => candidate.code.toUpperCase() === code) : undefined
    return state ? { zip, stateId: state.id } : { zip }
  }

  const countrySelect = (
    <SelectField
      label={t('country')}
      name={`${section}-country`}
      autoComplete={`section-${section} ${section} ${AUTOFILL.countryId}`}
      required
      value={address.countryId === null ? '' : String(address.countryId)}
      onChange={(event) => set({ countryId: event.target.value ? Number(event.target.value) : null, stateId: null })}
      error={error('countryId')}
    >
      <option value="">{t('chooseCountry')}</option>
      {countries.map((candidate) => (
        <option key={candidate.id} value={String(candidate.id)}>
          {candidate.name}
        </option>
      ))}
    </SelectField>
  )
  const hasStates = country !== undefined && country.states.length > 0

  // In the order a shopper reads an address (Shopify's): name, street, city, state and ZIP, then
  // the country (chosen already when the store ships to one) and the phone.
  return (
    <div className="space-y-5">
      {nameFromContact ? null : <TextField label={t('fullName')} required maxLength={100} {...text('name')} />}
      <TextField label={t('street')} required maxLength={200} {...text('street')} />
      <TextField label={t('street2')} maxLength={200} {...text('street2')} />
      <div className={`grid gap-5 ${hasStates ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        <TextField label={t('city')} required maxLength={100} {...text('city')} />
        {hasStates ? (
          <SelectField
            label={t('state')}
            name={`${section}-state`}
            autoComplete={`section-${section} ${section} ${AUTOFILL.stateId}`}
            required
            value={address.stateId === null ? '' : String(address.stateId)}
            onChange={(event) => set({ stateId: event.target.value ? Number(event.target.value) : null })}
            error={error('stateId')}
          >
            <option value="">{t('chooseState')}</option>
            {country.states.map((state) => (
              <option key={state.id} value={String(state.id)}>
                {state.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField label={t('zip')} required maxLength={20} {...text('zip')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {countrySelect}
        <TextField label={t('phoneOptional')} type="tel" inputMode="tel" maxLength={30} {...text('phone')} />
      </div>
    </div>
  )
}

type BookProps = {
  section: Section
  book: PartnerAddress[]
  address: CheckoutAddress
  lookup: CountryLookup
  onChoose: (address: CheckoutAddress) => void
  /** "Enter a new address": the fields open empty. */
  onNew: () => void
  entering: boolean
}

/** A signed-in customer's saved addresses of one book, to choose from, and the way to type another. */
export function AddressBookChoice({ section, book, address, lookup, onChoose, onNew, entering }: BookProps) {
  const t = useTranslations('checkout')
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{section === 'billing' ? t('savedBilling') : t('savedShipping')}</legend>
      <div className="mt-3 space-y-2">
        {book.map((saved) => {
          const chosen = !entering && address.id === saved.id
          return (
            <label key={saved.id} className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${chosen ? 'border-ink' : 'border-line'}`}>
              <input
                type="radio"
                name={`${section}-saved`}
                checked={chosen}
                onChange={() => onChoose(checkoutAddressOf(saved))}
                className="mt-0.5 size-4 shrink-0 accent-accent"
              />
              <span className="min-w-0">
                <span className="block font-medium break-words text-ink">{saved.name}</span>
                <span className="block break-words text-muted">{addressLine(checkoutAddressOf(saved), lookup)}</span>
              </span>
            </label>
          )
        })}
        <label className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm ${entering ? 'border-ink' : 'border-line'}`}>
          <input type="radio" name={`${section}-saved`} checked={entering} onChange={onNew} className="size-4 shrink-0 accent-accent" />
          <span className="font-medium text-ink">{t('newAddress')}</span>
        </label>
      </div>
    </fieldset>
  )
}
