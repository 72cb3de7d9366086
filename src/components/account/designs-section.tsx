'use client'

import { useTranslations } from 'next-intl'
import { useCallback, useEffect, useState } from 'react'
import { mutation, query } from '@/client/api-client'
import { notify } from '@/client/notify'
import { Link } from '@/i18n/navigation'
import type { ListedDesign } from '@/isomorphic/decoration-types'
import { formatCents, formatDate } from '@/isomorphic/format'
import { DesignMockups } from '../order/order-parts'

// me/designs (issue 7): the designs the signed-in customer saved in the editor, newest first, with
// their mockups and what each decoration is. Orders keep their own copy, so deleting is safe.

export function DesignsSection() {
  const t = useTranslations('designs')
  const [designs, setDesigns] = useState<ListedDesign[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)

  const load = useCallback(() => {
    query('getDesigns').then(
      (answer) => {
        setDesigns(answer.designs)
        setFailed(false)
      },
      (error: unknown) => {
        console.error('Could not load the designs:', error)
        setFailed(true)
      },
    )
  }, [])
  useEffect(load, [load])

  const remove = async (design: ListedDesign) => {
    setDeleting(design.id)
    try {
      await mutation('deleteDesign', { id: design.id })
      notify.success(t('deleted'))
      setDesigns((current) => current?.filter((candidate) => candidate.id !== design.id) ?? null)
    } catch {
      notify.error(t('deleteFailed'))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <section aria-labelledby="designs-heading" className="space-y-6">
      <div>
        <h2 id="designs-heading" className="text-xl font-semibold text-ink">
          {t('heading')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('loadError')}
        </p>
      ) : designs === null ? (
        <p role="status" className="text-muted">
          {t('loading')}
        </p>
      ) : designs.length === 0 ? (
        <div className="rounded-card border border-dashed border-line px-6 py-10 text-center">
          <p className="text-lg font-semibold text-ink">{t('none')}</p>
          <p className="mt-2 text-muted">{t('noneBody')}</p>
          <Link href="/shop" className="btn btn-primary mt-5 inline-flex">
            {t('browse')}
          </Link>
        </div>
      ) : (
        <ul role="list" className="divide-y divide-line">
          {designs.map((design) => {
            const name = design.product?.name ?? t('unavailableProduct')
            return (
              <li key={design.id} className="flex flex-col gap-4 py-5 sm:flex-row">
                <DesignMockups mockupUrls={design.mockupUrls} name={name} />
                <div className="min-w-0 flex-1 text-sm">
                  <h3 className="text-base font-semibold text-ink">{name}</h3>
                  <p className="text-muted">{t('saved', { date: formatDate(design.createdAt) })}</p>
                  <p className="mt-1 text-ink">{t('decorationPrice', { price: formatCents(design.unitPrice) })}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {design.product ? (
                      <Link
                        href={`/editor?product=${encodeURIComponent(design.product.slug)}${design.colorValueId ? `&color=${design.colorValueId}` : ''}&design=${design.id}`}
                        className="btn btn-secondary"
                      >
                        {t('open')}
                        <span className="sr-only"> {name}</span>
                      </Link>
                    ) : null}
                    <button type="button" className="btn btn-secondary" disabled={deleting === design.id} onClick={() => void remove(design)}>
                      {deleting === design.id ? t('deleting') : t('delete')}
                      <span className="sr-only"> {name}</span>
                    </button>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
