'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'

type NotFoundViewProps = {
  /** 'Page Not Found:', followed by the path */
  title: string
  body: string
  backHome: string
}

/**
 * Spec 5's 404: 'Page Not Found: {path}' with the path the visitor asked for, and a way home. Takes
 * its texts as props so that it also works outside the store's layout (the root 404), where no
 * message formatter is loaded: the title is plain text and the path is appended here.
 */
export function NotFoundView({ title, body, backHome }: NotFoundViewProps) {
  const path = usePathname()
  return (
    <div className="container-page flex max-w-2xl flex-col items-center py-20 text-center sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-accent">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-all text-ink sm:text-3xl">{`${title} ${path}`}</h1>
      <p className="mt-4 text-lg text-muted">{body}</p>
      <Link href="/" className="btn btn-primary mt-8">
        <span className="first-letter:uppercase">{backHome}</span>
      </Link>
    </div>
  )
}
