'use client'

import { useRouter } from 'next/navigation'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleForm } from '@/client/admin/use-console-form'
import type { GiftCardDetail } from '@/isomorphic/contract/admin-selling'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

// A gift card's actions (issue 16): adjust the balance (an amount either way and why), switch the
// card off (it can no longer be redeemed or spent) or on again. Each is a ledger row and an audit
// row. On the console's one form path (issue 26).

type Fields = { direction: 'add' | 'remove'; amount: string; note: string }

const EMPTY: Fields = { direction: 'add', amount: '', note: '' }

export function GiftCardActions({ websiteId, card }: { websiteId: number; card: Pick<GiftCardDetail, 'id' | 'status' | 'balance' | 'initialAmount'> }) {
  const router = useRouter()
  const form = useConsoleForm({
    mutation: 'giftCards.adjust',
    defaultValues: EMPTY,
    toValue: (fields: Fields) => ({ websiteId, id: card.id, amount: (fields.direction === 'remove' ? -1 : 1) * Number(fields.amount.trim()), note: fields.note }),
    savedMessage: 'The balance was adjusted.',
    onSaved: () => {
      form.reset()
      router.refresh()
    },
  })
  const { register } = form

  function toggle() {
    const active = card.status === 'disabled'
    const note = active ? '' : (window.prompt('Why is this card disabled? (optional)') ?? null)
    if (note === null) return
    void form.run(() => adminMutation('giftCards.setActive', { websiteId, id: card.id, active, ...(note.trim() ? { note: note.trim() } : {}) }), {
      savedMessage: active ? 'The card is enabled.' : 'The card is disabled.',
    })
  }

  return (
    <section aria-labelledby="card-actions" className="grid gap-4 rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id="card-actions" className="text-lg font-semibold">
        Adjust
      </h2>
      <ConsoleForm
        form={form}
        label="Adjust the balance"
        className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-end"
        actions={
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <SubmitButton form={form} busyLabel="Adjusting…">
              Adjust balance
            </SubmitButton>
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy} onClick={toggle}>
              {card.status === 'disabled' ? 'Enable card' : 'Disable card'}
            </button>
          </div>
        }
      >
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">Direction</legend>
          <label className="flex items-center gap-2">
            <input type="radio" {...register('direction')} value="add" className="size-4 accent-accent" /> Add
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" {...register('direction')} value="remove" className="size-4 accent-accent" /> Remove
          </label>
        </fieldset>
        <FormField form={form} name="amount" label="Amount ($)" hint={`The balance stays between $0.00 and the issued $${card.initialAmount.toFixed(2)}.`}>
          <TextInput {...register('amount')} inputMode="decimal" required />
        </FormField>
        <div className="sm:col-span-2">
          <FormField form={form} name="note" label="Why" hint="Kept in the card's ledger and the audit log.">
            <TextInput {...register('note')} maxLength={500} required />
          </FormField>
        </div>
      </ConsoleForm>
    </section>
  )
}
