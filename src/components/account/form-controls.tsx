'use client'

import { useTranslations } from 'next-intl'
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react'
import { useHydrated } from '@/client/use-hydrated'
import { PASSWORD_MAX, PASSWORD_MIN } from '@/client/account/account-validation'

// The account forms' fields: a label, the control, an optional hint and an inline error tied to
// the control (aria-describedby, aria-invalid), sized for touch (44 px) on a 390 px phone.
// Text fields are read-only until the page is hydrated: what someone typed into the server's HTML
// would otherwise be replaced by the form's empty state when React takes over.

type FieldShellProps = {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  children: (describedBy: string | undefined) => ReactNode
}

function FieldShell({ id, label, hint, error, children }: FieldShellProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  id?: string
}

export function TextField({ label, hint, error, id, className, ...input }: TextFieldProps) {
  const hydrated = useHydrated()
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <input
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`field mt-1.5 ${error ? 'border-danger' : ''} ${className ?? ''}`}
          {...input}
          readOnly={!hydrated || input.readOnly}
        />
      )}
    </FieldShell>
  )
}

/** A password input with a show / hide switch (spelling a long password on a phone is hard). */
export function PasswordField({ label, hint, error, id, ...input }: Omit<TextFieldProps, 'type'>) {
  const t = useTranslations('auth')
  const hydrated = useHydrated()
  const generated = useId()
  const fieldId = id ?? generated
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell id={fieldId} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <div className="relative mt-1.5">
          <input
            id={fieldId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={`field pr-20 ${error ? 'border-danger' : ''}`}
            {...input}
            readOnly={!hydrated || input.readOnly}
          />
          <button
            type="button"
            aria-pressed={visible}
            aria-controls={fieldId}
            aria-label={t('showPassword')}
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-0 right-0 my-0.5 mr-0.5 rounded-md px-3 text-sm font-medium text-accent hover:text-accent-strong"
          >
            {visible ? t('hide') : t('show')}
          </button>
        </div>
      )}
    </FieldShell>
  )
}

/** The email address of the sign-in, sign-up and reset forms: no capitals, spelling fixes or spaces. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name'>) {
  const t = useTranslations('auth')
  return (
    <TextField
      label={t('email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  )
}

/** A password being chosen: decision 009's length limits, said under the field. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'hint'>) {
  const t = useTranslations('auth')
  return (
    <PasswordField
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      hint={t('passwordRule')}
      {...props}
    />
  )
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  error?: string | null
  id?: string
  children: ReactNode
}

export function SelectField({ label, error, id, children, ...select }: SelectFieldProps) {
  const generated = useId()
  const fieldId = id ?? generated
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      {(describedBy) => (
        <select
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`field mt-1.5 ${error ? 'border-danger' : ''}`}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  )
}

export function CheckboxField({ label, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
      <input type="checkbox" className="size-5 shrink-0 accent-accent" {...input} />
      <span>{label}</span>
    </label>
  )
}

/** The form's own message (the server's refusal): announced as soon as it appears. */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null
  return (
    <div role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
      <p>{message}</p>
      {children}
    </div>
  )
}

/** The submit button: disabled and saying 'Loading...' while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
  onClick,
  secondary = false,
}: {
  busy: boolean
  busyLabel: string
  children: ReactNode
  className?: string
  onClick?: () => void
  /** A button beside the form's own primary one (a field group's Apply inside a checkout step). */
  secondary?: boolean
}) {
  return (
    <button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={busy} aria-busy={busy || undefined} className={`btn ${secondary ? 'btn-secondary' : 'btn-primary'} ${className ?? 'w-full'}`}>
      {busy ? busyLabel : children}
    </button>
  )
}

/** Puts the focus on the first field the form marked invalid, after React has rendered the errors. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
