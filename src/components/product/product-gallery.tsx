'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import type { ProductImage } from '@/isomorphic/catalog-types'
import { Picture } from '../ui/picture'

/** The main picture with a row of thumbnails to switch it. */
export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = useTranslations('product')
  const [index, setIndex] = useState(0)
  const current = images[index] ?? images[0] ?? null

  return (
    <section aria-label={t('gallery')} className="min-w-0 lg:sticky lg:top-32 lg:self-start">
      <div className="overflow-hidden rounded-2xl bg-soft">
        <Picture
          image={current}
          alt={current?.alt || name}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 100vw"
          widths={[384, 512, 640, 768, 960, 1280]}
          priority
          className="aspect-square w-full object-cover"
        />
      </div>
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
