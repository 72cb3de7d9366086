import type { ReactNode } from 'react'
import { ConsoleShell } from '@/components/admin/console-shell'
import { adminPageQuery } from '@/web/admin-page'

// Every signed-in console page: the member's frame (navigation by role, who is signed in, sign-out).
// No live console session → the sign-in page (the page gate already sends such visitors there with
// ?next=; this also holds under `next dev`, which has no gate).
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = await adminPageQuery('consoleMe', {})
  return <ConsoleShell me={me}>{children}</ConsoleShell>
}
