'use client'

import { useTranslations } from 'next-intl'
import { useId, useRef, useState } from 'react'
import type { ProductImage } from '@/isomorphic/catalog-types'
import { Picture } from '../ui/picture'

/** The main picture with a row of thumbnails to switch it. */
export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = useTranslations('product')
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0] ?? null
  const zoom = useRef<HTMLDialogElement>(null)
  const zoomTitleId = useId()

  return (
    <section aria-label={t('gallery')} className="min-w-0 lg:sticky lg:top-32 lg:self-start">
      <div className="overflow-hidden rounded-2xl bg-soft">
        {current ? (
          // Click (or Enter / Space) opens the picture large: a zoom for the print and the fabric.
          <button type="button" onClick={() => zoom.current?.showModal()} aria-haspopup="dialog" className="block w-full cursor-zoom-in" title={t('zoomImage')}>
            <span className="sr-only">{t('zoomImage')}</span>
            <Picture
              image={current}
              alt={current.alt || name}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 100vw"
              widths={[384, 512, 640, 768, 960, 1280]}
              priority
              className="aspect-square w-full object-cover"
            />
          </button>
        ) : (
          <Picture image={null} alt={name} sizes="100vw" widths={[384]} className="aspect-square w-full object-cover" />
        )}
      </div>
      {current ? (
        <dialog
          ref={zoom}
          aria-labelledby={zoomTitleId}
          className="m-auto max-h-[calc(100dvh-2rem)] w-[min(64rem,calc(100vw-2rem))] overflow-auto rounded-card bg-white p-0 shadow-xl backdrop:bg-black/70"
          onClick={(event) => {
            if (event.target === zoom.current) zoom.current.close()
          }}
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <h2 id={zoomTitleId} className="text-sm font-semibold text-ink">
              {t('zoomTitle', { name })}
            </h2>
            <form method="dialog">
              <button type="submit" className="rounded-md px-2 py-1 text-sm font-medium text-muted hover:text-ink" autoFocus>
                {t('closeDialog')}
              </button>
            </form>
          </div>
          <Picture image={current} alt={current.alt || name} sizes="(min-width: 1024px) 1024px, 100vw" widths={[960, 1280, 1600]} className="w-full bg-soft object-contain" />
        </dialog>
      ) : null}
      {images.length > 1 ? (
        <ul role="list" className="mt-3 grid grid-cols-5 gap-2.5 sm:grid-cols-6">
          {images.map((image, position) => (
            <li key={`${image.path}/${image.name}`}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('showImage', { index: position + 1, total: images.length })}
                aria-current={position === index ? 'true' : undefined}
                className={`block w-full overflow-hidden rounded-lg bg-soft ring-offset-2 transition ${
                  position === index ? 'ring-2 ring-ink' : 'ring-1 ring-line hover:ring-muted'
                }`}
              >
                <Picture image={image} alt="" sizes="96px" widths={[96, 192]} className="aspect-square w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
