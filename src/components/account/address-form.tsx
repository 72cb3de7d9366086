'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { accountApi } from '@/client/session/session'
import type { AddressType, PartnerAddress } from '@/client/stores/address-store'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { addressPayload, type AddressValues, checkAddress } from '@/client/account/account-validation'
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from './form-controls'
import { useFormSubmission } from './use-form-submission'

type AddressFormProps = {
  type: AddressType
  partnerUid: string
  countries: WebsiteCountry[]
  /** The address being edited; null adds a new one. */
  initial: PartnerAddress | null
  /** Called with true once saved, false when cancelled. */
  onDone: (saved: boolean) => void
}

function valuesOf(address: PartnerAddress | null, countries: WebsiteCountry[]): AddressValues {
  // A store shipping to one country has nothing to choose.
  const onlyCountry = countries.length === 1 ? String(countries[0]!.id) : ''
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    street: address?.street ?? '',
    street2: address?.street2 ?? '',
    city: address?.city ?? '',
    countryId: address?.countryId != null ? String(address.countryId) : onlyCountry,
    stateId: address?.stateId != null ? String(address.stateId) : '',
    zip: address?.zip ?? '',
  }
}

/** The autocomplete token of each field. */
const AUTOFILL: Record<keyof AddressValues, string> = {
  name: 'name',
  phone: 'tel',
  street: 'address-line1',
  street2: 'address-line2',
  city: 'address-level2',
  countryId: 'country-name',
  stateId: 'address-level1',
  zip: 'postal-code',
}

/** Adds or edits one address of a book (mutation addAddress; with an id it updates that one). */
export function AddressForm({ type, partnerUid, countries, initial, onDone }: AddressFormProps) {
  const t = useTranslations('account')
  const [values, setValues] = useState<AddressValues>(() => valuesOf(initial, countries))
  const [isDefault, setIsDefault] = useState(
    (type === 'Billing' ? initial?.isDefaultBilling : initial?.isDefaultShipping) ?? false,
  )
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<keyof AddressValues>(t)
  const section = type === 'Billing' ? 'billing' : 'shipping'
  const country = countries.find((candidate) => String(candidate.id) === values.countryId)

  const change = (field: keyof AddressValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value
    setValues((current) => (field === 'countryId' ? { ...current, countryId: value, stateId: '' } : { ...current, [field]: value }))
  }

  // What each control takes from its field's name. The section keeps the two books apart when a
  // browser fills them in.
  const field = (name: keyof AddressValues) => ({
    name,
    autoComplete: `section-${section} ${section} ${AUTOFILL[name]}`,
    value: values[name],
    onChange: change(name),
    error: errors[name],
  })

  const submit = onSubmit({
    check: () => checkAddress(values, countries),
    send: async () => {
      await accountApi.addAddress(
        {
          ...(initial ? { id: initial.id } : {}),
          ...addressPayload(values),
          // The other book's default flag is kept as it was.
          isDefaultBilling: type === 'Billing' ? isDefault : (initial?.isDefaultBilling ?? false),
          isDefaultShipping: type === 'Shipping' ? isDefault : (initial?.isDefaultShipping ?? false),
        },
        type,
        partnerUid,
      )
      onDone(true)
    },
    leaves: true,
  })

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      <FormAlert message={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('fullName')} required maxLength={100} {...field('name')} />
        <TextField label={t('phoneOptional')} type="tel" inputMode="tel" maxLength={30} {...field('phone')} />
      </div>
      <TextField label={t('street')} required maxLength={200} {...field('street')} />
      <TextField label={t('street2')} maxLength={200} {...field('street2')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('city')} required maxLength={100} {...field('city')} />
        <TextField label={t('zip')} required maxLength={20} {...field('zip')} />
      </div>
      {countries.length > 0 ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label={t('country')} required {...field('countryId')}>
            <option value="">{t('chooseCountry')}</option>
            {countries.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
          {country && country.states.length > 0 ? (
            <SelectField label={t('state')} required {...field('stateId')}>
              <option value="">{t('chooseState')}</option>
              {country.states.map((state) => (
                <option key={state.id} value={String(state.id)}>
                  {state.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <CheckboxField
        label={type === 'Billing' ? t('makeDefaultBilling') : t('makeDefaultShipping')}
        name="isDefault"
        checked={isDefault}
        onChange={(event) => setIsDefault(event.target.checked)}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton busy={busy} busyLabel={t('busy')} className="w-full sm:w-auto">
          {t('saveAddress')}
        </SubmitButton>
        <button type="button" disabled={busy} onClick={() => onDone(false)} className="btn btn-secondary w-full sm:w-auto">
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
