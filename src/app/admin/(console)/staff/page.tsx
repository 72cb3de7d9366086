import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { PendingInvitations } from '@/components/admin/pending-invitations'
import { StaffManager } from '@/components/admin/staff-manager'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Staff' }

export default async function StaffPage() {
  const [me, members, options, invitations] = await Promise.all([
    adminPageQuery('consoleMe', {}),
    adminPageQuery('staffList', {}),
    adminPageQuery('staffFormOptions', {}),
    adminPageQuery('staffInvitations', {}),
  ])
  return (
    <ConsolePage title="Staff">
      <PendingInvitations invitations={invitations} options={options} />
      <h2 className="mb-3 text-lg font-semibold">Members</h2>
      <StaffManager meId={me.staffId} members={members} options={options} />
    </ConsolePage>
  )
}
