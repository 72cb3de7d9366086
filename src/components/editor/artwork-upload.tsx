'use client'

import { useTranslations } from 'next-intl'
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react'
import { ApiError } from '@/client/api-client'
import { uploadArtwork } from '@/client/editor/design-api'
import type { DecorationOptions, UploadedArtwork } from '@/isomorphic/decoration-types'
import { MAX_INPUT_PIXELS } from '@/isomorphic/image-limits'

const ACCEPTED = ['image/png', 'image/svg+xml']

/**
 * Uploading the shopper's own PNG or SVG, offered only when the store allows it and once its rights
 * statement is accepted. The file is dropped on the zone or chosen with it (a click, or Enter or
 * Space on its file control); the zone states what the server accepts: the types, the store's
 * byte limit and the pixel limit of the render queue.
 */
export function ArtworkUpload({ uploads, onUploaded }: { uploads: DecorationOptions['uploads']; onUploaded: (artwork: UploadedArtwork) => void }) {
  const t = useTranslations('editor')
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [dragging, setDragging] = useState(false)
  const [accepted, setAccepted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const megabytes = Math.round((uploads.maxBytes / 1_000_000) * 10) / 10
  const megapixels = Math.round(MAX_INPUT_PIXELS / 1_000_000)

  /** The file is checked as soon as it is chosen, so a wrong one is refused before anything is sent. */
  const choose = (chosen: File | null) => {
    setFile(chosen)
    if (!chosen) return setProblem(null)
    if (!ACCEPTED.includes(chosen.type)) return setProblem(t('uploadWrongType'))
    if (chosen.size > uploads.maxBytes) return setProblem(t('uploadTooBig', { size: megabytes }))
    setProblem(null)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0] ?? null
    if (fileRef.current) fileRef.current.value = ''
    choose(dropped)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) return setProblem(t('uploadChooseFile'))
    if (!ACCEPTED.includes(file.type)) return setProblem(t('uploadWrongType'))
    if (file.size > uploads.maxBytes) return setProblem(t('uploadTooBig', { size: megabytes }))
    if (!accepted) return setProblem(t('uploadAcceptRights'))
    setBusy(true)
    setProblem(null)
    try {
      onUploaded(await uploadArtwork(file))
      setFile(null)
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
      <div
        data-testid="artwork-drop-zone"
        data-dragging={dragging || undefined}
        onDragEnter={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragOver={(event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
        className="relative rounded-lg border-2 border-dashed border-line bg-soft/60 px-4 py-5 text-center transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent hover:border-ink/50 data-dragging:border-accent data-dragging:bg-accent/5"
      >
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept=".png,.svg,image/png,image/svg+xml"
          aria-describedby={`${id}-rules`}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        {/* The label covers the whole zone, so a click anywhere on it opens the file chooser. */}
        <label htmlFor={`${id}-file`} className="block cursor-pointer text-sm after:absolute after:inset-0 after:content-['']">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto mb-2 size-7 text-muted" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          {/* A phone has nothing to drag from: its zone just chooses a file. */}
          <span className="block font-semibold text-ink pointer-coarse:hidden">{dragging ? t('uploadDragging') : t('uploadDrop')}</span>
          <span className="hidden font-semibold text-ink pointer-coarse:block">{t('uploadTap')}</span>
        </label>
        {/* The rules the server applies: the types it reads, the store's byte limit and the pixel limit. */}
        <p id={`${id}-rules`} className="mt-1 text-sm text-muted">
          {t('uploadRules', { size: megabytes, megapixels })}
        </p>
        {file ? (
          <p className="mt-2 truncate text-sm font-medium text-ink" data-testid="artwork-chosen">
            {t('uploadChosen', { name: file.name })}
          </p>
        ) : null}
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
