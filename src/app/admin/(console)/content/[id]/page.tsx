import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { ContentPageEditor } from '@/components/admin/content-page-editor'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Edit page' }

/** One content page in the Markdown editor, with the storefront's preview beside it. */
export default async function ContentPageEditPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params
  if (!/^\d{1,9}$/.test(id)) notFound()
  const query = await searchParams
  const store = await consoleStore(query)
  if (!store) notFound()
  const page = await adminPageQuery('content.page', { websiteId: store.websiteId, id: Number(id) })
  return (
    <ConsolePage title={page.title}>
      <ContentPageEditor key={page.id} websiteId={store.websiteId} page={page} justCreated={query.created === '1'} />
    </ConsolePage>
  )
}
