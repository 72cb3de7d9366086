'use client'

import { useState } from 'react'
import { adminMutation, loadConsolePage } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import type { ConsoleMe, TotpEnrolment } from '@/isomorphic/contract/admin-session'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS, TextInput } from './form-fields'

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
  const start = useConsoleAction()
  const form = useConsoleForm({
    mutation: 'confirmTotpEnrolment',
    defaultValues: { code: '' },
    toValue: (fields: { code: string }) => ({ code: fields.code }),
    onSaved: (answer) => {
      setRecoveryCodes(answer.recoveryCodes)
      setEnrolment(null)
    },
  })

  const begin = () =>
    start.run(() => adminMutation('startTotpEnrolment', {}), { refresh: false }).then((outcome) => {
      if (outcome.ok) {
        start.clear()
        form.reset()
        setEnrolment(outcome.answer)
      }
    })

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
        <SaveOutcome status={start.status} />
        {enrolment ? (
          <ConsoleForm
            form={form}
            label="Turn on two-factor sign-in"
            className="space-y-4"
            actions={
              <div className="flex flex-wrap gap-2">
                <SubmitButton form={form} busyLabel="Checking…">
                  Turn on
                </SubmitButton>
                <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={form.busy || start.busy} onClick={begin}>
                  New secret
                </button>
              </div>
            }
          >
            {enrolment.qrSvg ? (
              // eslint-disable-next-line @next/next/no-img-element -- an inline SVG from the server, not an image to optimise
              <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code of the two-factor secret" width={192} height={192} className="rounded-md border border-line" />
            ) : null}
            <p className="text-sm">
              Or type this secret into the app: <code className="rounded bg-soft px-1.5 py-0.5 font-mono break-all">{enrolment.secret}</code>
            </p>
            <FormField form={form} name="code" label="Code from the app">
              <TextInput {...form.register('code')} autoComplete="one-time-code" inputMode="numeric" required className="max-w-40" />
            </FormField>
          </ConsoleForm>
        ) : (
          <button type="button" className={PRIMARY_BUTTON_CLASS} disabled={start.busy} onClick={begin}>
            Set up two-factor sign-in
          </button>
        )}
      </div>
    </Section>
  )
}

type PasswordFields = { currentPassword: string; newPassword: string }

function ChangePassword() {
  const form = useConsoleForm({
    mutation: 'changeOwnPassword',
    defaultValues: { currentPassword: '', newPassword: '' } satisfies PasswordFields,
    toValue: (fields: PasswordFields) => fields,
    savedMessage: ({ otherSessionsEnded }) => `Password changed.${otherSessionsEnded > 0 ? ` You were signed out everywhere else (${otherSessionsEnded}).` : ''}`,
    onSaved: () => form.reset(),
  })
  return (
    <Section title="Password">
      <ConsoleForm form={form} label="Change your password" className="max-w-sm space-y-4" actions={<SubmitButton form={form}>Change password</SubmitButton>}>
        <FormField form={form} name="currentPassword" label="Current password">
          <TextInput {...form.register('currentPassword')} type="password" autoComplete="current-password" required />
        </FormField>
        <FormField form={form} name="newPassword" label="New password" hint="At least 8 characters. Other browsers signed in as you are signed out.">
          <TextInput {...form.register('newPassword')} type="password" autoComplete="new-password" required minLength={8} />
        </FormField>
      </ConsoleForm>
    </Section>
  )
}

function Notifications({ initial }: { initial: boolean }) {
  const [notify, setNotify] = useState(initial)
  const action = useConsoleAction()
  return (
    <Section title="Notices">
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={notify}
          disabled={action.busy}
          onChange={(event) => {
            const wanted = event.currentTarget.checked
            void action.run(() => adminMutation('setOwnNotifications', { notifyNewOrders: wanted }), { refresh: false }).then((outcome) => {
              if (outcome.ok) setNotify(outcome.answer.notifyNewOrders)
            })
          }}
        />
        Mail me when a new order arrives in my stores
      </label>
      <div className="mt-2">
        <SaveOutcome status={action.status} />
      </div>
    </Section>
  )
}
