'use client'

import { useEffect } from 'react'
import { ErrorView } from '@/components/errors/error-view'

export default function ErrorBoundary({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return <ErrorView />
}
