import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { ErrorView } from '@/components/errors/error-view'

type ErrorPageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: ErrorPageProps): Promise<Metadata> {
  const { locale } = await params
  const t = await getTranslations({ locale, namespace: 'errors' })
  return { title: t('errorPageTitle'), robots: { index: false } }
}

export default async function ErrorPage({ params }: ErrorPageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  return <ErrorView />
}
