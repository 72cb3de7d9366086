import type { ReactNode } from 'react'
import { FormAlert } from './form-controls'

// What the pages behind a single-use link (sign-up confirmation, single sign-on) show: a status
// while the link is being used, and a heading with the server's message when it could not be.

export function LinkPending({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-card border border-line bg-soft p-6 text-ink">
      {children}
    </p>
  )
}

/** id names the heading the section is labelled by; children are the ways on. */
export function LinkFailed({ id, heading, message, children }: { id: string; heading: ReactNode; message: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-5">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {heading}
      </h2>
      <FormAlert message={message} />
      {children}
    </section>
  )
}
