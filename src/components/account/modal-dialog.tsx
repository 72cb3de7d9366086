'use client'

import { type ReactNode, useEffect, useRef } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

type ModalDialogProps = {
  role?: 'dialog' | 'alertdialog'
  titleId: string
  descriptionId: string
  /** Escape closes only dialogs that say how; the rest ignore it (nothing destructive happens). */
  onEscape?: () => void
  /** While set the controls are disabled: focus rests on the dialog, and returns to them after. */
  busy?: boolean
  children: ReactNode
}

/**
 * A full-screen modal: the page behind is covered and does not scroll, focus starts on the first
 * control and stays inside (Tab and Shift+Tab wrap; with every control disabled it rests on the
 * dialog itself), and it goes back where it was when the dialog closes.
 */
export function ModalDialog({ role = 'dialog', titleId, descriptionId, onEscape, busy = false, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const onEscapeRef = useRef(onEscape)
  useEffect(() => {
    onEscapeRef.current = onEscape
  }, [onEscape])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    ;(dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus()

    const focusables = () => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE))
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        onEscapeRef.current?.()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        dialog.focus()
      } else if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that escapes (a click on the backdrop, a toast) is brought back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) (focusables()[0] ?? dialog).focus()
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('focusin', onFocusIn)
      document.body.style.overflow = overflow
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const active = document.activeElement
    if (busy) {
      // A disabled button drops focus to the page; keep it in the dialog instead.
      if (!dialog.contains(active) || (active as HTMLButtonElement | null)?.disabled) dialog.focus()
    } else if (active === dialog || !dialog.contains(active)) {
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    }
  }, [busy])

  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-ink/60 p-4 backdrop-blur-sm">
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="w-full max-w-md rounded-card bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
      >
        {children}
      </div>
    </div>
  )
}
