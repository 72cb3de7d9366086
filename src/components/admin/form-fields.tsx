'use client'

import { type ComponentProps, type ReactNode, createContext, use, useId } from 'react'
import { INPUT_CLASS } from './console-styles'

export { INPUT_CLASS, PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './console-styles'

// The console's form controls: a label above its input, its problem below it (issue 26: next to the
// field, read out with it), visible focus.

/**
 * A label around its control, the hint and the field's problem under it. The control is told it is
 * invalid and described by the problem (TextInput, Select and TextArea read it from the context).
 */
export function Field({ label, hint, error, children }: { label: string; hint?: ReactNode; error?: string | null; children: ReactNode }) {
  const id = useId()
  return (
    <label className="block text-sm font-medium text-ink" data-invalid={error ? 'true' : undefined}>
      {label}
      <FieldErrorContext value={error ? `${id}-error` : null}>{children}</FieldErrorContext>
      {hint ? <span className="mt-1 block text-xs font-normal text-muted">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-xs font-medium text-danger">
          {error}
        </span>
      ) : null}
    </label>
  )
}

const FieldErrorContext = createContext<string | null>(null)

/** aria-invalid and aria-describedby for a control inside a Field with a problem. */
export function useFieldErrorProps(): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const errorId = use(FieldErrorContext)
  return errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
}

export function TextInput(props: ComponentProps<'input'>) {
  const errorProps = useFieldErrorProps()
  return <input {...errorProps} {...props} className={`${INPUT_CLASS} ${props.className ?? ''}`} />
}

export function Select(props: ComponentProps<'select'>) {
  const errorProps = useFieldErrorProps()
  return <select {...errorProps} {...props} className={`${INPUT_CLASS} ${props.className ?? ''}`} />
}

export function TextArea(props: ComponentProps<'textarea'>) {
  const errorProps = useFieldErrorProps()
  return <textarea {...errorProps} {...props} className={`${INPUT_CLASS} ${props.className ?? ''}`} />
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  )
}
