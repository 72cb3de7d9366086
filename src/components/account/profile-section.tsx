'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'
import { notify } from '@/client/notify'
import { accountApi } from '@/client/session/session'
import type { Partner } from '@/client/stores/user-store'
import { formatPrice } from '@/shared/money-format'
import { checkNewPassword, checkPassword, collectErrors, PASSWORD_MAX } from './account-validation'
import { focusFirstInvalid, FormAlert, PasswordField, SubmitButton } from './form-controls'
import { messageOf } from './form-errors'

/** /me: who is signed in, and the password change. */
export function ProfileSection({ user }: { user: Partner }) {
  const t = useTranslations('account')
  return (
    <div className="space-y-10">
      <section aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="text-xl font-semibold text-ink">
          {t('details')}
        </h2>
        <dl className="mt-4 divide-y divide-line rounded-card border border-line">
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
            <dt className="text-sm text-muted">{t('name')}</dt>
            <dd className="break-words text-ink">{user.name}</dd>
          </div>
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
            <dt className="text-sm text-muted">{t('email')}</dt>
            <dd className="break-words text-ink">{user.email}</dd>
          </div>
          {user.phone ? (
            <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-muted">{t('phone')}</dt>
              <dd className="break-words text-ink">{user.phone}</dd>
            </div>
          ) : null}
          {typeof user.budgetAmount === 'number' ? (
            <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-muted">{t('budget')}</dt>
              <dd className="text-ink">
                <span className="font-semibold">{formatPrice(user.budgetAmount)}</span>{' '}
                <span className="text-sm text-muted">{t('budgetNote')}</span>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <ChangePasswordForm email={user.email} />
    </div>
  )
}

type Fields = 'currentPassword' | 'newPassword'

function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations('account')
  const tAuth = useTranslations('auth')
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<Fields, string>>({ currentPassword: '', newPassword: '' })
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const change = (field: Fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = collectErrors({
      currentPassword: checkPassword(values.currentPassword),
      newPassword: checkNewPassword(values.newPassword),
    })
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, tAuth(key)])))
    setFailure(null)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      await accountApi.updatePassword(values)
      setValues({ currentPassword: '', newPassword: '' })
      notify.success(t('passwordChanged'))
    } catch (error) {
      setFailure(messageOf(error, tAuth('genericError')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-semibold text-ink">
        {t('changePassword')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('passwordChangedNote')}</p>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="mt-4 max-w-md space-y-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormAlert message={failure} />
        <PasswordField
          label={t('currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          value={values.currentPassword}
          onChange={change('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordField
          label={t('newPassword')}
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={PASSWORD_MAX}
          hint={tAuth('passwordRule')}
          value={values.newPassword}
          onChange={change('newPassword')}
          error={errors.newPassword}
        />
        <SubmitButton busy={busy} busyLabel={t('busy')} className="w-full sm:w-auto">
          {t('savePassword')}
        </SubmitButton>
      </form>
    </section>
  )
}
