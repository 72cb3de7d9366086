'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode } from 'react'
import { notify } from '@/client/notify'
import { accountApi } from '@/client/session/session'
import type { Partner } from '@/client/stores/user-store'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { checkNewPassword, checkPassword, collectErrors, PASSWORD_MAX } from '@/client/account/account-validation'
import { FormAlert, NewPasswordField, PasswordField, SubmitButton } from './form-controls'
import { useFieldValues, useFormSubmission } from './use-form-submission'

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
          <DetailRow term={t('name')}>{user.name}</DetailRow>
          <DetailRow term={t('email')}>{user.email}</DetailRow>
          {user.phone ? <DetailRow term={t('phone')}>{user.phone}</DetailRow> : null}
          {typeof user.budgetAmount === 'number' ? (
            <DetailRow term={t('budget')} className="text-ink">
              <span className="font-semibold" data-testid="allowance-left">
                {t('budgetLeft', { amount: formatPrice(user.budgetAmount) })}
              </span>
              {user.budgetRenewsAt ? (
                <span className="text-sm text-muted" data-testid="allowance-renews">
                  {' · '}
                  {t('budgetRenews', { date: formatDate(user.budgetRenewsAt) })}
                </span>
              ) : null}
            </DetailRow>
          ) : null}
        </dl>
      </section>
      <ChangePasswordForm email={user.email} />
    </div>
  )
}

/** One line of the details: the label beside the value on wider screens, above it on a phone. */
function DetailRow({ term, className = 'break-words text-ink', children }: { term: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}

type Fields = 'currentPassword' | 'newPassword'

function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations('account')
  const tAuth = useTranslations('auth')
  const { values, setValues, change } = useFieldValues<Fields>({ currentPassword: '', newPassword: '' })
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<Fields>(tAuth)

  const submit = onSubmit({
    check: () =>
      collectErrors({
        currentPassword: checkPassword(values.currentPassword),
        newPassword: checkNewPassword(values.newPassword),
      }),
    send: async () => {
      await accountApi.updatePassword(values)
      setValues({ currentPassword: '', newPassword: '' })
      notify.success(t('passwordChanged'))
    },
  })

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-semibold text-ink">
        {t('changePassword')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('passwordChangedNote')}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 max-w-md space-y-5">
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
        <NewPasswordField label={t('newPassword')} name="newPassword" value={values.newPassword} onChange={change('newPassword')} error={errors.newPassword} />
        <SubmitButton busy={busy} busyLabel={t('busy')} className="w-full sm:w-auto">
          {t('savePassword')}
        </SubmitButton>
      </form>
    </section>
  )
}
