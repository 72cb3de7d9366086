'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { type DragEvent, useId, useRef, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { uploadProductImage } from '@/client/admin/product-image-upload'
import { type PictureUpload, pictureLine, sendPictures } from '@/client/admin/product-pictures'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import {
  MAX_IMAGE_ALT,
  MAX_PRODUCT_IMAGE_SIZE_LABEL,
  PRODUCT_IMAGE_ACCEPT,
  type ProductImageData,
  type ProductImagesData,
} from '@/isomorphic/contract/admin-catalog'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { INPUT_CLASS, SECONDARY_BUTTON_CLASS, Select, TextInput } from './form-fields'

// A product's images (issue 16): drop files on the area or choose them with the file button (both
// take several at once; each file is sent on its own and gets its own answer), then give each image
// its alt text and colour, move it up or down (or drag it), or delete it. The first image is the
// one the shop's product list shows.

function Uploader({ websiteId, productId, colors, onUploaded }: { websiteId: number; productId: number; colors: ProductImagesData['colors']; onUploaded: () => void }) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [color, setColor] = useState('')
  const [dragging, setDragging] = useState(false)
  const [uploads, setUploads] = useState<PictureUpload[]>([])
  const busy = uploads.some((upload) => upload.status === 'waiting' || upload.status === 'uploading')

  async function send(files: File[]) {
    if (files.length === 0 || busy) return
    const ended = await sendPictures(files, (file) => uploadProductImage({ websiteId, productId, colorValueId: color === '' ? null : Number(color), file }), setUploads)
    if (input.current) input.current.value = ''
    if (ended.some((upload) => upload.status === 'done')) onUploaded()
  }

  function dropped(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    void send([...event.dataTransfer.files])
  }

  return (
    <section aria-labelledby="upload-heading" className="mb-8 rounded-card border border-line bg-white p-5">
      <h2 id="upload-heading" className="text-lg font-semibold">
        Add images
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-start">
        <label className="block text-sm font-medium text-ink">
          Colour of the new images
          <select className={INPUT_CLASS} value={color} onChange={(event) => setColor(event.target.value)} disabled={busy}>
            <option value="">All colours</option>
            {colors.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </label>
        <div
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={dropped}
          className={`rounded-card border-2 border-dashed p-5 text-center text-sm ${dragging ? 'border-accent bg-soft' : 'border-line'}`}
        >
          <p className="font-medium">Drop images here</p>
          <p className="mt-1 text-muted">
            or{' '}
            <label htmlFor={inputId} className="cursor-pointer font-semibold text-accent underline">
              choose files
            </label>
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            name="file"
            multiple
            accept={PRODUCT_IMAGE_ACCEPT}
            disabled={busy}
            onChange={(event) => void send([...(event.target.files ?? [])])}
            className="mx-auto mt-3 block max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
            aria-describedby={`${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="mt-2 text-xs text-muted">
            PNG, JPEG or WebP, up to {MAX_PRODUCT_IMAGE_SIZE_LABEL} each. Large photos are scaled to 1600 pixels.
          </p>
        </div>
      </div>
      {uploads.length > 0 ? (
        <ul aria-live="polite" className="mt-4 space-y-1 text-sm">
          {uploads.map((upload) => (
            <li key={upload.key} className={`break-words ${upload.status === 'failed' ? 'text-danger' : ''}`}>
              <span className="font-medium">{upload.name}</span>:{' '}
              {pictureLine(upload)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function ImageCard({
  websiteId,
  image,
  position,
  count,
  colors,
  canMove,
  busy,
  onMove,
  onChanged,
}: {
  websiteId: number
  image: ProductImageData
  position: number
  count: number
  colors: ProductImagesData['colors']
  canMove: boolean
  busy: boolean
  onMove: (from: number, to: number) => void
  onChanged: () => void
}) {
  // The version this page last saved: the next save sends it even before the refreshed list arrives.
  const [version, setVersion] = useState(image.version)
  const form = useConsoleForm({
    mutation: 'productImages.update',
    defaultValues: { alt: image.alt, colorValueId: image.colorValueId === null ? '' : String(image.colorValueId) },
    toValue: (fields) => ({ websiteId, imageId: image.id, version, alt: fields.alt, colorValueId: fields.colorValueId === '' ? null : Number(fields.colorValueId) }),
    onSaved: (answer) => {
      setVersion(answer.image.version)
      onChanged()
    },
  })
  const remove = () => form.run(() => adminMutation('productImages.delete', { websiteId, imageId: image.id, version }), { confirm: `Delete this image (${image.fileName})? The shop stops showing it at once.`, savedMessage: 'Deleted.' })

  return (
    <li
      draggable={canMove && !busy}
      onDragStart={(event) => event.dataTransfer.setData('text/x-image-position', String(position))}
      onDragOver={(event) => {
        if (canMove) event.preventDefault()
      }}
      onDrop={(event) => {
        const from = Number(event.dataTransfer.getData('text/x-image-position'))
        if (canMove && Number.isInteger(from) && from !== position) onMove(from, position)
      }}
      className="grid gap-4 rounded-card border border-line bg-white p-4 sm:grid-cols-[8rem_1fr]"
      data-testid="product-image"
    >
      <div>
        {/* eslint-disable-next-line @next/next/no-img-element -- the image route draws the thumbnail; next/image would scale it again */}
        <img src={image.thumbnailUrl} alt={image.alt} width={128} height={128} className="size-32 rounded-md border border-line bg-soft object-contain" />
        <p className="mt-1 text-xs text-muted">
          {position + 1} of {count}
          {position === 0 ? ' · shown first' : ''}
        </p>
      </div>
      <ConsoleForm
        form={form}
        label={`Image ${position + 1}`}
        className="grid min-w-0 gap-3"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SubmitButton form={form} />
            {canMove ? (
              <>
                <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy || position === 0} onClick={() => onMove(position, position - 1)} aria-label={`Move image ${position + 1} up`}>
                  ↑ Up
                </button>
                <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy || position === count - 1} onClick={() => onMove(position, position + 1)} aria-label={`Move image ${position + 1} down`}>
                  ↓ Down
                </button>
              </>
            ) : null}
            <button type="button" className={`${SECONDARY_BUTTON_CLASS} text-danger`} disabled={form.busy || busy} onClick={() => void remove()}>
              Delete
            </button>
          </div>
        }
      >
        <p className="truncate font-mono text-xs text-muted" title={image.fileName}>
          {image.fileName}
        </p>
        <FormField form={form} name="alt" label="Alt text" hint="What the image shows, for people who cannot see it.">
          <TextInput {...form.register('alt')} maxLength={MAX_IMAGE_ALT} />
        </FormField>
        <FormField form={form} name="colorValueId" label="Colour">
          <Select {...form.register('colorValueId')}>
            <option value="">All colours</option>
            {colors.map((color) => (
              <option key={color.id} value={color.id}>
                {color.name}
              </option>
            ))}
          </Select>
        </FormField>
      </ConsoleForm>
    </li>
  )
}

export function ProductImagesManager({ websiteId, data, colorFilter }: { websiteId: number; data: ProductImagesData; colorFilter: number | null }) {
  const router = useRouter()
  const [order, setOrder] = useState<number[] | null>(null)
  const moving = useConsoleAction()
  const refresh = () => router.refresh()
  const serverIds = data.images.map((image) => image.id)
  // The order last saved here, while the page's list holds the same images (a refreshed list may
  // still be on its way, or overtaken by the next move's); the server's once images come or go.
  const sameImages = order !== null && order.length === serverIds.length && order.every((id) => serverIds.includes(id))
  const ids = sameImages ? order : serverIds
  const byId = new Map(data.images.map((image) => [image.id, image]))
  const images = ids.map((id) => byId.get(id)).filter((image): image is ProductImageData => image !== undefined)
  const filterHref = (colorId: number | null) => `/admin/products/${data.product.id}/images?store=${websiteId}${colorId === null ? '' : `&color=${colorId}`}`

  async function move(from: number, to: number) {
    if (to < 0 || to >= ids.length) return
    const next = [...ids]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved!)
    const previous = order
    setOrder(next)
    const outcome = await moving.run(() => adminMutation('productImages.reorder', { websiteId, productId: data.product.id, imageIds: next }), { savedMessage: 'Order saved.' })
    if (!outcome.ok) setOrder(previous)
  }

  return (
    <div>
      <Uploader websiteId={websiteId} productId={data.product.id} colors={data.colors} onUploaded={refresh} />
      <section aria-labelledby="images-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="images-heading" className="text-lg font-semibold">
            Images <span className="text-sm font-normal text-muted">({images.length})</span>
          </h2>
          {data.colors.length > 0 ? (
            <nav aria-label="Show images of" className="flex flex-wrap gap-2 text-sm">
              <Link href={filterHref(null)} aria-current={colorFilter === null ? 'page' : undefined} className={`rounded-full border px-3 py-1 ${colorFilter === null ? 'border-accent font-semibold' : 'border-line'}`}>
                All
              </Link>
              {data.colors.map((color) => (
                <Link
                  key={color.id}
                  href={filterHref(color.id)}
                  aria-current={colorFilter === color.id ? 'page' : undefined}
                  className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 ${colorFilter === color.id ? 'border-accent font-semibold' : 'border-line'}`}
                >
                  {color.css ? <span aria-hidden="true" className="size-3 rounded-full border border-line" style={{ background: color.css }} /> : null}
                  {color.name}
                </Link>
              ))}
            </nav>
          ) : null}
        </div>
        <div className="mb-3">
          <SaveOutcome status={moving.status} />
        </div>
        {colorFilter !== null ? <p className="mb-3 text-sm text-muted">Showing one colour’s images. Show all to change their order.</p> : null}
        {images.length === 0 ? (
          <p className="rounded-card border border-line bg-white p-5 text-sm text-muted">No images yet{colorFilter !== null ? ' for this colour' : ''}. Add some above.</p>
        ) : (
          <ol className="grid gap-3" aria-busy={moving.busy}>
            {images.map((image, position) => (
              <ImageCard
                key={`${image.id}:${image.version}`}
                websiteId={websiteId}
                image={image}
                position={position}
                count={images.length}
                colors={data.colors}
                canMove={colorFilter === null}
                busy={moving.busy}
                onMove={(from, to) => void move(from, to)}
                onChanged={refresh}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
