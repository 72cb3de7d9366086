'use client'

import { useDeferredValue, useId, useState } from 'react'
import { MarkdownView } from '@/components/content/markdown-view'
import { INPUT_CLASS } from './form-fields'

// A Markdown field with its live preview (decision 022): the preview is the storefront's own
// renderer (markdown.ts + markdown-view.tsx), run in the browser, so what the member sees is what a
// shopper will see, links and images refused the same way. Side by side on a wide screen, stacked
// with a Write / Preview switch on a phone.

export function MarkdownEditor({
  name,
  label,
  value,
  onChange,
  rows = 16,
  title,
  previewClassName = 'prose-content',
  hint,
}: {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  rows?: number
  /** The page's title: the preview leaves out a first heading repeating it, as the page does. */
  title?: string
  previewClassName?: string
  hint?: string
}) {
  const id = useId()
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const deferred = useDeferredValue(value)
  const tabClass = (active: boolean) => `rounded-md px-3 py-1 text-sm font-medium ${active ? 'bg-ink text-white' : 'text-muted hover:text-ink'}`
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <div className="flex gap-1 lg:hidden" role="group" aria-label={`${label}: write or preview`}>
          <button type="button" className={tabClass(tab === 'write')} aria-pressed={tab === 'write'} onClick={() => setTab('write')}>
            Write
          </button>
          <button type="button" className={tabClass(tab === 'preview')} aria-pressed={tab === 'preview'} onClick={() => setTab('preview')}>
            Preview
          </button>
        </div>
      </div>
      <div className="mt-1 grid gap-4 lg:grid-cols-2">
        <div className={tab === 'write' ? '' : 'hidden lg:block'}>
          <textarea
            id={id}
            name={name}
            rows={rows}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck
            className={`${INPUT_CLASS} !mt-0 font-mono !text-sm`}
          />
          <p className="mt-1 text-xs text-muted">
            {hint ?? 'Markdown: # headings, **bold**, _italic_, - lists, [links](/shop). HTML is shown as text; links only to this store’s paths, https://, mailto: and tel:.'}
          </p>
        </div>
        <section aria-label={`${label}: preview`} data-testid={`${name}-preview`} className={`${tab === 'preview' ? '' : 'hidden lg:block'} min-w-0 overflow-hidden rounded-md border border-line bg-white p-4`}>
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">Preview</p>
          {deferred.trim() === '' ? <p className="text-sm text-muted">Nothing to preview yet.</p> : <MarkdownView source={deferred} title={title} className={`${previewClassName} break-words`} />}
        </section>
      </div>
    </div>
  )
}
