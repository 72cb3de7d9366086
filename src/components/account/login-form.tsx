'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'
import { navigateTo } from '@/client/navigation'
import { getRecaptchaToken } from '@/client/recaptcha'
import { safeReturnTo } from '@/client/session/return-to'
import { auth } from '@/client/session/session'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import { checkEmail, checkPassword, collectErrors } from './account-validation'
import { focusFirstInvalid, FormAlert, PasswordField, SubmitButton, TextField } from './form-controls'
import { messageOf } from './form-errors'
import { RecaptchaNotice } from './recaptcha-notice'

/** Where to go after signing in: the page's returnTo parameter when it is a safe same-site path. */
function currentReturnTo(): string {
  return safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'))
}

/** Email and password (spec 4); with single sign-on configured, also the way to the provider. */
export function LoginForm({ ssoEnabled }: { ssoEnabled: boolean }) {
  const t = useTranslations('auth')
  const formRef = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = collectErrors({ email: checkEmail(email), password: checkPassword(password) })
    setErrors({ email: found.email && t(found.email), password: found.password && t(found.password) })
    setFailure(null)
    if (found.email || found.password) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      const recaptchaToken = await getRecaptchaToken('login')
      await auth.signIn({ login: email.trim(), password, recaptchaToken })
      // An account gone by the time its partner loads has been logged out and sent to '/' already.
      if (useUserStore.getState().isAuthenticated) navigateTo(currentReturnTo())
    } catch (error) {
      setFailure(messageOf(error, t('genericError')))
      setBusy(false)
    }
  }

  const startSso = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    const returnTo = currentReturnTo()
    navigateTo(returnTo === '/' ? '/sso-login' : `/sso-login?returnTo=${encodeURIComponent(returnTo)}`)
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label={t('loginHeading')}>
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
          error={errors.email}
        />
        <PasswordField
          label={t('password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <div className="flex justify-end">
          <Link href="/password/reset" className="text-sm font-medium text-accent hover:text-accent-strong">
            {t('forgotPassword')}
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t('busy')}>
          {t('signIn')}
        </SubmitButton>
      </form>

      {ssoEnabled ? (
        <>
          <div className="my-6 flex items-center gap-3 text-sm text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {t('or')}
            <span className="h-px flex-1 bg-line" />
          </div>
          <Link href="/sso-login" prefetch={false} onClick={startSso} className="btn btn-secondary w-full">
            {t('ssoButton')}
          </Link>
        </>
      ) : null}

      <p className="mt-8 text-center text-sm text-muted">
        {t('noAccount')}{' '}
        <Link href="/signup" className="font-medium text-accent hover:text-accent-strong">
          {t('createAccountLink')}
        </Link>
      </p>
      <RecaptchaNotice />
    </>
  )
}
