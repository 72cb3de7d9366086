'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'
import { TextField } from '../account/form-controls'

// The checkout's promo code field (issue 27): always in view — in the order summary beside the steps
// on a desktop, above the steps on a phone — never folded behind a step's Edit link.

type PromoProps = {
  applied: string
  problem: string | null
  busy: boolean
  onApply: (code: string) => void
  onRemove: () => void
}

/** A promo code: applied once the server has priced the order with it; its refusal said beside it. */
export function PromoCodeForm({ applied, problem, busy, onApply, onRemove }: PromoProps) {
  const t = useTranslations('checkout')
  const [code, setCode] = useState(applied)
  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3 text-sm">
        <span className="text-ink">{t('promoApplied', { code: applied })}</span>
        <button type="button" onClick={onRemove} className="inline-flex min-h-11 items-center rounded-full px-3 font-medium text-muted hover:bg-soft hover:text-danger">
          {t('promoRemove')}
        </button>
      </div>
    )
  }
  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <TextField
          label={t('promoCode')}
          name="promoCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code rather than continuing to the next step.
            if (event.key === 'Enter') {
              event.preventDefault()
              if (code.trim()) onApply(code.trim())
            }
          }}
          error={problem}
        />
      </div>
      <button type="button" disabled={busy || code.trim() === ''} onClick={() => onApply(code.trim())} className="btn btn-secondary mt-7 shrink-0">
        {busy ? t('busy') : t('promoApply')}
      </button>
    </div>
  )
}

