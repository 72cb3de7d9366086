import type { ComponentProps, ReactNode } from 'react'

// The console's form controls: a label above its input, an error below, visible focus.

export const INPUT_CLASS =
  'mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-base text-ink shadow-xs focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none sm:text-sm'
export const PRIMARY_BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-md bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60'
export const SECONDARY_BUTTON_CLASS =
  'inline-flex items-center justify-center rounded-md border border-line bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-soft disabled:cursor-not-allowed disabled:opacity-60'

export function Field({ label, hint, children }: { label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <label className="block text-sm font-medium text-ink">
      {label}
      {children}
      {hint ? <span className="mt-1 block text-xs font-normal text-muted">{hint}</span> : null}
    </label>
  )
}

export function TextInput(props: ComponentProps<'input'>) {
  return <input {...props} className={`${INPUT_CLASS} ${props.className ?? ''}`} />
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  )
}
