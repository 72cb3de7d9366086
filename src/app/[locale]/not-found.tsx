import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { NotFoundView } from '@/components/errors/not-found-view'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors')
  return { title: t('notFoundTitle') }
}

export default function NotFound() {
  return <NotFoundView />
}
