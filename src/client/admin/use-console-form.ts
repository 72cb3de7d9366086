'use client'

import { toNestErrors } from '@hookform/resolvers'
import { useRouter } from 'next/navigation'
import { useCallback, useMemo, useState } from 'react'
import { type DefaultValues, type FieldErrors as HookFieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn, useForm } from 'react-hook-form'
import { ADMIN_MUTATION_INPUTS, type AdminMutationKey, type AdminMutationResponses, type AdminMutationValues } from '@/isomorphic/contract/admin'
import { adminMutation } from './admin-api'
import { checkWithContract, failureOf, fieldNamesOf, type FormFailure } from './form-failure'

// The console's one way to edit something (issue 26): a react-hook-form form whose fields are what
// the member types, turned into the contract's value by `toValue`, checked by the contract's own zod
// schema in the browser (the server checks with the same schema again), sent with adminMutation, and
// answered on one path: busy while it runs, "Saved." (a status a screen reader reads) beside the
// buttons when it lands, each problem next to its field, a store's rule or a lost connection as one sentence, a
// stale save's 409 as who changed what. Buttons that act without a form (delete, deactivate, mark
// paid) go through `useConsoleAction`, which shares the failure path.

export type ConsoleFormOptions<F extends FieldValues, K extends AdminMutationKey> = {
  /** The admin mutation the form saves with; its contract schema checks the value before sending. */
  mutation: K
  /** What the form starts with (the record as read); its keys are the form's field names. */
  defaultValues: F
  /** The contract's value from what was typed (ids and the opened version come from the page). */
  toValue: (fields: F) => AdminMutationValues[K]
  /** Where a problem at a contract path goes when the field is named differently ('resaleCertificate.number' → 'certificateNumber'). */
  fieldOf?: Readonly<Record<string, string>>
  /** Rules of the form itself beyond the contract (the password typed twice alike): a problem per field name, or nothing. */
  check?: (fields: F) => Partial<Record<Path<F>, string>> | null
  /** The sentence for a save that landed, beside the buttons (or made from the answer). */
  savedMessage?: string | ((answer: AdminMutationResponses[K]) => string)
  /** After a save landed; by default the page is rendered again from the server. */
  onSaved?: (answer: AdminMutationResponses[K], fields: F) => void
}

export type SaveStatus = { failure: FormFailure | null; saved: string | null }

export type ConsoleForm<F extends FieldValues> = UseFormReturn<F> & {
  /** The form's onSubmit. */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>
  busy: boolean
  status: SaveStatus
  /** Runs another call (a button beside the form) on the form's own busy/failed/saved path. */
  run: ConsoleAction['run']
}

function hookErrorsOf(fields: Record<string, string>): HookFieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, { type: 'contract', message }]))
}

export function useConsoleForm<F extends FieldValues, K extends AdminMutationKey>(options: ConsoleFormOptions<F, K>): ConsoleForm<F> {
  const { mutation, toValue, fieldOf, check } = options
  const names = useMemo(() => fieldNamesOf(options.defaultValues), [options.defaultValues])

  const resolver = useCallback<Resolver<F>>(
    async (fields, _context, resolverOptions) => {
      const failure = checkWithContract(ADMIN_MUTATION_INPUTS[mutation], toValue(fields), names, fieldOf)
      const problems = { ...(check?.(fields) ?? {}), ...(failure?.fields ?? {}) } as Record<string, string>
      if (Object.keys(problems).length === 0) return { values: fields, errors: {} }
      return { values: {}, errors: toNestErrors(hookErrorsOf(problems), resolverOptions) }
    },
    [mutation, toValue, names, fieldOf, check],
  )

  const form = useForm<F>({ defaultValues: options.defaultValues as DefaultValues<F>, resolver, mode: 'onSubmit', reValidateMode: 'onChange' })
  const action = useConsoleAction({ fields: names, fieldOf })
  const { setError } = form

  const send = form.handleSubmit(async (fields) => {
    // What the contract refuses without naming a field of this form stops the save as one sentence.
    const loose = checkWithContract(ADMIN_MUTATION_INPUTS[mutation], toValue(fields), names, fieldOf)
    if (loose) {
      action.fail(loose)
      return
    }
    const outcome = await action.run(() => adminMutation(mutation, toValue(fields)) as Promise<AdminMutationResponses[K]>, { savedMessage: options.savedMessage, refresh: !options.onSaved })
    if (outcome.ok) options.onSaved?.(outcome.answer as AdminMutationResponses[K], fields)
    else for (const [name, message] of Object.entries(outcome.failure.fields)) setError(name as Path<F>, { type: 'server', message })
  })

  // A new try forgets what the last one said: a refusal caught at a field now is not shown beside an older sentence.
  const submit = (event?: React.BaseSyntheticEvent) => {
    action.clear()
    return send(event)
  }

  return { ...form, submit, busy: action.busy || form.formState.isSubmitting, status: action.status, run: action.run }
}

export type ActionOutcome<T> = { ok: true; answer: T } | { ok: false; failure: FormFailure }

export type ConsoleAction = {
  busy: boolean
  status: SaveStatus
  /**
   * Runs a call on the console's one path: asks `confirm` first (a cancelled question does
   * nothing), busy while it runs, then the saved sentence or the failure. The page
   * is rendered again afterwards unless `refresh` is false.
   */
  run: <T>(call: () => Promise<T>, options?: { confirm?: string; savedMessage?: string | ((answer: T) => string); refresh?: boolean }) => Promise<ActionOutcome<T>>
  fail: (failure: FormFailure) => void
  /** Says a sentence on this path for a call that landed elsewhere (a form inside that closes when it lands). */
  say: (saved: string) => void
  clear: () => void
}

/** A button's call (delete, deactivate, mark paid…) on the same busy / saved / failed / conflict path as a form. */
export function useConsoleAction({ fields = [], fieldOf }: { fields?: readonly string[]; fieldOf?: Readonly<Record<string, string>> } = {}): ConsoleAction {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<SaveStatus>({ failure: null, saved: null })

  const run = useCallback<ConsoleAction['run']>(
    async (call, { confirm, savedMessage, refresh = true } = {}) => {
      if (confirm && !window.confirm(confirm)) return { ok: false, failure: { message: null, conflict: null, fields: {} } }
      setBusy(true)
      setStatus({ failure: null, saved: null })
      try {
        const answer = await call()
        const saved = typeof savedMessage === 'function' ? savedMessage(answer) : (savedMessage ?? 'Saved.')
        setStatus({ failure: null, saved })
        if (refresh) router.refresh()
        return { ok: true, answer }
      } catch (error) {
        const failure = failureOf(error, fields, fieldOf)
        setStatus({ failure, saved: null })
        return { ok: false, failure }
      } finally {
        setBusy(false)
      }
    },
    [router, fields, fieldOf],
  )

  const fail = useCallback((failure: FormFailure) => setStatus({ failure, saved: null }), [])
  const say = useCallback((saved: string) => setStatus({ failure: null, saved }), [])
  const clear = useCallback(() => setStatus({ failure: null, saved: null }), [])
  return { busy, status, run, fail, say, clear }
}
