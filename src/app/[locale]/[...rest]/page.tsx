import { notFound } from 'next/navigation'

// Any path no other route matches (several segments deep) is a 404 inside the store's layout.
export default function UnmatchedPage() {
  notFound()
}
