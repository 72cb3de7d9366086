import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { StorePicker } from '@/components/admin/store-picker'
import { formatDate } from '@/isomorphic/format'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Content' }

/** A store's content pages (issue 16): the list in menu order, a new page, and the home page. */
export default async function ContentPagesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) return <ConsolePage title="Content">{<p className="text-sm text-muted">You have no store to edit.</p>}</ConsolePage>
  const { pages } = await adminPageQuery('content.pages', { websiteId: store.websiteId })
  const q = `?store=${store.websiteId}`
  const state = (page: (typeof pages)[number]) => (page.published ? (page.showInFooter ? 'Published · in footer' : 'Published') : 'Draft')
  return (
    <ConsolePage
      title="Content"
      actions={
        <>
          <StorePicker action="/admin/content" stores={store.stores} current={store.websiteId} allLabel="Choose a store" />
          <Link href={`/admin/content/home${q}`} className={SECONDARY_BUTTON_CLASS}>
            Edit the home page
          </Link>
          <Link href={`/admin/content/new${q}`} className={PRIMARY_BUTTON_CLASS}>
            New page
          </Link>
        </>
      }
    >
      <p className="mb-6 max-w-3xl text-sm text-muted">Pages written in Markdown (About us, FAQ, Returns…): the footer lists the published ones in menu order. Changes show on the storefront at once.</p>
      {pages.length === 0 ? (
        <p className="text-sm text-muted">No pages yet.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card border border-line bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-line bg-soft text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Title</th>
                  <th scope="col" className="px-3 py-2 font-medium">Address</th>
                  <th scope="col" className="px-3 py-2 font-medium">State</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Order</th>
                  <th scope="col" className="px-3 py-2 font-medium">Updated</th>
                </tr>
              </thead>
              <tbody>
                {pages.map((page) => (
                  <tr key={page.id} className="border-b border-line last:border-0">
                    <td className="px-3 py-2">
                      <Link href={`/admin/content/${page.id}${q}`} className="font-semibold text-accent underline">
                        {page.title}
                      </Link>
                    </td>
                    <td className="px-3 py-2 font-mono">/{page.slug}</td>
                    <td className="px-3 py-2">{state(page)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{page.sequence}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(page.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden">
            {pages.map((page) => (
              <li key={page.id} className="rounded-card border border-line bg-white p-4 text-sm">
                <Link href={`/admin/content/${page.id}${q}`} className="font-semibold text-accent underline">
                  {page.title}
                </Link>
                <p className="font-mono break-all text-muted">/{page.slug}</p>
                <p className="mt-1 text-xs text-muted">
                  {state(page)} · order {page.sequence}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </ConsolePage>
  )
}
