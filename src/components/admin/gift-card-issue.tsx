'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useState } from 'react'
import { useConsoleForm } from '@/client/admin/use-console-form'
import { GIFT_CARD_BATCH_MAX, type GiftCardBatch } from '@/isomorphic/contract/admin-selling'
import { formatPrice } from '@/isomorphic/format'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

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

type Fields = { amount: string; count: string; expiresAt: string; recipientEmail: string; note: string }

const EMPTY: Fields = { amount: '', count: '1', expiresAt: '', recipientEmail: '', note: '' }

function IssueForm({ websiteId, onIssued, onCancel }: { websiteId: number; onIssued: (batch: GiftCardBatch) => void; onCancel: () => void }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'giftCards.issue',
    defaultValues: EMPTY,
    toValue: (fields: Fields) => {
      const text = (name: keyof Fields) => fields[name].trim()
      return {
        websiteId,
        amount: Number(text('amount')),
        count: Number(text('count') || '1'),
        ...(text('expiresAt') ? { expiresAt: `${text('expiresAt')}T23:59:59Z` } : {}),
        ...(text('recipientEmail') ? { recipientEmail: text('recipientEmail') } : {}),
        ...(text('note') ? { note: text('note') } : {}),
      }
    },
    savedMessage: 'The gift cards were issued.',
    onSaved: (batch) => {
      onIssued(batch)
      router.refresh()
    },
  })
  const { register } = form

  return (
    <ConsoleForm
      form={form}
      label="Issue gift cards"
      className="mb-6 grid max-w-2xl gap-4 rounded-card border border-line bg-white p-4 sm:p-5"
      actions={
        <div className="flex flex-wrap gap-2">
          <SubmitButton form={form} busyLabel="Issuing…">
            Issue
          </SubmitButton>
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy} onClick={onCancel}>
            Cancel
          </button>
        </div>
      }
    >
      <h2 className="text-lg font-semibold">Issue gift cards</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField form={form} name="amount" label="Amount per card ($)">
          <TextInput {...register('amount')} inputMode="decimal" required placeholder="50.00" />
        </FormField>
        <FormField form={form} name="count" label="How many" hint={`1 to ${GIFT_CARD_BATCH_MAX}.`}>
          <TextInput {...register('count')} inputMode="numeric" />
        </FormField>
        <FormField form={form} name="expiresAt" label="Expires" hint="Optional: the end of that day (UTC).">
          <TextInput {...register('expiresAt')} type="date" />
        </FormField>
        <FormField form={form} name="recipientEmail" label="Recipient email" hint="Optional, for your records: no mail is sent.">
          <TextInput {...register('recipientEmail')} type="email" maxLength={320} />
        </FormField>
      </div>
      <FormField form={form} name="note" label="Note" hint="Optional: why these were issued (kept with each card and in the CSV).">
        <TextInput {...register('note')} maxLength={500} />
      </FormField>
    </ConsoleForm>
  )
}

export function GiftCardIssue({ websiteId }: { websiteId: number }) {
  const [open, setOpen] = useState(false)
  const [batch, setBatch] = useState<GiftCardBatch | null>(null)

  if (batch) return <IssuedOnce batch={batch} onDone={() => setBatch(null)} />
  if (!open)
    return (
      <button type="button" className={`${PRIMARY_BUTTON_CLASS} mb-6`} onClick={() => setOpen(true)}>
        Issue gift cards
      </button>
    )
  return (
    <IssueForm
      websiteId={websiteId}
      onCancel={() => setOpen(false)}
      onIssued={(issued) => {
        setBatch(issued)
        setOpen(false)
      }}
    />
  )
}
