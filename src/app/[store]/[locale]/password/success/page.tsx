import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { AuthCard } from '@/components/account/auth-card'
import { Link } from '@/i18n/navigation'
import { storeMetadata } from '../../store-metadata'
import { storeIdOf } from '../../route-params'

type PageProps = { params: Promise<{ store: string; locale: string }> }

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { store, locale } = await params
  const t = await getTranslations({ locale, namespace: 'auth' })
  return { ...(await storeMetadata({ storeId: storeIdOf(store), locale, title: t('successTitle') })), robots: { index: false, follow: true } }
}

export default async function PasswordSuccessPage({ params }: PageProps) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'auth' })
  return (
    <AuthCard title={t('successHeading')} intro={t('successBody')}>
      <Link href="/login" className="btn btn-primary w-full sm:w-auto">
        {t('signIn')}
      </Link>
    </AuthCard>
  )
}
