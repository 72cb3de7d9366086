'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useId, useRef, useState } from 'react'
import { ApiError } from '@/client/api-client'
import { uploadArtwork } from '@/client/editor/design-api'
import type { DecorationOptions, UploadedArtwork } from '@/isomorphic/decoration-types'

const ACCEPTED = ['image/png', 'image/svg+xml']

/** Uploading the shopper's own PNG or SVG, offered only when the store allows it and once its rights statement is accepted. */
export function ArtworkUpload({ uploads, onUploaded }: { uploads: DecorationOptions['uploads']; onUploaded: (artwork: UploadedArtwork) => void }) {
  const t = useTranslations('editor')
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [accepted, setAccepted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const megabytes = Math.round((uploads.maxBytes / 1_000_000) * 10) / 10

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = fileRef.current?.files?.[0]
    if (!file) return setProblem(t('uploadChooseFile'))
    if (!ACCEPTED.includes(file.type)) return setProblem(t('uploadWrongType'))
    if (file.size > uploads.maxBytes) return setProblem(t('uploadTooBig', { size: megabytes }))
    if (!accepted) return setProblem(t('uploadAcceptRights'))
    setBusy(true)
    setProblem(null)
    try {
      onUploaded(await uploadArtwork(file))
      if (fileRef.current) fileRef.current.value = ''
    } catch (error) {
      setProblem(error instanceof ApiError && error.statusMessage ? error.statusMessage : t('uploadFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-3 rounded-card border border-line p-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-ink">
        {t('uploadHeading')}
      </h3>
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm text-muted">
          {t('uploadFile', { size: megabytes })}
        </label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept=".png,.svg,image/png,image/svg+xml"
          onChange={() => setProblem(null)}
          className="mt-1.5 block w-full text-sm text-ink file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-soft file:px-4 file:font-semibold"
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-ink">
        <input type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} className="mt-0.5 size-5 shrink-0 accent-accent" />
        <span>{uploads.rightsStatement || t('uploadRightsFallback')}</span>
      </label>
      <button type="submit" disabled={busy} className="btn btn-secondary w-full">
        {busy ? t('uploading') : t('upload')}
      </button>
      <p aria-live="polite" className="min-h-5 text-sm text-danger">
        {problem}
      </p>
    </form>
  )
}
