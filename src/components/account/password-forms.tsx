'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'
import { getRecaptchaToken } from '@/client/recaptcha'
import { accountApi } from '@/client/session/session'
import { Link, useRouter } from '@/i18n/navigation'
import { checkEmail, checkNewPassword, checkRepeatedPassword, collectErrors, PASSWORD_MAX } from './account-validation'
import { focusFirstInvalid, FormAlert, PasswordField, SubmitButton, TextField } from './form-controls'
import { messageOf } from './form-errors'
import { RecaptchaNotice } from './recaptcha-notice'
import { CheckEmail } from './signup-view'

/** /password/reset: one email field; the answer is the same whether the account exists or not. */
export function PasswordResetForm() {
  const t = useTranslations('auth')
  const formRef = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<string | null>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const problem = checkEmail(email)
    setError(problem && t(problem))
    setFailure(null)
    if (problem) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      const recaptchaToken = await getRecaptchaToken('password/reset')
      const answer = await accountApi.resetPassword({ email: email.trim(), recaptchaToken })
      setSent(answer.data.message)
    } catch (caught) {
      setFailure(messageOf(caught, t('genericError')))
    } finally {
      setBusy(false)
    }
  }

  if (sent !== null) return <CheckEmail message={sent} />

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label={t('resetHeading')}>
        <FormAlert message={failure} />
        <TextField
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <SubmitButton busy={busy} busyLabel={t('busy')}>
          {t('sendLink')}
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm">
        <Link href="/login" className="font-medium text-accent hover:text-accent-strong">
          {t('backToSignIn')}
        </Link>
      </p>
      <RecaptchaNotice />
    </>
  )
}

type Fields = 'password' | 'repeated'

/** /password/create?token=…: the new password twice, then /password/success. */
export function PasswordCreateForm() {
  const t = useTranslations('auth')
  const token = useSearchParams().get('token')
  const router = useRouter()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<Fields, string>>({ password: '', repeated: '' })
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  if (!token) {
    return (
      <FormAlert message={t('missingToken')}>
        <Link href="/password/reset" className="mt-2 inline-block font-medium underline underline-offset-2">
          {t('requestNewLink')}
        </Link>
      </FormAlert>
    )
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = collectErrors({
      password: checkNewPassword(values.password),
      repeated: checkNewPassword(values.password) ? null : checkRepeatedPassword(values.password, values.repeated),
    })
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])))
    setFailure(null)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      await accountApi.createPassword({ token, password: values.password })
      // The link works once: replacing it keeps Back from offering it again.
      router.replace('/password/success')
    } catch (caught) {
      setFailure(messageOf(caught, t('genericError')))
      setBusy(false)
    }
  }

  const change = (field: Fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label={t('createHeading')}>
      <FormAlert message={failure}>
        <Link href="/password/reset" className="mt-2 inline-block font-medium underline underline-offset-2">
          {t('requestNewLink')}
        </Link>
      </FormAlert>
      <PasswordField
        label={t('newPassword')}
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={PASSWORD_MAX}
        hint={t('passwordRule')}
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
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
