import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { HomePageEditor } from '@/components/admin/home-page-editor'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Home page' }

/** The store's home page: hero and sections (Markdown with its preview). Featured products are chosen with the products. */
export default async function HomeContentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) notFound()
  const home = await adminPageQuery('content.home', { websiteId: store.websiteId })
  return (
    <ConsolePage title={`Home page · ${store.name}`}>
      <HomePageEditor websiteId={store.websiteId} home={home} />
    </ConsolePage>
  )
}
