'use client'

import { useTranslations } from 'next-intl'
import { navigateTo } from '@/client/navigation'
import { getRecaptchaToken } from '@/client/recaptcha'
import { safeReturnTo } from '@/client/session/return-to'
import { auth } from '@/client/session/session'
import { useUserStore } from '@/client/stores/user-store'
import { Link } from '@/i18n/navigation'
import { checkEmail, checkPassword, collectErrors } from '@/client/account/account-validation'
import { EmailField, FormAlert, PasswordField, SubmitButton } from './form-controls'
import { RecaptchaNotice } from './recaptcha-notice'
import { useFieldValues, useFormSubmission } from './use-form-submission'

/** Where to go after signing in: the page's returnTo parameter when it is a safe same-site path. */
function currentReturnTo(): string {
  return safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'))
}

/** Email and password (spec 4); with single sign-on configured, also the way to the provider. */
export function LoginForm({ ssoEnabled, recaptchaSiteKey }: { ssoEnabled: boolean; recaptchaSiteKey: string | null }) {
  const t = useTranslations('auth')
  const { values, change } = useFieldValues({ email: '', password: '' })
  const { formRef, errors, failure, busy, onSubmit } = useFormSubmission<'email' | 'password'>(t)

  const submit = onSubmit({
    check: () => collectErrors({ email: checkEmail(values.email), password: checkPassword(values.password) }),
    send: async () => {
      const recaptchaToken = await getRecaptchaToken(recaptchaSiteKey, 'login')
      await auth.signIn({ login: values.email.trim(), password: values.password, recaptchaToken })
      // An account gone by the time its partner loads has been logged out and sent to '/' already.
      if (useUserStore.getState().isAuthenticated) navigateTo(currentReturnTo())
    },
    leaves: true,
  })

  const startSso = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    const returnTo = currentReturnTo()
    navigateTo(returnTo === '/' ? '/sso-login' : `/sso-login?returnTo=${encodeURIComponent(returnTo)}`)
  }

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-5" aria-label={t('loginHeading')}>
        <FormAlert message={failure} />
        <EmailField value={values.email} onChange={change('email')} error={errors.email} />
        <PasswordField
          label={t('password')}
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
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
      <RecaptchaNotice siteKey={recaptchaSiteKey} />
    </>
  )
}
