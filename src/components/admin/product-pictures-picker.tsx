'use client'

import { useId } from 'react'
import { type PictureUpload, pictureLine, pictureProblem, picturesSummary } from '@/client/admin/product-pictures'
import { MAX_PRODUCT_IMAGE_SIZE_LABEL, PRODUCT_IMAGE_ACCEPT } from '@/isomorphic/contract/admin-catalog'

// The create form's pictures (issue 26): files chosen before the product exists, each with what is
// wrong with it already (too large, not an image); they are sent right after the product is created,
// each with its own line, and a refused file says why while the rest are added.

export function ProductPicturesPicker({ files, onFiles, uploads, disabled }: { files: File[]; onFiles: (files: File[]) => void; uploads: PictureUpload[]; disabled: boolean }) {
  const inputId = useId()
  const summary = picturesSummary(uploads)
  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        Choose pictures
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={PRODUCT_IMAGE_ACCEPT}
        disabled={disabled}
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => {
          onFiles([...files, ...(event.target.files ?? [])])
          event.target.value = ''
        }}
        className="block max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
      />
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        PNG, JPEG or WebP, up to {MAX_PRODUCT_IMAGE_SIZE_LABEL} each; the first is the one the shop’s product list shows. They are added right after the product is created; alt text and colours are set on its Images page.
      </p>
      {uploads.length > 0 ? (
        <>
          {summary ? (
            <p role="alert" className="rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm text-danger">
              {summary}
            </p>
          ) : null}
          <ul aria-label="Pictures sent" aria-live="polite" className="space-y-1 text-sm">
            {uploads.map((upload) => (
              <li key={upload.key} className={`break-words ${upload.status === 'failed' ? 'text-danger' : ''}`}>
                <span className="font-medium">{upload.name}</span>: {pictureLine(upload)}
              </li>
            ))}
          </ul>
        </>
      ) : files.length > 0 ? (
        <ul aria-label="Pictures chosen" className="space-y-1 text-sm">
          {files.map((file, index) => {
            const problem = pictureProblem(file)
            return (
              <li key={`${file.name}-${index}`} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium break-all">{file.name}</span>
                {problem ? <span className="text-danger">{problem}</span> : null}
                <button type="button" className="rounded-md border border-line px-2 py-0.5 text-xs font-semibold hover:bg-soft" disabled={disabled} aria-label={`Remove ${file.name}`} onClick={() => onFiles(files.filter((_, at) => at !== index))}>
                  Remove
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
