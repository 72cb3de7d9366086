'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import type { HowToPay, HowToPayRowKey } from '@/isomorphic/bank-transfer'

/** What a shopper copies into their bank's form as it stands: the account, the bank's code and the reference. */
const COPYABLE: ReadonlySet<HowToPayRowKey> = new Set(['accountNumber', 'routingCode', 'reference'])

function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations('orders')
  const [copied, setCopied] = useState(false)
  const copy = () => {
    // Banks take the IBAN with or without its spaces; the copy is the compact form.
    void navigator.clipboard?.writeText(value.replace(/\s+/g, '')).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <button type="button" onClick={copy} aria-label={t('howToPayCopy', { label })} className="min-h-11 shrink-0 rounded-md px-3 sm:min-h-8 text-xs font-semibold text-accent-strong underline hover:bg-accent-soft">
      <span aria-live="polite">{copied ? t('howToPayCopied') : t('howToPayCopyButton')}</span>
    </button>
  )
}

/**
 * How to pay an order that waits for its bank transfer (issue 27): the sentence with the amount and
 * the reference, the store's bank details, the amount and the reference to quote (each one a copy
 * away), and the method's own text. Shown on the confirmation and the order page until the store
 * marks the order paid; the mail and the PDF carry the same block (src/isomorphic/bank-transfer.ts).
 */
export function HowToPayByTransfer({ howToPay }: { howToPay: HowToPay }) {
  const t = useTranslations('orders')
  return (
    <section aria-labelledby="how-to-pay" className="rounded-card border border-amber-300 bg-amber-50 p-5 text-ink">
      <h3 id="how-to-pay" className="text-base font-semibold">
        {t('howToPayTitle')}
      </h3>
      <p className="mt-1 text-sm">{howToPay.summary}</p>
      <dl className="mt-3 divide-y divide-amber-200 text-sm">
        {howToPay.rows.map((row) => (
          <div key={row.key} className="grid gap-0.5 py-2 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-4 sm:py-1">
            <dt className="text-muted">{row.label}</dt>
            <dd className="flex min-w-0 items-center justify-between gap-2">
              <span className="font-semibold [overflow-wrap:anywhere] tabular-nums">{row.value}</span>
              {COPYABLE.has(row.key) ? <CopyButton value={row.value} label={row.label} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      {howToPay.instructions ? <p className="mt-3 text-sm text-muted">{howToPay.instructions}</p> : null}
    </section>
  )
}
