'use client'

import { useTranslations } from 'next-intl'
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { focusFirstInvalid } from './form-controls'
import { messageOf } from './form-errors'

type Submission<F extends string> = {
  /** The form's own checks: a message key for each field with a problem, nothing for the rest. */
  check: () => Partial<Record<F, string>>
  /** The call to make once the checks pass. */
  send: () => Promise<void>
  /** The call leads away from the form (a new page, the form closed): stay busy once it succeeds. */
  leaves?: boolean
}

/**
 * What every account form does on submit: nothing while a call is under way; its own checks
 * first, with the focus on the first field they mark; then the call, busy while it runs, with the
 * server's refusal (or the generic message) shown above the fields. Each form says only what it
 * checks and which call it makes. Field messages go through translate (the form's namespace).
 */
export function useFormSubmission<F extends string>(translate: (key: string) => string) {
  const t = useTranslations('auth')
  const formRef = useRef<HTMLFormElement & HTMLDivElement>(null)
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async ({ check, send, leaves = false }: Submission<F>) => {
    if (busy) return
    const found = check()
    const messages = (Object.entries(found) as [F, string][]).map(([field, key]) => [field, translate(key)])
    setErrors(Object.fromEntries(messages) as Partial<Record<F, string>>)
    setFailure(null)
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current)
      return
    }
    setBusy(true)
    try {
      await send()
      if (!leaves) setBusy(false)
    } catch (error) {
      setFailure(messageOf(error, t('genericError')))
      setBusy(false)
    }
  }

  /** The form's onSubmit: the browser's own submit is always stopped. */
  const onSubmit = (submission: Submission<F>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run(submission)
  }

  /** The same, for a group of fields inside another form (a button click or Enter in a field). */
  const submitNow = (submission: Submission<F>) => () => void run(submission)

  return { formRef, errors, failure, busy, onSubmit, submitNow }
}

/** A form's text values by field name, and the onChange that keeps one of them. */
export function useFieldValues<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial)
  const change = (field: F) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }))
  return { values, setValues, change }
}
