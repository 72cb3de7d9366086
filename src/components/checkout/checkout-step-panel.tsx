'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import type { CheckoutStep } from '@/client/checkout/checkout-steps'

type StepPanelProps = {
  step: CheckoutStep
  number: number
  title: string
  /** One line about what was chosen, shown while the step is closed. */
  recap?: ReactNode
  open: boolean
  /** The step was reached before: its heading opens it again. */
  reachable: boolean
  onOpen: () => void
  /** The step's Continue: checks the step and moves on (absent on the last step). */
  onContinue?: () => void
  continueLabel?: string
  busy?: boolean
  /**
   * The step is part of a screen whose form the view holds (contact, billing and shipping): no form
   * of its own; `submit` puts the screen's Continue at its end.
   */
  withinForm?: { submit: boolean }
  /** Opening the step puts the focus on its heading (the first step of a screen). */
  focusOnOpen?: boolean
  children: ReactNode
}

/**
 * One step of the checkout accordion: a heading button (disabled until the step is reached), a
 * recap while closed, and the step's form with its Continue button while open. Opening a step
 * puts the focus on its heading, so keyboard and screen-reader users land where the form is.
 */
export function CheckoutStepPanel({ step, number, title, recap, open, reachable, onOpen, onContinue, continueLabel, busy = false, withinForm, focusOnOpen = true, children }: StepPanelProps) {
  const t = useTranslations('checkout')
  const headingRef = useRef<HTMLButtonElement>(null)
  const panelId = `checkout-step-${step}`
  const wasOpen = useRef(open)

  useEffect(() => {
    if (open && !wasOpen.current && focusOnOpen) headingRef.current?.focus()
    wasOpen.current = open
  }, [open, focusOnOpen])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onContinue?.()
  }

  return (
    <section aria-labelledby={`${panelId}-heading`} className={`rounded-card border ${open ? 'border-ink' : 'border-line'}`} data-step={step}>
      <h2 id={`${panelId}-heading`} className="text-base font-semibold text-ink">
        <button
          ref={headingRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          // The open step's heading stays focusable (it takes the focus when the step opens), so it
          // is marked unavailable rather than disabled, as the ARIA accordion pattern does.
          aria-disabled={open || undefined}
          disabled={!reachable}
          onClick={open ? undefined : onOpen}
          className="flex min-h-14 w-full items-center gap-3 rounded-card px-4 text-left disabled:cursor-default aria-disabled:cursor-default sm:px-6"
        >
          <span
            aria-hidden="true"
            className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm ${open ? 'bg-ink text-white' : reachable ? 'bg-accent-soft text-accent-strong' : 'bg-soft text-muted'}`}
          >
            {number}
          </span>
          <span className="flex-1">{title}</span>
          {!open && reachable ? <span className="text-sm font-medium text-accent">{t('edit')}</span> : null}
        </button>
      </h2>
      {!open && recap ? <div className="-mt-2 px-4 pb-4 pl-14 text-sm break-words text-muted sm:px-6 sm:pl-16">{recap}</div> : null}
      {open ? (
        <div id={panelId} className="border-t border-line px-4 py-5 sm:px-6">
          {withinForm ? (
            <div className="space-y-5">
              {children}
              {withinForm.submit ? (
                <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary w-full sm:w-auto">
                  {busy ? t('busy') : (continueLabel ?? t('continue'))}
                </button>
              ) : null}
            </div>
          ) : onContinue ? (
            <form noValidate onSubmit={submit} className="space-y-5">
              {children}
              <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary w-full sm:w-auto">
                {busy ? t('busy') : (continueLabel ?? t('continue'))}
              </button>
            </form>
          ) : (
            children
          )}
        </div>
      ) : null}
    </section>
  )
}
