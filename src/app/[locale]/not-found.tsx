import type { Metadata } from 'next'
import { useMessages } from 'next-intl'
import { NotFoundView } from '@/components/errors/not-found-view'
import messages from '../../../messages/en.json'

export const metadata: Metadata = { title: messages.errors.notFoundTitle }

export default function NotFound() {
  const { errors } = useMessages() as { errors: Record<'notFound' | 'notFoundBody' | 'backHome', string> }
  return <NotFoundView title={errors.notFound} body={errors.notFoundBody} backHome={errors.backHome} />
}
