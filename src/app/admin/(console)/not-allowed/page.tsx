import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'

export const metadata: Metadata = { title: 'Not allowed' }

// Where a console page sends a member whose role lacks the permission it needs (adminPageQuery).
export default function NotAllowedPage() {
  return (
    <ConsolePage title="Not allowed">
      <p className="text-muted">Your role does not allow this page. Ask an owner if you need it.</p>
      <p className="mt-4">
        <Link href="/admin" className="font-semibold text-accent underline underline-offset-2 hover:text-accent-strong">
          Back to the dashboard
        </Link>
      </p>
    </ConsolePage>
  )
}
