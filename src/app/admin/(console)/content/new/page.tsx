import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { ContentPageEditor } from '@/components/admin/content-page-editor'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'New page' }

export default async function NewContentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) notFound()
  // The member may edit this store's content (403/404 otherwise), before an empty form is shown.
  await adminPageQuery('content.pages', { websiteId: store.websiteId })
  return (
    <ConsolePage title="New page">
      <ContentPageEditor websiteId={store.websiteId} page={null} />
    </ConsolePage>
  )
}
