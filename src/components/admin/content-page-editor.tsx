'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { ContentPageDetail } from '@/isomorphic/contract/admin-content'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { MarkdownEditor } from './markdown-editor'

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)

type PageFields = { title: string; slug: string; body: string; metaDescription: string; published: boolean; showInFooter: boolean; sequence: string }

const fieldsOf = (page: ContentPageDetail | null): PageFields => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  body: page?.body ?? '',
  metaDescription: page?.metaDescription ?? '',
  published: page?.published ?? true,
  showInFooter: page?.showInFooter ?? true,
  sequence: String(page?.sequence ?? 0),
})

/** One content page: title, address, Markdown body with its preview, footer and order, published or draft. */
export function ContentPageEditor({ websiteId, page, justCreated = false }: { websiteId: number; page: ContentPageDetail | null; justCreated?: boolean }) {
  const router = useRouter()
  const [slugTouched, setSlugTouched] = useState(page !== null)
  const listHref = `/admin/content?store=${websiteId}`
  const form = useConsoleForm({
    mutation: 'content.savePage',
    defaultValues: fieldsOf(page),
    toValue: (fields: PageFields) => ({
      websiteId,
      ...(page ? { id: page.id, version: page.version } : {}),
      title: fields.title,
      slug: fields.slug,
      body: fields.body,
      metaDescription: fields.metaDescription,
      showInFooter: fields.showInFooter,
      published: fields.published,
      sequence: Number(fields.sequence) || 0,
    }),
    savedMessage: 'Saved. The storefront shows the change now.',
    onSaved: (answer) => {
      if (!page) router.replace(`/admin/content/${answer.id}?store=${websiteId}&created=1`)
      else router.refresh()
    },
  })
  const { register, watch, setValue } = form
  const [title, slug, body] = watch(['title', 'slug', 'body'])

  const remove = () =>
    page
      ? form.run(() => adminMutation('content.deletePage', { websiteId, id: page.id, version: page.version }), { confirm: `Delete the page “${page.title}”? Its address /${page.slug} will answer “not found”.`, refresh: false }).then((outcome) => {
          if (outcome.ok) {
            router.push(listHref)
            router.refresh()
          }
        })
      : undefined

  return (
    <ConsoleForm
      form={form}
      label={page ? `Edit the page ${page.title}` : 'New page'}
      className="grid gap-5"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <SubmitButton form={form}>{page ? 'Save' : 'Create page'}</SubmitButton>
          <Link href={listHref} className={SECONDARY_BUTTON_CLASS}>
            Back to pages
          </Link>
          {page?.published ? (
            <a className="text-sm font-semibold text-accent underline" href={`/${page.slug}`} target="_blank" rel="noreferrer">
              View the page ↗
            </a>
          ) : null}
          {page ? (
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} sm:ml-auto text-danger`} onClick={remove} disabled={form.busy}>
              Delete page
            </button>
          ) : null}
        </div>
      }
    >
      {justCreated && !form.status.saved && !form.status.failure ? (
        <p role="status" className="text-sm text-muted">
          Page created. The storefront shows it now.
        </p>
      ) : null}
      <div className="grid gap-4 rounded-card border border-line bg-white p-5 md:grid-cols-2">
        <FormField form={form} name="title" label="Title">
          <TextInput
            {...register('title', {
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                if (!slugTouched) setValue('slug', slugOf(event.target.value))
              },
            })}
            required
            maxLength={200}
          />
        </FormField>
        <FormField form={form} name="slug" label="Address" hint={`The page is at /${slug || '…'}`}>
          <TextInput {...register('slug', { onChange: () => setSlugTouched(true) })} required maxLength={80} placeholder="returns" />
        </FormField>
        <div className="md:col-span-2">
          <FormField form={form} name="metaDescription" label="Description for search engines" hint="Up to 300 characters. Left empty, the start of the text is used.">
            <TextInput {...register('metaDescription')} maxLength={300} />
          </FormField>
        </div>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3 md:col-span-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('published')} className="size-4 accent-accent" />
            Published (a draft is seen only here)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('showInFooter')} className="size-4 accent-accent" />
            In the footer menu
          </label>
          <label className="flex items-center gap-2 text-sm">
            Menu order
            <input type="number" {...register('sequence')} min={0} step={1} className="w-24 rounded-md border border-line px-2 py-1" />
          </label>
        </div>
      </div>
      <MarkdownEditor name="body" label="Text" value={body} onChange={(value) => setValue('body', value, { shouldDirty: true })} title={title} rows={20} />
      {form.formState.errors.body?.message ? <p className="text-sm text-danger">{form.formState.errors.body.message}</p> : null}
    </ConsoleForm>
  )
}
