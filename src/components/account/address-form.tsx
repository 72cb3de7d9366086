'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'
import { accountApi } from '@/client/session/session'
import type { AddressType, PartnerAddress } from '@/client/stores/address-store'
import type { WebsiteCountry } from '@/shared/catalog-types'
import { addressPayload, type AddressValues, checkAddress } from './account-validation'
import { CheckboxField, focusFirstInvalid, FormAlert, SelectField, SubmitButton, TextField } from './form-controls'
import { messageOf } from './form-errors'

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

/** Adds or edits one address of a book (mutation addAddress; with an id it updates that one). */
export function AddressForm({ type, partnerUid, countries, initial, onDone }: AddressFormProps) {
  const t = useTranslations('account')
  const tAuth = useTranslations('auth')
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<AddressValues>(() => valuesOf(initial, countries))
  const [isDefault, setIsDefault] = useState(
    (type === 'Billing' ? initial?.isDefaultBilling : initial?.isDefaultShipping) ?? false,
  )
  const [errors, setErrors] = useState<Partial<Record<keyof AddressValues, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const section = type === 'Billing' ? 'billing' : 'shipping'
  const country = countries.find((candidate) => String(candidate.id) === values.countryId)

  const change = (field: keyof AddressValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value
    setValues((current) => (field === 'countryId' ? { ...current, countryId: value, stateId: '' } : { ...current, [field]: value }))
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = checkAddress(values, countries)
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])))
    setFailure(null)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
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
    } catch (error) {
      setFailure(messageOf(error, tAuth('genericError')))
      setBusy(false)
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <FormAlert message={failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('fullName')}
          name="name"
          autoComplete={`section-${section} ${section} name`}
          required
          maxLength={100}
          value={values.name}
          onChange={change('name')}
          error={errors.name}
        />
        <TextField
          label={t('phoneOptional')}
          type="tel"
          name="phone"
          autoComplete={`section-${section} ${section} tel`}
          inputMode="tel"
          maxLength={30}
          value={values.phone}
          onChange={change('phone')}
        />
      </div>
      <TextField
        label={t('street')}
        name="street"
        autoComplete={`section-${section} ${section} address-line1`}
        required
        maxLength={200}
        value={values.street}
        onChange={change('street')}
        error={errors.street}
      />
      <TextField
        label={t('street2')}
        name="street2"
        autoComplete={`section-${section} ${section} address-line2`}
        maxLength={200}
        value={values.street2}
        onChange={change('street2')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('city')}
          name="city"
          autoComplete={`section-${section} ${section} address-level2`}
          required
          maxLength={100}
          value={values.city}
          onChange={change('city')}
          error={errors.city}
        />
        <TextField
          label={t('zip')}
          name="zip"
          autoComplete={`section-${section} ${section} postal-code`}
          required
          maxLength={20}
          value={values.zip}
          onChange={change('zip')}
          error={errors.zip}
        />
      </div>
      {countries.length > 0 ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t('country')}
            name="countryId"
            autoComplete={`section-${section} ${section} country-name`}
            required
            value={values.countryId}
            onChange={change('countryId')}
            error={errors.countryId}
          >
            <option value="">{t('chooseCountry')}</option>
            {countries.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
          {country && country.states.length > 0 ? (
            <SelectField
              label={t('state')}
              name="stateId"
              autoComplete={`section-${section} ${section} address-level1`}
              required
              value={values.stateId}
              onChange={change('stateId')}
              error={errors.stateId}
            >
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
