import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { adminPageQuery, CONSOLE_SECURITY } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Dashboard' }

export default async function DashboardPage() {
  const me = await adminPageQuery('consoleMe', {})
  if (me.mustEnrolSecondFactor) redirect(CONSOLE_SECURITY)
  return (
    <ConsolePage title="Dashboard">
      <p className="text-muted">
        Signed in as <span className="font-semibold text-ink">{me.name}</span> ({me.email}).
      </p>
    </ConsolePage>
  )
}
