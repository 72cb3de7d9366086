'use client'

import { useFieldArray } from 'react-hook-form'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { HomeDetail, HomeSectionInput } from '@/isomorphic/contract/admin-content'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { MarkdownEditor } from './markdown-editor'

const MAX_SECTIONS = 12

type HomeFields = { heroTitle: string; heroSubtitle: string; heroCtaLabel: string; heroCtaHref: string; sections: HomeSectionInput[] }

/** The home page: its hero (title, subtitle, button) and its sections (title, Markdown text, link), in order. */
export function HomePageEditor({ websiteId, home }: { websiteId: number; home: HomeDetail }) {
  const form = useConsoleForm({
    mutation: 'content.saveHome',
    defaultValues: { heroTitle: home.heroTitle, heroSubtitle: home.heroSubtitle, heroCtaLabel: home.heroCtaLabel, heroCtaHref: home.heroCtaHref, sections: home.sections } satisfies HomeFields,
    toValue: (fields: HomeFields) => ({ websiteId, ...(home.version !== null ? { version: home.version } : {}), ...fields }),
    savedMessage: 'Saved. The home page shows the change now.',
  })
  const { register, control, watch, setValue } = form
  const sections = useFieldArray({ control, name: 'sections' })
  const values = watch('sections')

  return (
    <ConsoleForm form={form} label="The home page" className="grid gap-6" actions={<SubmitButton form={form}>Save the home page</SubmitButton>}>
      <fieldset className="grid gap-4 rounded-card border border-line bg-white p-5 md:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Hero</legend>
        <div className="md:col-span-2">
          <FormField form={form} name="heroTitle" label="Title">
            <TextInput {...register('heroTitle')} required maxLength={200} />
          </FormField>
        </div>
        <div className="md:col-span-2">
          <FormField form={form} name="heroSubtitle" label="Subtitle">
            <TextInput {...register('heroSubtitle')} maxLength={500} />
          </FormField>
        </div>
        <FormField form={form} name="heroCtaLabel" label="Button label">
          <TextInput {...register('heroCtaLabel')} maxLength={60} />
        </FormField>
        <FormField form={form} name="heroCtaHref" label="Button link" hint="A path of this store, like /shop.">
          <TextInput {...register('heroCtaHref')} maxLength={2000} />
        </FormField>
        {home.heroImage ? <p className="text-xs text-muted md:col-span-2">The hero picture comes from the store file and stays as it is.</p> : null}
      </fieldset>

      <section aria-labelledby="sections-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sections-heading" className="text-lg font-semibold">
            Sections
          </h2>
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={sections.fields.length >= MAX_SECTIONS} onClick={() => sections.append({ title: '', body: '', href: '', image: null })}>
            Add a section
          </button>
        </div>
        {sections.fields.length === 0 ? <p className="text-sm text-muted">No sections: the home page shows the hero and the featured products.</p> : null}
        {sections.fields.map((section, index) => (
          <fieldset key={section.id} className="grid gap-4 rounded-card border border-line bg-white p-5">
            <legend className="px-1 text-sm font-semibold">Section {index + 1}</legend>
            <div className="grid gap-4 md:grid-cols-2">
              <FormField form={form} name={`sections.${index}.title`} label="Title">
                <TextInput {...register(`sections.${index}.title`)} maxLength={200} />
              </FormField>
              <FormField form={form} name={`sections.${index}.href`} label="Learn more link" hint="Optional: a path of this store.">
                <TextInput {...register(`sections.${index}.href`)} maxLength={2000} />
              </FormField>
            </div>
            <MarkdownEditor
              name={`section-${index}-body`}
              label="Text"
              rows={6}
              value={values[index]?.body ?? ''}
              onChange={(text) => setValue(`sections.${index}.body`, text, { shouldDirty: true })}
              previewClassName="prose-content text-[0.9375rem] text-muted"
            />
            <div className="flex flex-wrap items-center gap-2">
              {values[index]?.image ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked onChange={() => setValue(`sections.${index}.image`, null, { shouldDirty: true })} className="size-4 accent-accent" />
                  Keep its picture
                </label>
              ) : null}
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={index === 0} onClick={() => sections.move(index, index - 1)} aria-label={`Move section ${index + 1} up`}>
                ↑
              </button>
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={index === sections.fields.length - 1} onClick={() => sections.move(index, index + 1)} aria-label={`Move section ${index + 1} down`}>
                ↓
              </button>
              <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger sm:ml-auto`} onClick={() => sections.remove(index)}>
                Remove section
              </button>
            </div>
          </fieldset>
        ))}
      </section>
    </ConsoleForm>
  )
}
