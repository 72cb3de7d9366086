import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { DecorationConsole } from '@/components/admin/decoration-console'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageContext, adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Decoration' }

/**
 * /admin/decoration?store= (issue 16): the store's decoration settings (methods and prices, print
 * areas, fonts, palette, uploads) and the install's logos and decoration partners. The store is
 * ?store=, or the member's first store.
 */
export default async function DecorationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = idParam(params.store) ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const [settings, logos, partners, options] = await Promise.all([
    adminPageQuery('decorationSettings.get', { websiteId }),
    adminPageQuery('logos.list', { websiteId }),
    adminPageQuery('decorationPartners.list', { websiteId }),
    adminPageQuery('orderListOptions', {}),
  ])
  return (
    <ConsolePage title="Decoration" actions={<StorePicker action="/admin/decoration" stores={options.stores} current={websiteId} allLabel="Choose a store" />}>
      <DecorationConsole key={websiteId} websiteId={websiteId} currency={options.stores.find((store) => store.id === websiteId)?.currency ?? 'USD'} logos={logos} partners={partners.partners} settings={settings} />
    </ConsolePage>
  )
}
