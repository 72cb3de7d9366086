'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useEffect, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { GIFT_CARD_BATCH_MAX, type GiftCardBatch } from '@/isomorphic/contract/admin-selling'
import { formatPrice } from '@/isomorphic/format'
import { Field, FormError, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// Issuing gift cards (issue 16): an amount, how many, an optional expiry, recipient and note. The
// new numbers are shown once, here, with the batch as a CSV download; the server keeps only their
// hashes, so once this panel is closed (or the page left) nobody can see them again.

/** The batch's CSV as a file download, made in the browser from the answer (nothing stored). */
function download(batch: GiftCardBatch) {
  const url = URL.createObjectURL(new Blob([batch.csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = batch.fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

function IssuedOnce({ batch, onDone }: { batch: GiftCardBatch; onDone: () => void }) {
  const [downloaded, setDownloaded] = useState(false)
  // Leaving the page with numbers nobody saved loses them: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])
  return (
    <section role="status" aria-label="Issued gift cards" className="mb-6 rounded-card border border-accent/40 bg-soft p-4">
      <p className="font-semibold">
        {batch.cards.length === 1 ? 'One gift card was issued.' : `${batch.cards.length} gift cards were issued.`} Save the numbers now: they are shown only this once.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={PRIMARY_BUTTON_CLASS}
          onClick={() => {
            download(batch)
            setDownloaded(true)
          }}
        >
          Download CSV
        </button>
        <button
          type="button"
          className={SECONDARY_BUTTON_CLASS}
          onClick={() => {
            if (downloaded || window.confirm('Close without downloading? The numbers cannot be shown again.')) onDone()
          }}
        >
          I have saved them
        </button>
      </div>
      <ul className="mt-3 grid max-h-72 gap-1 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3" aria-label="Gift card numbers">
        {batch.cards.map((card) => (
          <li key={card.id} className="rounded bg-white px-2 py-1 font-mono text-sm break-all select-all">
            {card.code} <span className="font-sans text-xs text-muted">{formatPrice(card.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function GiftCardIssue({ websiteId }: { websiteId: number }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const [batch, setBatch] = useState<GiftCardBatch | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '').trim()
    setBusy(true)
    setError(null)
    try {
      const answer = await adminMutation('giftCards.issue', {
        websiteId,
        amount: Number(text('amount')),
        count: Number(text('count') || '1'),
        ...(text('expiresAt') ? { expiresAt: `${text('expiresAt')}T23:59:59Z` } : {}),
        ...(text('recipientEmail') ? { recipientEmail: text('recipientEmail') } : {}),
        ...(text('note') ? { note: text('note') } : {}),
      })
      setBatch(answer)
      setOpen(false)
      router.refresh()
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
    } finally {
      setBusy(false)
    }
  }

  if (batch) return <IssuedOnce batch={batch} onDone={() => setBatch(null)} />
  if (!open)
    return (
      <button type="button" className={`${PRIMARY_BUTTON_CLASS} mb-6`} onClick={() => setOpen(true)}>
        Issue gift cards
      </button>
    )
  return (
    <form onSubmit={submit} noValidate aria-label="Issue gift cards" className="mb-6 grid max-w-2xl gap-4 rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Issue gift cards</h2>
      <FormError message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Amount per card ($)">
          <TextInput name="amount" inputMode="decimal" required placeholder="50.00" />
        </Field>
        <Field label="How many" hint={`1 to ${GIFT_CARD_BATCH_MAX}.`}>
          <TextInput name="count" inputMode="numeric" defaultValue="1" />
        </Field>
        <Field label="Expires" hint="Optional: the end of that day (UTC).">
          <TextInput name="expiresAt" type="date" />
        </Field>
        <Field label="Recipient email" hint="Optional, for your records: no mail is sent.">
          <TextInput name="recipientEmail" type="email" maxLength={320} />
        </Field>
      </div>
      <Field label="Note" hint="Optional: why these were issued (kept with each card and in the CSV).">
        <TextInput name="note" maxLength={500} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Issuing…' : 'Issue'}
        </button>
        <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}
