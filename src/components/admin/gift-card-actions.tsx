'use client'

import { useRouter } from 'next/navigation'
import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import type { GiftCardDetail } from '@/isomorphic/contract/admin-selling'
import { Field, FormError, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// A gift card's actions (issue 16): adjust the balance (an amount either way and why), switch the
// card off (it can no longer be redeemed or spent) or on again. Each is a ledger row and an audit row.

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')

export function GiftCardActions({ websiteId, card }: { websiteId: number; card: Pick<GiftCardDetail, 'id' | 'status' | 'balance' | 'initialAmount'> }) {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  async function run(action: () => Promise<unknown>, message: string) {
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      await action()
      setDone(message)
      router.refresh()
      return true
    } catch (failure) {
      setError(messageOf(failure))
      return false
    } finally {
      setBusy(false)
    }
  }

  async function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const sign = data.get('direction') === 'remove' ? -1 : 1
    const amount = sign * Number(String(data.get('amount') ?? '').trim())
    const ok = await run(() => adminMutation('giftCards.adjust', { websiteId, id: card.id, amount, note: String(data.get('note') ?? '') }), 'The balance was adjusted.')
    if (ok) form.reset()
  }

  async function toggle() {
    const active = card.status === 'disabled'
    const note = active ? '' : (window.prompt('Why is this card disabled? (optional)') ?? null)
    if (note === null) return
    await run(() => adminMutation('giftCards.setActive', { websiteId, id: card.id, active, ...(note.trim() ? { note: note.trim() } : {}) }), active ? 'The card is enabled.' : 'The card is disabled.')
  }

  return (
    <section aria-labelledby="card-actions" className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id="card-actions" className="text-lg font-semibold">
        Adjust
      </h2>
      <FormError message={error} />
      {done ? (
        <p role="status" className="rounded-md border border-accent/30 bg-soft px-3 py-2 text-sm">
          {done}
        </p>
      ) : null}
      <form onSubmit={adjust} noValidate aria-label="Adjust the balance" className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-end">
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">Direction</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="add" defaultChecked className="size-4 accent-accent" /> Add
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="direction" value="remove" className="size-4 accent-accent" /> Remove
          </label>
        </fieldset>
        <Field label="Amount ($)" hint={`The balance stays between $0.00 and the issued $${card.initialAmount.toFixed(2)}.`}>
          <TextInput name="amount" inputMode="decimal" required />
        </Field>
        <div className="sm:col-span-2">
          <Field label="Why" hint="Kept in the card's ledger and the audit log.">
            <TextInput name="note" maxLength={500} required />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
            Adjust balance
          </button>
          <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={toggle}>
            {card.status === 'disabled' ? 'Enable card' : 'Disable card'}
          </button>
        </div>
      </form>
    </section>
  )
}
