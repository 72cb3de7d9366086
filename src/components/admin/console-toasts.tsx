'use client'

import dynamic from 'next/dynamic'

// The console's toasts are the store's (issue 26: one way to say "Saved."): the same container,
// loaded after the page is interactive.
const ToastViewport = dynamic(() => import('../toasts/toast-viewport').then((module) => module.ToastViewport), { ssr: false })

export function ConsoleToasts() {
  return <ToastViewport />
}
