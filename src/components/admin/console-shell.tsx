'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { type ReactNode, useId, useState } from 'react'
import type { ConsoleMe } from '@/isomorphic/contract/admin-session'
import { isCurrentSection, navFor, navGroups, ROLE_LABELS } from './console-nav'
import { SignOutButton } from './sign-out-button'

// The console's frame: a left navigation on a desktop, a top bar with a menu button on a phone.
// Plain links and buttons in document order, so it works from the keyboard; focus stays visible
// (globals.css :focus-visible). Every section is reachable (issue 26): on a 900 px high desktop the
// owner's whole menu fits, compact like Shopify's, and a shorter window scrolls the menu on its own
// with a visible scrollbar; on a phone the open menu is a panel of the screen's height that scrolls,
// its headings side by side in two columns.
export function ConsoleShell({ me, children }: { me: ConsoleMe; children: ReactNode }) {
  const pathname = usePathname() ?? '/admin'
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const items = navFor(me)

  const nav = (columns: 'one' | 'two') => (
    <div className={columns === 'two' ? 'grid grid-cols-2 gap-x-3 gap-y-3' : 'flex flex-col gap-2'}>
      {navGroups(items).map(({ group, items: groupItems }) => (
        <div key={group} className="min-w-0">
          {items.length > 6 ? <p className="mb-0.5 px-3 text-xs font-semibold tracking-wide text-white/60 uppercase">{group}</p> : null}
          <ul className="flex flex-col">
            {groupItems.map((item) => {
              const current = isCurrentSection(item.href, pathname)
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                    className={`block truncate rounded-md px-3 py-1 text-sm font-medium ${current ? 'bg-white/15 text-white' : 'text-white/80 hover:bg-white/10 hover:text-white'}`}
                  >
                    {item.label}
                  </Link>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </div>
  )
  const who = (
    <div className="flex items-center justify-between gap-2 text-sm">
      <p className="min-w-0">
        <span className="block truncate font-semibold text-white">{me.name}</span>
        <span className="block text-xs text-white/70">{ROLE_LABELS[me.role]}</span>
      </p>
      <SignOutButton className="shrink-0 rounded-md border border-white/30 px-2.5 py-1 text-xs font-medium text-white hover:bg-white/10" />
    </div>
  )

  return (
    <div className="min-h-dvh lg:flex">
      <a href="#console-main" className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 bg-ink text-white lg:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <Link href="/admin" className="font-bold tracking-tight">
            Console
          </Link>
          <button
            type="button"
            className="rounded-md border border-white/30 px-3 py-1.5 text-sm font-medium"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Close menu' : 'Menu'}
          </button>
        </div>
        {open ? (
          <nav id={menuId} aria-label="Console" className="console-menu max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t border-white/15 px-3 pt-3 pb-4">
            {nav('two')}
            <div className="mt-4 border-t border-white/15 px-1 pt-3">{who}</div>
          </nav>
        ) : null}
      </header>
      <aside className="hidden w-56 shrink-0 flex-col gap-3 bg-ink px-3 py-4 text-white lg:sticky lg:top-0 lg:flex lg:h-dvh">
        <Link href="/admin" className="block px-3 text-lg font-bold tracking-tight">
          Console
        </Link>
        <nav aria-label="Console" className="console-menu -mx-1 min-h-0 flex-1 overflow-y-auto px-1">
          {nav('one')}
        </nav>
        <div className="border-t border-white/15 px-2 pt-3">{who}</div>
      </aside>
      <main id="console-main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {me.mustEnrolSecondFactor ? (
          <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8">
            Turn on two-factor sign-in to use the console: an owner account needs it.
          </p>
        ) : null}
        {children}
      </main>
    </div>
  )
}
