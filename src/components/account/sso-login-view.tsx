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

/**
 * /sso-login: without a code, a full page load to the start endpoint (which redirects to the
 * provider); back from the provider with a code, the callback gives a token, the partner is
 * loaded and the visitor goes where the sign-in began. A refusal from the provider (?error=) is
 * not sent on: it would only start the round trip again.
 */
export function SsoLoginView() {
  const t = useTranslations('auth')
  const params = useSearchParams()
  const router = useRouter()
  const code = params.get('code')
  const refused = params.has('error') && !code
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (refused) return
    if (!code) {
      const start = ssoStartPath(safeReturnTo(new URLSearchParams(window.location.search).get('returnTo')))
      void runOnce(`sso-start:${window.location.href}`, async () => window.location.assign(start))
      return
    }
    return runOnceWhileMounted(
      `sso-callback:${window.location.href}`,
      () => auth.completeSso(window.location.href),
      ({ returnTo }) => {
        // Replaced, not pushed: Back must not offer the used code again.
        if (useUserStore.getState().isAuthenticated) router.replace(safeReturnTo(returnTo))
      },
      (error) => setFailure(messageOf(error, t('genericError'))),
    )
  }, [code, refused, router, t])

  const message = refused ? t('ssoCancelled') : failure
  if (message === null) return <LinkPending>{code ? t('ssoSigningIn') : t('ssoRedirecting')}</LinkPending>
  return (
    <LinkFailed id="sso-failed" heading={t('ssoFailedHeading')} message={message}>
      <Link href="/login" className="btn btn-primary">
        {t('backToSignIn')}
      </Link>
    </LinkFailed>
  )
}
