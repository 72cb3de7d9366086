'use client'

import { type FormEvent, useState } from 'react'
import { AdminApiError, adminSecondFactor, adminSignIn, consoleReturnPath, loadConsolePage } from '@/client/admin/admin-api'
import { Field, FormError, PRIMARY_BUTTON_CLASS, TextInput } from './form-fields'

// Console sign-in: email and password, then — for an account with two-factor on — the code from
// the authenticator app or a recovery code. The cookie is set by the server (HttpOnly); this only
// moves on to the page asked for.
export function ConsoleSignIn({ next }: { next: string | null }) {
  const [step, setStep] = useState<'password' | 'code'>('password')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  function go(answer: { next: 'second_factor' | 'enrol' | 'done' }) {
    if (answer.next === 'second_factor') {
      setStep('code')
      setBusy(false)
      return
    }
    loadConsolePage(answer.next === 'enrol' ? '/admin/security' : consoleReturnPath(next))
  }

  async function submit(event: FormEvent<HTMLFormElement>, send: (form: FormData) => Promise<{ next: 'second_factor' | 'enrol' | 'done' }>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      go(await send(new FormData(event.currentTarget)))
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
      setBusy(false)
    }
  }

  if (step === 'code') {
    return (
      // Its own key: React must not reuse the password form's inputs (the password would show in the code field).
      <form key="code" aria-label="Second factor" className="mt-6 space-y-4" onSubmit={(event) => submit(event, (form) => adminSecondFactor(String(form.get('code') ?? '')))} noValidate>
        <p className="text-sm text-muted">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        <FormError message={error} />
        <Field label="Code">
          <TextInput autoFocus name="code" autoComplete="one-time-code" inputMode="text" required autoCapitalize="none" spellCheck={false} />
        </Field>
        <button type="submit" className={`${PRIMARY_BUTTON_CLASS} w-full`} disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </form>
    )
  }

  return (
    <form
      key="password"
      aria-label="Sign in"
      className="mt-6 space-y-4"
      onSubmit={(event) => submit(event, (form) => adminSignIn(String(form.get('email') ?? ''), String(form.get('password') ?? '')))}
      noValidate
    >
      <FormError message={error} />
      <Field label="Email">
        <TextInput name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field label="Password">
        <TextInput name="password" type="password" autoComplete="current-password" required />
      </Field>
      <button type="submit" className={`${PRIMARY_BUTTON_CLASS} w-full`} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
