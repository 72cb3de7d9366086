'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import type { ContentPageDetail } from '@/isomorphic/contract/admin-content'
import { SLUG_PATTERN } from '@/isomorphic/contract/field-rules'
import { type SaveFailure, SaveFailureNotice, saveFailure } from './admin-errors'
import { Field, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { MarkdownEditor } from './markdown-editor'

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)

/** One content page: title, address, Markdown body with its preview, footer and order, published or draft. */
export function ContentPageEditor({ websiteId, page, justCreated = false }: { websiteId: number; page: ContentPageDetail | null; justCreated?: boolean }) {
  const router = useRouter()
  const [title, setTitle] = useState(page?.title ?? '')
  const [slug, setSlug] = useState(page?.slug ?? '')
  const [slugTouched, setSlugTouched] = useState(page !== null)
  const [body, setBody] = useState(page?.body ?? '')
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const [saved, setSaved] = useState<string | null>(justCreated ? 'Page created. The storefront shows it now.' : null)
  const [busy, setBusy] = useState(false)
  const listHref = `/admin/content?store=${websiteId}`

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setFailure(null)
    setSaved(null)
    try {
      const answer = await adminMutation('content.savePage', {
        websiteId,
        ...(page ? { id: page.id, version: page.version } : {}),
        title,
        slug,
        body,
        metaDescription: String(data.get('metaDescription') ?? ''),
        showInFooter: data.get('showInFooter') === 'on',
        published: data.get('published') === 'on',
        sequence: Number(data.get('sequence') ?? 0) || 0,
      })
      if (!page) {
        router.replace(`/admin/content/${answer.id}?store=${websiteId}&created=1`)
        return
      }
      setSaved('Saved. The storefront shows the change now.')
      router.refresh()
    } catch (error) {
      setFailure(saveFailure(error))
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!page || !window.confirm(`Delete the page “${page.title}”? Its address /${page.slug} will answer “not found”.`)) return
    setBusy(true)
    setFailure(null)
    try {
      await adminMutation('content.deletePage', { websiteId, id: page.id, version: page.version })
      router.push(listHref)
      router.refresh()
    } catch (error) {
      setFailure(saveFailure(error))
      setBusy(false)
    }
  }

  const slugProblem = slug !== '' && !SLUG_PATTERN.test(slug) ? 'Lowercase letters, digits and single hyphens only.' : null

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <SaveFailureNotice failure={failure} />
      {saved ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-ink">
          {saved}{' '}
          {page?.published !== false ? (
            <a className="font-semibold underline" href={`/${slug}`} target="_blank" rel="noreferrer">
              View the page
            </a>
          ) : null}
        </p>
      ) : null}
      <div className="grid gap-4 rounded-card border border-line bg-white p-5 md:grid-cols-2">
        <Field label="Title">
          <TextInput
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value)
              if (!slugTouched) setSlug(slugOf(event.target.value))
            }}
          />
        </Field>
        <Field label="Address" hint={slugProblem ?? `The page is at /${slug || '…'}`}>
          <TextInput
            name="slug"
            required
            maxLength={80}
            value={slug}
            aria-invalid={slugProblem ? true : undefined}
            onChange={(event) => {
              setSlugTouched(true)
              setSlug(event.target.value)
            }}
            placeholder="returns"
          />
        </Field>
        <div className="md:col-span-2">
          <Field label="Description for search engines" hint="Up to 300 characters. Left empty, the start of the text is used.">
            <TextInput name="metaDescription" maxLength={300} defaultValue={page?.metaDescription ?? ''} />
          </Field>
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3 md:col-span-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="published" defaultChecked={page?.published ?? true} className="size-4 accent-accent" />
            Published (a draft is seen only here)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="showInFooter" defaultChecked={page?.showInFooter ?? true} className="size-4 accent-accent" />
            In the footer menu
          </label>
          <label className="flex items-center gap-2 text-sm">
            Menu order
            <input type="number" name="sequence" min={0} step={1} defaultValue={page?.sequence ?? 0} className="w-24 rounded-md border border-line px-2 py-1" />
          </label>
        </div>
      </div>
      <MarkdownEditor name="body" label="Text" value={body} onChange={setBody} title={title} rows={20} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : page ? 'Save' : 'Create page'}
        </button>
        <Link href={listHref} className={SECONDARY_BUTTON_CLASS}>
          Back to pages
        </Link>
        {page ? (
          <button type="button" className={`${SECONDARY_BUTTON_CLASS} sm:ml-auto text-danger`} onClick={remove} disabled={busy}>
            Delete page
          </button>
        ) : null}
      </div>
    </form>
  )
}
