'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { getRecaptchaToken } from '@/client/recaptcha'
import { safeReturnTo } from '@/client/session/return-to'
import { accountApi, auth } from '@/client/session/session'
import { useUserStore } from '@/client/stores/user-store'
import { Link, useRouter } from '@/i18n/navigation'
import { checkEmail, checkName, checkNewPassword, collectErrors, PASSWORD_MAX } from './account-validation'
import { focusFirstInvalid, FormAlert, PasswordField, SubmitButton, TextField } from './form-controls'
import { messageOf } from './form-errors'
import { RecaptchaNotice } from './recaptcha-notice'
import { runOnce } from './run-once'

/** /signup: the form, or with ?token= (the link in the mail) the account's confirmation. */
export function SignupView() {
  const token = useSearchParams().get('token')
  return token ? <SignupConfirmation token={token} /> : <SignupForm />
}

type Fields = 'name' | 'email' | 'password'

/** Always ends on 'check your email' with the server's message, whether the address is new or not. */
export function SignupForm() {
  const t = useTranslations('auth')
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<Fields, string>>({ name: '', email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<string | null>(null)

  const change = (field: Fields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = collectErrors({
      name: checkName(values.name),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
    })
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])))
    setFailure(null)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      const recaptchaToken = await getRecaptchaToken('signup')
      const answer = await accountApi.signup({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        recaptchaToken,
      })
      setSent(answer.data.message)
    } catch (error) {
      setFailure(messageOf(error, t('genericError')))
    } finally {
      setBusy(false)
    }
  }

  if (sent !== null) return <CheckEmail message={sent} />

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label={t('signupHeading')}>
        <FormAlert message={failure} />
        <TextField label={t('name')} name="name" autoComplete="name" required maxLength={120} value={values.name} onChange={change('name')} error={errors.name} />
        <TextField
          label={t('email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <PasswordField
          label={t('password')}
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
        <SubmitButton busy={busy} busyLabel={t('busy')}>
          {t('createAccount')}
        </SubmitButton>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        {t('haveAccount')}{' '}
        <Link href="/login" className="font-medium text-accent hover:text-accent-strong">
          {t('signInLink')}
        </Link>
      </p>
      <RecaptchaNotice />
    </>
  )
}

/** The same answer for sign-up and password reset: what the server said, and what to expect. */
export function CheckEmail({ message }: { message: string }) {
  const t = useTranslations('auth')
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section role="status" aria-labelledby="check-email" className="rounded-card border border-line bg-soft p-6">
      <h2 id="check-email" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
        {t('checkEmailHeading')}
      </h2>
      <p className="mt-2 text-ink">{message}</p>
      <p className="mt-3 text-sm text-muted">{t('checkEmailHint')}</p>
      <Link href="/login" className="btn btn-secondary mt-6">
        {t('backToSignIn')}
      </Link>
    </section>
  )
}

/** Confirms the account from the mail's link, then signs in like the login form does. */
function SignupConfirmation({ token }: { token: string }) {
  const t = useTranslations('auth')
  const router = useRouter()
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    runOnce(`signup:${token}`, () => auth.confirmSignup(token)).then(
      () => {
        if (current && useUserStore.getState().isAuthenticated) {
          router.replace(safeReturnTo(new URLSearchParams(window.location.search).get('returnTo')))
        }
      },
      (error: unknown) => {
        if (current) setFailure(messageOf(error, t('genericError')))
      },
    )
    return () => {
      current = false
    }
  }, [token, router, t])

  if (failure === null) {
    return (
      <p role="status" className="rounded-card border border-line bg-soft p-6 text-ink">
        {t('confirmingAccount')}
      </p>
    )
  }
  return (
    <section aria-labelledby="link-failed" className="space-y-5">
      <h2 id="link-failed" className="text-lg font-semibold text-ink">
        {t('linkFailedHeading')}
      </h2>
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-3">
        <Link href="/login" className="btn btn-primary">
          {t('signInLink')}
        </Link>
        <Link href="/signup" className="btn btn-secondary">
          {t('signupAgain')}
        </Link>
      </div>
    </section>
  )
}
