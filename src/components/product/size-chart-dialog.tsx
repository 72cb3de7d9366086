'use client'

import { useTranslations } from 'next-intl'
import { useId, useRef } from 'react'
import type { ProductDetails } from '@/isomorphic/catalog-types'
import { formatMeasure } from '@/isomorphic/format'

type SizeChart = NonNullable<ProductDetails['sizeChart']>

/** "Size chart": a button by the size grid that opens the product's measurements per size in a modal dialog (a table). */
export function SizeChartDialog({ chart, productName }: { chart: SizeChart; productName: string }) {
  const t = useTranslations('product')
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const dialogId = useId()

  return (
    <>
      {/* The button opens the dialog by itself (invoker commands), before the page's script has run;
          in a browser without them, the click handler does. */}
      <button
        type="button"
        commandfor={dialogId}
        command="show-modal"
        onClick={() => {
          if (!('command' in HTMLButtonElement.prototype)) dialog.current?.showModal()
        }}
        className="text-sm font-medium text-accent underline underline-offset-4 hover:no-underline" aria-haspopup="dialog">
        {t('sizeChart')}
      </button>
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={titleId}
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-card bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its content) closes it.
          if (event.target === dialog.current) dialog.current.close()
        }}
      >
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {t('sizeChartTitle', { name: productName })}
            </h2>
            {/* Not a <form method="dialog">: the dialog sits inside the product's form, and a form
                in a form is dropped by the HTML parser (the page would then not hydrate). */}
            <button
              type="button"
              commandfor={dialogId}
              command="close"
              onClick={() => {
                if (!('command' in HTMLButtonElement.prototype)) dialog.current?.close()
              }}
              className="rounded-md px-2 py-1 text-sm font-medium text-muted hover:text-ink"
              autoFocus
            >
              {t('closeDialog')}
            </button>
          </div>
          <p className="mt-1 text-sm text-muted">{t('sizeChartUnit', { unit: chart.unit })}</p>
          <div className="mt-4 overflow-x-auto" role="group" aria-labelledby={titleId} tabIndex={0}>
            <table className="w-full text-left text-sm tabular-nums">
              <caption className="sr-only">{t('sizeChartTitle', { name: productName })}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('sizeColumn')}
                  </th>
                  {chart.measurements.map((name) => (
                    <th key={name} scope="col" className="py-2 pr-4 font-semibold">
                      {name} ({chart.unit})
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((row) => (
                  <tr key={row.size} className="border-b border-line last:border-0">
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      {row.size}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={chart.measurements[index] ?? index} className="py-2 pr-4">
                        {formatMeasure(value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </dialog>
    </>
  )
}
