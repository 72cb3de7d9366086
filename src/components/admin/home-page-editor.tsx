'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import type { HomeDetail, HomeSectionInput } from '@/isomorphic/contract/admin-content'
import { type SaveFailure, SaveFailureNotice, saveFailure } from './admin-errors'
import { Field, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'
import { MarkdownEditor } from './markdown-editor'

const MAX_SECTIONS = 12

/** The home page: its hero (title, subtitle, button) and its sections (title, Markdown text, link), in order. */
export function HomePageEditor({ websiteId, home }: { websiteId: number; home: HomeDetail }) {
  const router = useRouter()
  const [hero, setHero] = useState({ heroTitle: home.heroTitle, heroSubtitle: home.heroSubtitle, heroCtaLabel: home.heroCtaLabel, heroCtaHref: home.heroCtaHref })
  const [sections, setSections] = useState<(HomeSectionInput & { key: number })[]>(home.sections.map((section, index) => ({ ...section, key: index })))
  const [nextKey, setNextKey] = useState(home.sections.length)
  const [failure, setFailure] = useState<SaveFailure | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const update = (key: number, change: Partial<HomeSectionInput>) => setSections((all) => all.map((section) => (section.key === key ? { ...section, ...change } : section)))
  const move = (index: number, by: -1 | 1) =>
    setSections((all) => {
      const next = [...all]
      const [item] = next.splice(index, 1)
      next.splice(index + by, 0, item!)
      return next
    })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setFailure(null)
    setSaved(false)
    try {
      await adminMutation('content.saveHome', {
        websiteId,
        ...(home.version !== null ? { version: home.version } : {}),
        ...hero,
        sections: sections.map(({ key: _key, ...section }) => section),
      })
      setSaved(true)
      router.refresh()
    } catch (error) {
      setFailure(saveFailure(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <SaveFailureNotice failure={failure} />
      {saved ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm">
          Saved. The home page shows the change now.
        </p>
      ) : null}
      <fieldset className="grid gap-4 rounded-card border border-line bg-white p-5 md:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">Hero</legend>
        <div className="md:col-span-2">
          <Field label="Title">
            <TextInput name="heroTitle" required maxLength={200} value={hero.heroTitle} onChange={(event) => setHero({ ...hero, heroTitle: event.target.value })} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field label="Subtitle">
            <TextInput name="heroSubtitle" maxLength={500} value={hero.heroSubtitle} onChange={(event) => setHero({ ...hero, heroSubtitle: event.target.value })} />
          </Field>
        </div>
        <Field label="Button label">
          <TextInput name="heroCtaLabel" maxLength={60} value={hero.heroCtaLabel} onChange={(event) => setHero({ ...hero, heroCtaLabel: event.target.value })} />
        </Field>
        <Field label="Button link" hint="A path of this store, like /shop.">
          <TextInput name="heroCtaHref" maxLength={2000} value={hero.heroCtaHref} onChange={(event) => setHero({ ...hero, heroCtaHref: event.target.value })} />
        </Field>
        {home.heroImage ? <p className="text-xs text-muted md:col-span-2">The hero picture comes from the store file and stays as it is.</p> : null}
      </fieldset>

      <section aria-labelledby="sections-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sections-heading" className="text-lg font-semibold">
            Sections
          </h2>
          <button
            type="button"
            className={SECONDARY_BUTTON_CLASS}
            disabled={sections.length >= MAX_SECTIONS}
            onClick={() => {
              setSections((all) => [...all, { key: nextKey, title: '', body: '', href: '', image: null }])
              setNextKey(nextKey + 1)
            }}
          >
            Add a section
          </button>
        </div>
        {sections.length === 0 ? <p className="text-sm text-muted">No sections: the home page shows the hero and the featured products.</p> : null}
        {sections.map((section, index) => (
          <fieldset key={section.key} className="grid gap-4 rounded-card border border-line bg-white p-5">
            <legend className="px-1 text-sm font-semibold">Section {index + 1}</legend>
            <div className="grid gap-4 md:grid-cols-2">
              <Field label="Title">
                <TextInput name={`section-${index}-title`} maxLength={200} value={section.title} onChange={(event) => update(section.key, { title: event.target.value })} />
              </Field>
              <Field label="Learn more link" hint="Optional: a path of this store.">
                <TextInput name={`section-${index}-href`} maxLength={2000} value={section.href} onChange={(event) => update(section.key, { href: event.target.value })} />
              </Field>
            </div>
            <MarkdownEditor name={`section-${index}-body`} label="Text" rows={6} value={section.body} onChange={(body) => update(section.key, { body })} previewClassName="prose-content text-[0.9375rem] text-muted" />
            <div className="flex flex-wrap items-center gap-2">
              {section.image ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked onChange={() => update(section.key, { image: null })} className="size-4 accent-accent" />
                  Keep its picture
                </label>
              ) : null}
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move section ${index + 1} up`}>
                ↑
              </button>
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={index === sections.length - 1} onClick={() => move(index, 1)} aria-label={`Move section ${index + 1} down`}>
                ↓
              </button>
              <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger sm:ml-auto`} onClick={() => setSections((all) => all.filter((item) => item.key !== section.key))}>
                Remove section
              </button>
            </div>
          </fieldset>
        ))}
      </section>
      <div>
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : 'Save the home page'}
        </button>
      </div>
    </form>
  )
}
