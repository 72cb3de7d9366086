'use client'

import { useTranslations } from 'next-intl'
import type { ReactNode } from 'react'

function PolicyLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-ink">
      {children}
    </a>
  )
}

/** Google's required wording when the reCAPTCHA badge is hidden; nothing when the store has no site key (reCAPTCHA off). */
export function RecaptchaNotice({ siteKey }: { siteKey: string | null }) {
  const t = useTranslations('auth')
  if (!siteKey) return null
  return (
    <p className="mt-6 text-xs leading-5 text-muted">
      {t.rich('recaptchaNotice', {
        privacy: (chunks) => <PolicyLink href="https://policies.google.com/privacy">{chunks}</PolicyLink>,
        terms: (chunks) => <PolicyLink href="https://policies.google.com/terms">{chunks}</PolicyLink>,
      })}
    </p>
  )
}
