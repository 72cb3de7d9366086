'use client'

import { type FormEvent, useState } from 'react'
import { AdminApiError, adminMutation, loadConsolePage } from '@/client/admin/admin-api'
import type { ConsoleMe, TotpEnrolment } from '@/isomorphic/contract/admin-session'
import { Field, FormError, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

const messageOf = (failure: unknown) => (failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

/** The member's own security: two-factor sign-in (TOTP and recovery codes), password, new-order notices. */
export function SecuritySettings({ me }: { me: ConsoleMe }) {
  return (
    <div className="grid max-w-3xl gap-6">
      <TwoFactor me={me} />
      <ChangePassword />
      {me.kind === 'staff' ? <Notifications initial={me.notifyNewOrders} /> : null}
    </div>
  )
}

function TwoFactor({ me }: { me: ConsoleMe }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function start() {
    setBusy(true)
    setError(null)
    try {
      setEnrolment(await adminMutation('startTotpEnrolment', {}))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const code = String(new FormData(event.currentTarget).get('code') ?? '')
      setRecoveryCodes((await adminMutation('confirmTotpEnrolment', { code })).recoveryCodes)
      setEnrolment(null)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  if (recoveryCodes) {
    return (
      <Section title="Two-factor sign-in is on">
        <p className="text-sm text-muted">
          Keep these recovery codes somewhere safe (a password manager, or printed). Each signs you in once if you lose your authenticator. They are shown only now.
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes">
          {recoveryCodes.map((code) => (
            <li key={code} className="rounded-md bg-soft px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <button type="button" className={`${PRIMARY_BUTTON_CLASS} mt-5`} onClick={() => loadConsolePage('/admin')}>
          I have saved them: continue
        </button>
      </Section>
    )
  }

  if (me.secondFactor) {
    return (
      <Section title="Two-factor sign-in">
        <p className="text-sm text-muted">On. Signing in asks for the code from your authenticator app (or a recovery code).</p>
      </Section>
    )
  }

  return (
    <Section title="Two-factor sign-in">
      <p className="text-sm text-muted">
        {me.mustEnrolSecondFactor ? 'Owner accounts must sign in with a second factor. ' : ''}
        Use an authenticator app (1Password, Google Authenticator, Authy …): scan the code, then enter the 6 digits it shows.
      </p>
      <div className="mt-4 space-y-4">
        <FormError message={error} />
        {enrolment ? (
          <form onSubmit={confirm} className="space-y-4" noValidate>
            {enrolment.qrSvg ? (
              // eslint-disable-next-line @next/next/no-img-element -- an inline SVG from the server, not an image to optimise
              <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code of the two-factor secret" width={192} height={192} className="rounded-md border border-line" />
            ) : null}
            <p className="text-sm">
              Or type this secret into the app: <code className="rounded bg-soft px-1.5 py-0.5 font-mono break-all">{enrolment.secret}</code>
            </p>
            <Field label="Code from the app">
              <TextInput name="code" autoComplete="one-time-code" inputMode="numeric" required className="max-w-40" />
            </Field>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
                {busy ? 'Checking…' : 'Turn on'}
              </button>
              <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy} onClick={start}>
                New secret
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={busy} onClick={start}>
            Set up two-factor sign-in
          </button>
        )}
      </div>
    </Section>
  )
}

function ChangePassword() {
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      const { otherSessionsEnded } = await adminMutation('changeOwnPassword', { currentPassword: String(data.get('currentPassword') ?? ''), newPassword: String(data.get('newPassword') ?? '') })
      form.reset()
      setDone(`Password changed.${otherSessionsEnded > 0 ? ` You were signed out everywhere else (${otherSessionsEnded}).` : ''}`)
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section title="Password">
      <form onSubmit={submit} className="max-w-sm space-y-4" noValidate>
        <FormError message={error} />
        {done ? (
          <p role="status" className="text-sm text-accent-strong">
            {done}
          </p>
        ) : null}
        <Field label="Current password">
          <TextInput name="currentPassword" type="password" autoComplete="current-password" required />
        </Field>
        <Field label="New password" hint="At least 8 characters. Other browsers signed in as you are signed out.">
          <TextInput name="newPassword" type="password" autoComplete="new-password" required minLength={8} />
        </Field>
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </Section>
  )
}

function Notifications({ initial }: { initial: boolean }) {
  const [notify, setNotify] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <Section title="Notices">
      <FormError message={error} />
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={notify}
          disabled={busy}
          onChange={async (event) => {
            const wanted = event.currentTarget.checked
            setBusy(true)
            setError(null)
            try {
              setNotify((await adminMutation('setOwnNotifications', { notifyNewOrders: wanted })).notifyNewOrders)
            } catch (failure) {
              setError(messageOf(failure))
            } finally {
              setBusy(false)
            }
          }}
        />
        Mail me when a new order arrives in my stores
      </label>
    </Section>
  )
}
