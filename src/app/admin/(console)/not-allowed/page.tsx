import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Not allowed' }

const LINK_CLASS = 'font-semibold text-accent underline underline-offset-2 hover:text-accent-strong'

// Where a console page sends a signed-in member the core refuses with a 403 (adminPageQuery): a role
// without the permission, or a decoration partner's member on a page of the store's staff (issue 24:
// they were sent to the sign-in form while signed in), who is pointed to their work orders.
export default async function NotAllowedPage() {
  const me = await adminPageQuery('consoleMe', {})
  if (me.kind === 'decorationPartner') {
    return (
      <ConsolePage title="Not allowed">
        <p className="text-muted">This page is for the store’s staff. As a decoration partner, you work from your work orders.</p>
        <p className="mt-4">
          <Link href="/admin/work-orders" className={LINK_CLASS}>
            Go to your work orders
          </Link>
        </p>
      </ConsolePage>
    )
  }
  return (
    <ConsolePage title="Not allowed">
      <p className="text-muted">Your role does not allow this page. Ask an owner if you need it.</p>
      <p className="mt-4">
        <Link href="/admin" className={LINK_CLASS}>
          Back to the dashboard
        </Link>
      </p>
    </ConsolePage>
  )
}
