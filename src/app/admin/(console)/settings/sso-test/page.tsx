import type { Metadata } from 'next'
import { headers } from 'next/headers'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { SsoTestResultView } from '@/components/admin/sso-test-result'
import { adminPageQuery } from '@/web/admin-page'
import { requireConsoleStore } from '@/web/admin-store'
import { ssoTestResultFromCookies } from '@/web/sso-cookie'

export const metadata: Metadata = { title: 'Single sign-on test' }

/**
 * The outcome of a single sign-on test sign-in (issue 16, src/server/accounts/sso-test.ts), from the
 * result the test left in this browser (a Path=/admin cookie), shown only to the member and console
 * session that ran it.
 */
export default async function SsoTestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await requireConsoleStore(await searchParams)
  const sealed = ssoTestResultFromCookies((await headers()).get('cookie'))
  const result = await adminPageQuery('settings.ssoTestResult', { websiteId: store.websiteId, result: sealed })
  return (
    <ConsolePage
      title="Single sign-on test"
      actions={
        <Link href={`/admin/settings?store=${store.websiteId}`} className={SECONDARY_BUTTON_CLASS}>
          Back to settings
        </Link>
      }
    >
      <SsoTestResultView result={result} websiteId={store.websiteId} />
    </ConsolePage>
  )
}
