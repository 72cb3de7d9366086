import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { StaffManager } from '@/components/admin/staff-manager'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Staff' }

export default async function StaffPage() {
  const [me, members, options] = await Promise.all([adminPageQuery('consoleMe', {}), adminPageQuery('staffList', {}), adminPageQuery('staffFormOptions', {})])
  return (
    <ConsolePage title="Staff">
      <StaffManager meId={me.staffId} members={members} options={options} />
    </ConsolePage>
  )
}
