'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { getRecaptchaToken } from '@/client/recaptcha'
import { accountApi } from '@/client/session/session'
import { Link, useRouter } from '@/i18n/navigation'
import { checkEmail, checkNewPassword, checkRepeatedPassword, collectErrors, PASSWORD_MAX } from '@/client/account/account-validation'
import { EmailField, FormAlert, NewPasswordField, PasswordField, SubmitButton } from './form-controls'
import { RecaptchaNotice } from './recaptcha-notice'
import { CheckEmail } from './signup-view'
import { useFieldValues, useFormSubmission } from './use-form-submission'

/** /password/reset: one email field; the answer is the same whether the account exists or not. */
export function PasswordResetForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const t = useTranslations('auth')
  const [email, setEmail] = useState('')
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<'email'>(t)
  const [sent, setSent] = useState<string | null>(null)

  const submit = onSubmit({
    check: () => collectErrors({ email: checkEmail(email) }),
    send: async () => {
      const recaptchaToken = await getRecaptchaToken(recaptchaSiteKey, 'password/reset')
      const answer = await accountApi.resetPassword({ email: email.trim(), recaptchaToken })
      setSent(answer.data.message)
    },
  })

  if (sent !== null) return <CheckEmail message={sent} />

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-label={t('resetHeading')}>
        <FormAlert message={failure} />
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <SubmitButton busy={busy} busyLabel={t('busy')}>
          {t('sendLink')}
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link href="/login" className="font-medium text-accent hover:text-accent-strong">
          {t('backToSignIn')}
        </Link>
      </p>
      <RecaptchaNotice siteKey={recaptchaSiteKey} />
    </>
  )
}

type Fields = 'password' | 'repeated'

/** /password/create?token=…: the new password twice, then /password/success. */
export function PasswordCreateForm() {
  const t = useTranslations('auth')
  const token = useSearchParams().get('token')
  const router = useRouter()
  const { values, change } = useFieldValues<Fields>({ password: '', repeated: '' })
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<Fields>(t)
  const requestNewLink = (
    <Link href="/password/reset" className="mt-2 inline-block font-medium underline underline-offset-2">
      {t('requestNewLink')}
    </Link>
  )

  if (!token) {
    return (
      <FormAlert message={t('missingToken')}>{requestNewLink}</FormAlert>
    )
  }

  const submit = onSubmit({
    check: () =>
      collectErrors({
        password: checkNewPassword(values.password),
        repeated: checkNewPassword(values.password) ? null : checkRepeatedPassword(values.password, values.repeated),
      }),
    send: async () => {
      await accountApi.createPassword({ token, password: values.password })
      // The link works once: replacing it keeps Back from offering it again.
      router.replace('/password/success')
    },
    leaves: true,
  })

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-label={t('createHeading')}>
      <FormAlert message={failure}>{requestNewLink}</FormAlert>
      <NewPasswordField label={t('newPassword')} name="password" value={values.password} onChange={change('password')} error={errors.password} />
      <PasswordField
        label={t('repeatPassword')}
        name="repeated"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={values.repeated}
        onChange={change('repeated')}
        error={errors.repeated}
      />
      <SubmitButton busy={busy} busyLabel={t('busy')}>
        {t('savePassword')}
      </SubmitButton>
    </form>
  )
}
