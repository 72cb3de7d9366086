import type { Metadata } from 'next'
import { ConsoleSignIn } from '@/components/admin/console-sign-in'

export const metadata: Metadata = { title: 'Sign in' }

type Props = { searchParams: Promise<{ next?: string | string[] }> }

export default async function ConsoleLoginPage({ searchParams }: Props) {
  const { next } = await searchParams
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="w-full max-w-sm rounded-card border border-line bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Console</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Sign in</h1>
        <ConsoleSignIn next={typeof next === 'string' ? next : null} />
      </div>
    </main>
  )
}
