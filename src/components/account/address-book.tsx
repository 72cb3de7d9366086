'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useMemo, useRef, useState } from 'react'
import { notify } from '@/client/notify'
import { accountApi } from '@/client/session/session'
import { type AddressType, type PartnerAddress, useAddressStore } from '@/client/stores/address-store'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { type CountryLookup, createCountryLookup } from '@/isomorphic/country-lookup'
import { AddressForm } from './address-form'
import { messageOf } from './form-errors'

type BooksProps = { partnerUid: string; countries: WebsiteCountry[] }

/** /me/addresses: the Billing and the Shipping book. */
export function AddressBooks({ partnerUid, countries }: BooksProps) {
  const lookup = useMemo(() => createCountryLookup(countries), [countries])
  return (
    <div className="space-y-12">
      <AddressBook type="Billing" partnerUid={partnerUid} countries={countries} lookup={lookup} />
      <AddressBook type="Shipping" partnerUid={partnerUid} countries={countries} lookup={lookup} />
    </div>
  )
}

type BookProps = BooksProps & { type: AddressType; lookup: CountryLookup }

function AddressBook({ type, partnerUid, countries, lookup }: BookProps) {
  const t = useTranslations('account')
  const addresses = useAddressStore((state) => (type === 'Billing' ? state.billingAddresses : state.shippingAddresses))
  const setAddresses = useAddressStore((state) => state.setAddresses)
  const [loadFailed, setLoadFailed] = useState(false)
  const [editing, setEditing] = useState<PartnerAddress | 'new' | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = `${type.toLowerCase()}-addresses`

  const reload = useMemo(
    () => async () => {
      const { addresses: fresh } = await accountApi.getAddresses(type, partnerUid)
      setAddresses(type, fresh)
    },
    [type, partnerUid, setAddresses],
  )

  // The stored book shows at once; the server's copy replaces it when it arrives.
  useEffect(() => {
    reload().then(
      () => setLoadFailed(false),
      (error: unknown) => {
        console.error(`Could not load the ${type} addresses:`, error)
        setLoadFailed(true)
      },
    )
  }, [reload, type])

  const finish = async (saved: boolean) => {
    setEditing(null)
    headingRef.current?.focus()
    if (!saved) return
    notify.success(t('addressSaved'))
    await reload().catch((error: unknown) => console.error(`Could not reload the ${type} addresses:`, error))
  }

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
          {type === 'Billing' ? t('billingHeading') : t('shippingHeading')}
        </h2>
        {editing === null ? (
          <button type="button" onClick={() => setEditing('new')} className="btn btn-secondary">
            {type === 'Billing' ? t('addBilling') : t('addShipping')}
          </button>
        ) : null}
      </div>

      {loadFailed ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('addressesLoadError')}
        </p>
      ) : null}

      {editing !== null ? (
        <div className="mt-4 rounded-card border border-line p-4 sm:p-6">
          <h3 className="mb-4 text-base font-semibold text-ink">
            {editing === 'new' ? (type === 'Billing' ? t('newBilling') : t('newShipping')) : t('editAddressHeading')}
          </h3>
          <AddressForm
            type={type}
            partnerUid={partnerUid}
            countries={countries}
            initial={editing === 'new' ? null : editing}
            onDone={(saved) => void finish(saved)}
          />
        </div>
      ) : null}

      {addresses.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line px-4 py-8 text-center text-muted">{t('noAddresses')}</p>
      ) : (
        <ul role="list" className="mt-4 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              type={type}
              partnerUid={partnerUid}
              lookup={lookup}
              onEdit={() => setEditing(address)}
              editing={editing !== null}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

type CardProps = {
  address: PartnerAddress
  type: AddressType
  partnerUid: string
  lookup: CountryLookup
  onEdit: () => void
  editing: boolean
}

function AddressCard({ address, type, partnerUid, lookup, onEdit, editing }: CardProps) {
  const t = useTranslations('account')
  const tAuth = useTranslations('auth')
  const forgetAddress = useAddressStore((state) => state.forgetAddress)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const isDefault = type === 'Billing' ? address.isDefaultBilling : address.isDefaultShipping
  const stateCode = address.stateId === null ? null : lookup.stateCode(address.stateId)
  const country = address.countryId === null ? null : lookup.country(address.countryId)

  const remove = async () => {
    setBusy(true)
    try {
      await accountApi.deleteAddress(address.id, partnerUid)
      forgetAddress(address.id)
      notify.success(t('addressDeleted'))
    } catch (error) {
      notify.error(messageOf(error, tAuth('genericError')))
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <li className="flex flex-col rounded-card border border-line p-4">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold break-words text-ink">{address.name}</p>
        {isDefault ? (
          <span className="shrink-0 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-strong">
            {type === 'Billing' ? t('defaultBilling') : t('defaultShipping')}
          </span>
        ) : null}
      </div>
      <address className="mt-1 text-sm leading-6 break-words text-muted not-italic">
        {address.street}
        {address.street2 ? <br /> : null}
        {address.street2}
        <br />
        {[address.city, [stateCode, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        {country ? (
          <>
            <br />
            {country.name}
          </>
        ) : null}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </address>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {confirming ? (
          <>
            <span className="text-sm font-medium text-ink">{t('confirmDelete')}</span>
            <button
              type="button"
              disabled={busy}
              onClick={() => void remove()}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-danger hover:bg-soft disabled:opacity-55"
            >
              {busy ? t('busy') : t('confirmDeleteYes')}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(false)}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink hover:bg-soft"
            >
              {t('cancel')}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              disabled={editing}
              onClick={onEdit}
              aria-label={t('editLabel', { name: address.name })}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-accent hover:bg-soft disabled:opacity-55"
            >
              {t('edit')}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={t('deleteLabel', { name: address.name })}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-muted hover:bg-soft hover:text-danger"
            >
              {t('delete')}
            </button>
          </>
        )}
      </div>
    </li>
  )
}
