'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'
import { ssoStartPath } from '@/client/session/account-api'
import { safeReturnTo } from '@/client/session/return-to'
import { auth } from '@/client/session/session'
import { useUserStore } from '@/client/stores/user-store'
import { Link, useRouter } from '@/i18n/navigation'
import { messageOf } from './form-errors'
import { LinkFailed, LinkPending } from './link-outcome'
import { runOnce, runOnceWhileMounted } from './run-once'

/** The console's result page of a test sign-in (src/server/accounts/sso-test.ts). */
const SSO_TEST_RESULT = /^\/admin\/settings\/sso-test(?:\?store=\d+)?$/

/**
 * /sso-login: without a code, a full page load to the start endpoint (which redirects to the
 * provider); back from the provider with a code, the callback gives a token, the partner is
 * loaded and the visitor goes where the sign-in began. A refusal from the provider (?error=) is
 * handed over too (the flow cookie is dropped), and shown as cancelled.
 *
 * A console member's test sign-in comes back here as well: the callback signs nobody in and names
 * the console's result page, opened with a full load (the console's own cookies are SameSite=Strict
 * and sent because this page, on the store's site, navigates).
 */
export function SsoLoginView() {
  const t = useTranslations('auth')
  const params = useSearchParams()
  const router = useRouter()
  const code = params.get('code')
  const answered = code !== null || params.has('error')
  const refused = answered && !code
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (!answered) {
      const start = ssoStartPath(safeReturnTo(new URLSearchParams(window.location.search).get('returnTo')))
      void runOnce(`sso-start:${window.location.href}`, async () => window.location.assign(start))
      return
    }
    return runOnceWhileMounted(
      `sso-callback:${window.location.href}`,
      () => auth.completeSso(window.location.href),
      ({ returnTo, test }) => {
        if (test) {
          if (returnTo && SSO_TEST_RESULT.test(returnTo)) window.location.replace(returnTo)
          return
        }
        // Replaced, not pushed: Back must not offer the used code again.
        if (useUserStore.getState().isAuthenticated) router.replace(safeReturnTo(returnTo))
      },
      (error) => setFailure(refused ? t('ssoCancelled') : messageOf(error, t('genericError'))),
    )
  }, [answered, code, refused, router, t])

  const message = failure
  if (message === null) return <LinkPending>{code || refused ? t('ssoSigningIn') : t('ssoRedirecting')}</LinkPending>
  return (
    <LinkFailed id="sso-failed" heading={t('ssoFailedHeading')} message={message}>
      <Link href="/login" className="btn btn-primary">
        {t('backToSignIn')}
      </Link>
    </LinkFailed>
  )
}
