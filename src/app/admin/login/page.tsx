import type { Metadata } from 'next'
import { ConsoleSignIn } from '@/components/admin/console-sign-in'

export const metadata: Metadata = { title: 'Sign in' }

type Props = { searchParams: Promise<{ next?: string | string[]; device?: string | string[] }> }

/** What the mailed device link (issue 24) came to: this browser may sign in, or the link was dead. */
const DEVICE_NOTICES: Record<string, string> = {
  known: 'This browser can sign in now: enter your password (and your code).',
  expired: 'That link has expired. Sign in from a browser you have used before, or wait 15 minutes and try again.',
}

export default async function ConsoleLoginPage({ searchParams }: Props) {
  const { next, device } = await searchParams
  const notice = typeof device === 'string' ? DEVICE_NOTICES[device] : undefined
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="w-full max-w-sm rounded-card border border-line bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Console</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Sign in</h1>
        {notice ? (
          <p role="status" className="mt-4 rounded-card border border-line bg-soft px-3 py-2 text-sm text-ink">
            {notice}
          </p>
        ) : null}
        <ConsoleSignIn next={typeof next === 'string' ? next : null} />
      </div>
    </main>
  )
}
