'use client'

import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation, loadConsolePage } from '@/client/admin/admin-api'
import { Field, FormError, PRIMARY_BUTTON_CLASS, TextInput } from './form-fields'

/** The invitee chooses a name and password; then signs in with them. */
export function AcceptInviteForm({ token, name }: { token: string; name: string }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const password = String(form.get('password') ?? '')
    if (password !== String(form.get('repeat') ?? '')) {
      setError('The two passwords are not the same.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await adminMutation('acceptStaffInvite', { token, name: String(form.get('name') ?? ''), password })
      loadConsolePage('/admin/login')
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      <FormError message={error} />
      <Field label="Your name">
        <TextInput name="name" defaultValue={name} autoComplete="name" required maxLength={200} />
      </Field>
      <Field label="Password" hint="At least 8 characters.">
        <TextInput name="password" type="password" autoComplete="new-password" required minLength={8} />
      </Field>
      <Field label="Password again">
        <TextInput name="repeat" type="password" autoComplete="new-password" required minLength={8} />
      </Field>
      <button type="submit" className={`${PRIMARY_BUTTON_CLASS} w-full`} disabled={busy}>
        {busy ? 'Saving…' : 'Accept and continue to sign in'}
      </button>
    </form>
  )
}
