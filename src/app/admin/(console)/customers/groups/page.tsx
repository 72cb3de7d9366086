import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { CustomerGroupsManager } from '@/components/admin/customer-groups-manager'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Customer groups' }

// /admin/customers/groups: the chosen store's customer groups (?store=).
export default async function CustomerGroupsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { store } = await searchParams
  const websiteId = typeof store === 'string' && /^[1-9]\d{0,9}$/.test(store) ? Number(store) : null
  const page = await adminPageQuery('customers.list', { websiteId, pageSize: 25 })
  const groups = await adminPageQuery('customerGroups.list', { websiteId: page.websiteId })
  return (
    <ConsolePage
      title="Customer groups"
      actions={
        <>
          <StorePicker action="/admin/customers/groups" stores={page.stores} current={page.websiteId} allLabel="Choose a store" />
          <Link href={`/admin/customers?store=${page.websiteId}`} className="self-center text-sm font-semibold text-accent underline">
            ← Customers
          </Link>
        </>
      }
    >
      <CustomerGroupsManager key={page.websiteId} websiteId={page.websiteId} groups={groups} />
    </ConsolePage>
  )
}
