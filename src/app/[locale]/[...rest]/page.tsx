import { notFound } from 'next/navigation'

// Any path no other route matches (several segments deep) is a 404 inside the store's layout
// (app/[locale]/not-found.tsx, which titles it 'Page not found').
export default function UnmatchedPage() {
  notFound()
}
