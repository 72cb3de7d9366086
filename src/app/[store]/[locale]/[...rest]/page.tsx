import { notFound } from 'next/navigation'

// Any path no other route matches (several segments deep) is a 404 inside the store's layout. The
// metadata says so as well, so the title is the 404's ('Page not found'), not the layout's default.
export function generateMetadata(): never {
  notFound()
}

export default function UnmatchedPage() {
  notFound()
}
