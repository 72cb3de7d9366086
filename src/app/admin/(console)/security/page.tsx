import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { SecuritySettings } from '@/components/admin/security-settings'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Security' }

export default async function SecurityPage() {
  const me = await adminPageQuery('consoleMe', {})
  return (
    <ConsolePage title="Security">
      <SecuritySettings me={me} />
    </ConsolePage>
  )
}
