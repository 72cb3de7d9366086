'use client'

import { usePathname } from 'next/navigation'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { CloseIcon, MenuIcon } from '../ui/icons'

type MobileMenuProps = { openLabel: string; closeLabel: string; title: string; children: ReactNode }

/**
 * The phone navigation: a button that opens a panel under the header. Escape, following a link or
 * pressing a button marked data-closes-menu (Logout) closes it; Escape gives focus back to the button.
 */
export function MobileMenu({ openLabel, closeLabel, title, children }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const pathname = usePathname()
  const panelId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)

  if (open && openedAt !== pathname) {
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLElement>('a')?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  const toggle = () => {
    setOpenedAt(pathname)
    setOpen((value) => !value)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? closeLabel : openLabel}
        onClick={toggle}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-soft lg:hidden"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, [data-closes-menu]')) setOpen(false)
        }}
        onSubmit={() => setOpen(false)}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-white shadow-lg lg:hidden"
      >
        <nav aria-label={title} className="container-page py-4">
          {children}
        </nav>
      </div>
    </>
  )
}
