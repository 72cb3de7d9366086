import type { ReactNode } from 'react'

/** The frame of the sign-in, sign-up and password pages: one narrow column, centred. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  )
}
