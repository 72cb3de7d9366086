'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useRef, useState } from 'react'
import { getRecaptchaToken } from '@/client/recaptcha'
import { safeReturnTo } from '@/client/session/return-to'
import { accountApi, auth } from '@/client/session/session'
import { useUserStore } from '@/client/stores/user-store'
import { Link, useRouter } from '@/i18n/navigation'
import { checkEmail, checkName, checkNewPassword, collectErrors } from '@/client/account/account-validation'
import { EmailField, FormAlert, NewPasswordField, SubmitButton, TextField } from './form-controls'
import { messageOf } from './form-errors'
import { RecaptchaNotice } from './recaptcha-notice'
import { LinkFailed, LinkPending } from './link-outcome'
import { runOnceWhileMounted } from './run-once'
import { useFieldValues, useFormSubmission } from './use-form-submission'

/** /signup: the form, or with ?token= (the link in the mail) the account's confirmation. */
export function SignupView({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const token = useSearchParams().get('token')
  return token ? <SignupConfirmation token={token} /> : <SignupForm recaptchaSiteKey={recaptchaSiteKey} />
}

type Fields = 'name' | 'email' | 'password'

/** Always ends on 'check your email' with the server's message, whether the address is new or not. */
export function SignupForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const t = useTranslations('auth')
  const { values, change } = useFieldValues<Fields>({ name: '', email: '', password: '' })
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<Fields>(t)
  const [sent, setSent] = useState<string | null>(null)

  const submit = onSubmit({
    check: () =>
      collectErrors({
        name: checkName(values.name),
        email: checkEmail(values.email),
        password: checkNewPassword(values.password),
      }),
    send: async () => {
      const recaptchaToken = await getRecaptchaToken(recaptchaSiteKey, 'signup')
      const answer = await accountApi.signup({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        recaptchaToken,
      })
      setSent(answer.data.message)
    },
  })

  if (sent !== null) return <CheckEmail message={sent} />

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-label={t('signupHeading')}>
        <FormAlert message={failure} />
        <TextField label={t('name')} name="name" autoComplete="name" required maxLength={120} value={values.name} onChange={change('name')} error={errors.name} />
        <EmailField value={values.email} onChange={change('email')} error={errors.email} />
        <NewPasswordField label={t('password')} name="password" value={values.password} onChange={change('password')} error={errors.password} />
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
      <RecaptchaNotice siteKey={recaptchaSiteKey} />
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

  useEffect(
    () =>
      runOnceWhileMounted(
        `signup:${token}`,
        () => auth.confirmSignup(token),
        () => {
          if (useUserStore.getState().isAuthenticated) {
            router.replace(safeReturnTo(new URLSearchParams(window.location.search).get('returnTo')))
          }
        },
        (error) => setFailure(messageOf(error, t('genericError'))),
      ),
    [token, router, t],
  )

  if (failure === null) return <LinkPending>{t('confirmingAccount')}</LinkPending>
  return (
    <LinkFailed id="link-failed" heading={t('linkFailedHeading')} message={failure}>
      <div className="flex flex-wrap gap-3">
        <Link href="/login" className="btn btn-primary">
          {t('signInLink')}
        </Link>
        <Link href="/signup" className="btn btn-secondary">
          {t('signupAgain')}
        </Link>
      </div>
    </LinkFailed>
  )
}
