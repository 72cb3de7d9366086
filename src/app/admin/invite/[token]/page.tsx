import type { Metadata } from 'next'
import Link from 'next/link'
import { AcceptInviteForm } from '@/components/admin/accept-invite-form'
import { ROLE_LABELS } from '@/components/admin/console-nav'
import { adminPageAttempt } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Invitation' }

type Props = { params: Promise<{ token: string }> }

// Where an invitation mail leads (no session needed: the link's token is the proof).
export default async function InvitePage({ params }: Props) {
  const { token } = await params
  const valid = /^[A-Za-z0-9_-]{43}$/.test(token)
  const invite = valid ? await adminPageAttempt('inviteDetails', { token }) : null
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="w-full max-w-sm rounded-card border border-line bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Console</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Your invitation</h1>
        {invite?.ok ? (
          <>
            <p className="mt-3 text-sm text-muted">
              You are invited as <span className="font-semibold text-ink">{ROLE_LABELS[invite.data.role]}</span> with the email{' '}
              <span className="font-semibold text-ink">{invite.data.email}</span>. Choose the name others see and your password.
            </p>
            <AcceptInviteForm token={token} name={invite.data.name} />
          </>
        ) : (
          <>
            <p role="alert" className="mt-3 text-sm text-danger">
              {invite?.message ?? 'This invitation link is not valid. Check that it was copied whole, or ask an owner to send a new one.'}
            </p>
            <p className="mt-4 text-sm">
              <Link href="/admin/login" className="font-semibold text-accent underline underline-offset-2">
                Go to the sign-in
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  )
}
