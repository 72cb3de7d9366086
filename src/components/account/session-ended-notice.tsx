'use client'

import { useTranslations } from 'next-intl'
import { useSessionNoticeStore } from '@/client/session/session-notice'
import { Link } from '@/i18n/navigation'
import { ModalDialog } from './modal-dialog'

/** Spec 8's session-ended notice, after an automatic logout; it stays until the visitor reads it. */
export function SessionEndedNotice() {
  const t = useTranslations('session')
  const shown = useSessionNoticeStore((state) => state.sessionEnded)
  const dismiss = useSessionNoticeStore((state) => state.dismiss)
  if (!shown) return null
  return (
    <ModalDialog role="alertdialog" titleId="session-ended-title" descriptionId="session-ended-body" onEscape={dismiss}>
      <h2 id="session-ended-title" className="text-xl font-bold tracking-tight text-ink">
        {t('endedTitle')}
      </h2>
      <p id="session-ended-body" className="mt-3 text-ink">
        {t('endedBody')}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Link href="/login" onClick={dismiss} className="btn btn-primary">
          {t('signIn')}
        </Link>
        <button type="button" onClick={dismiss} className="btn btn-secondary">
          {t('close')}
        </button>
      </div>
    </ModalDialog>
  )
}
